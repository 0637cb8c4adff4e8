package dev.cardinal.ui.engines;

import dev.cardinal.engine.Engine;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.ui.common.Cells;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.session.SessionState;
import dev.cardinal.ui.session.WorkspaceSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;

/**
 * One design on every engine: the selected layout counted by each engine that counts a sample of rows, side by side,
 * as {@code cardinal analyze --engines} prints it. The rows belong to the session state they were computed for: a
 * change of layout, settings or traffic marks them out of date until the new ones are in.
 */
public final class EnginesPanelController {
    private static final Logger LOG = Logger.getLogger(EnginesPanelController.class.getName());
    private final WorkspaceSession session;
    private final Executor reads;
    /** The state the rows shown were computed for, or null when none are shown. */
    private SessionState shownFor;
    @FXML
    private Label headline;
    @FXML
    private TableView<EngineRow> engines;
    /** The selected engine's pairs and churn in full, where the pane is too narrow for their columns. */
    @FXML
    private Label detail;
    @FXML
    private TableColumn<EngineRow, String> engineColumn;
    @FXML
    private TableColumn<EngineRow, String> seriesColumn;
    @FXML
    private TableColumn<EngineRow, String> horizonColumn;
    @FXML
    private TableColumn<EngineRow, String> limitColumn;
    @FXML
    private TableColumn<EngineRow, String> notesColumn;
    @FXML
    private TableColumn<EngineRow, String> pairsColumn;
    @FXML
    private TableColumn<EngineRow, String> churnColumn;

    public EnginesPanelController(WorkspaceSession session, Executor reads) {
        this.session = session;
        this.reads = reads;
    }

    @FXML
    private void initialize() {
        engineColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().engine()));
        seriesColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().now()));
        horizonColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().atHorizon()));
        limitColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().firstLimit()));
        pairsColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().topPairs()));
        churnColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().churn()));
        notesColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().notes()));
        pairsColumn.setCellFactory(c -> Cells.textWithTooltip());
        churnColumn.setCellFactory(c -> Cells.textWithTooltip());
        limitColumn.setCellFactory(c -> Cells.textWithTooltip());
        notesColumn.setCellFactory(c -> Cells.textWithTooltip());
        engines.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(EngineRow r, boolean empty) {
                super.updateItem(r, empty);
                pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("error"), !empty && r != null && r.limitCrossed());
            }
        });
        engines.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> detail.setText(detailOf(now)));
        engines.setPlaceholder(new Label("Select a layout with a sample of rows to count it on every engine."));
        session.state().stateProperty().addListener((o, was, now) -> follow(now));
        follow(session.state().state());
    }

    /** Counts the state's layout again when what the numbers depend on changed; marks the rows out of date meanwhile. */
    private void follow(SessionState state) {
        if (shownFor != null && state.layout() != null && state.sameNumbersAs(shownFor, state.layout().id())) {
            return;
        }
        Layout layout = state.layout();
        Optional<EventKindSample> rows = layout == null || state.traffic().sample() == null ? Optional.empty()
            : state.traffic().sample().eventKind(layout.eventKind());
        if (rows.isEmpty()) {
            shownFor = null;
            engines.getItems().clear();
            headline.setText(layout == null ? "Select a layout to count it on every engine."
                : "No rows of " + layout.eventKind() + " in the sample: the engines count a sample of rows (a traffic "
                    + "summary is projected in the Projection panel).");
            return;
        }
        if (!engines.getItems().isEmpty()) {
            headline.setText("Out of date: counting " + layout.name() + " again on every engine…");
        }
        Tasks.<List<EngineRow>>create(p -> count(state, rows.get()))
            .onSuccess(counted -> {
                if (session.state().state() != state) {
                    return; // a newer state is being counted
                }
                shownFor = state;
                engines.getItems().setAll(counted);
                detail.setText(detailOf(counted.stream().filter(r -> !r.churn().equals("—") && !r.churn().isEmpty())
                    .findFirst().orElse(null)));
                headline.setText("Layout " + layout.name() + " on every engine that counts a sample of rows, at the horizon of "
                    + dev.cardinal.model.Durations.format(state.horizon()) + " (as cardinal analyze --engines prints it).");
            })
            .onError(e -> {
                LOG.log(Level.WARNING, "counting layout " + layout.name() + " on the engines failed", e);
                headline.setText("Cannot count " + layout.name() + " on the engines: " + e.getMessage());
            })
            .runOn(reads);
    }

    /** The row's top pairs and churn in full, or a hint when no row is given. */
    private static String detailOf(EngineRow r) {
        return r == null ? "Select an engine to read its top pairs and churn in full."
            : r.engine() + ": top pairs " + r.topPairs() + "; churn " + r.churn();
    }

    private static List<EngineRow> count(SessionState state, EventKindSample rows) {
        List<EngineRow> out = new ArrayList<>();
        for (Engine e : Engines.all()) {
            Optional<SeriesEngine> counting = e.counting();
            if (counting.isPresent()) {
                out.add(EngineRow.of(counting.get().count(new SeriesEngine.Request(state.workspace(), rows, state.layout(),
                    state.settings(), Optional.empty()))));
            }
        }
        return out;
    }
}
