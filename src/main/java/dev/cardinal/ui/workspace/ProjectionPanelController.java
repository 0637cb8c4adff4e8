package dev.cardinal.ui.workspace;

import dev.cardinal.model.Durations;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Quantities;
import dev.cardinal.ui.common.Cells;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;

/** The projection panel: the selected layout's numbers now and at the horizon, limits, and series over time. */
public final class ProjectionPanelController {
    /** Horizons offered. */
    static final List<String> HORIZONS = List.of("7d", "30d", "90d", "365d");
    /** Traffic multipliers offered. */
    static final List<String> TRAFFIC = List.of("x1", "x10", "x100");
    private static final PseudoClass ALARM = PseudoClass.getPseudoClass("alarm");
    private static final PseudoClass STALE = PseudoClass.getPseudoClass("stale");

    private final WorkspaceSession session;
    @FXML
    private ChoiceBox<String> horizon;
    @FXML
    private ChoiceBox<String> traffic;
    @FXML
    private Label projectionStatus;
    @FXML
    private TableView<ProjectionRows.Row> projection;
    @FXML
    private TableColumn<ProjectionRows.Row, String> whatColumn;
    @FXML
    private TableColumn<ProjectionRows.Row, String> nowColumn;
    @FXML
    private TableColumn<ProjectionRows.Row, String> horizonColumn;
    @FXML
    private SeriesChart seriesChart;

    public ProjectionPanelController(WorkspaceSession session) {
        this.session = session;
    }

    @FXML
    private void initialize() {
        horizon.getItems().setAll(HORIZONS);
        horizon.setValue("30d");
        traffic.getItems().setAll(TRAFFIC);
        traffic.setValue("x1");
        horizon.valueProperty().addListener((o, was, now) -> applySettings());
        traffic.valueProperty().addListener((o, was, now) -> applySettings());
        whatColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().what()));
        nowColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().now()));
        horizonColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().atHorizon()));
        whatColumn.setCellFactory(c -> Cells.textWithTooltip());
        nowColumn.setCellFactory(c -> Cells.textWithTooltip());
        horizonColumn.setCellFactory(c -> Cells.textWithTooltip());
        projection.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(ProjectionRows.Row row, boolean empty) {
                super.updateItem(row, empty);
                pseudoClassStateChanged(ALARM, !empty && row != null && row.alarm());
            }
        });
        LiveProjection live = session.projection();
        live.shownProperty().addListener((o, was, now) -> show());
        live.staleProperty().addListener((o, was, now) -> show());
        live.errorProperty().addListener((o, was, now) -> show());
    }

    private void applySettings() {
        double x = Double.parseDouble(traffic.getValue().substring(1));
        session.settingsProperty().set(new ProjectionSettings(Durations.parse(horizon.getValue()), x, Limit.defaults()));
    }

    private void show() {
        LiveProjection live = session.projection();
        LiveProjection.Shown shown = live.shownProperty().get();
        boolean stale = live.staleProperty().get();
        projection.pseudoClassStateChanged(STALE, stale);
        seriesChart.pseudoClassStateChanged(STALE, stale);
        if (stale) {
            projectionStatus.setText("Recomputing…");
            return;
        }
        if (live.errorProperty().get() != null) {
            projectionStatus.setText(live.errorProperty().get());
            return;
        }
        if (shown == null) {
            return;
        }
        if (shown.projection() == null) {
            projection.getItems().clear();
            seriesChart.show(null);
            projectionStatus.setText(shown.message());
            return;
        }
        Projection p = shown.projection();
        projection.getItems().setAll(ProjectionRows.of(p));
        seriesChart.show(p);
        projectionStatus.setText(String.format(Locale.ROOT, "%s in layout “%s”: %s series, %s over the sample (%d ms)",
            p.eventKind(), p.layout().name(), Quantities.count(p.now().series()), p.estimate() == null ? "exact" : "estimated",
            shown.took().toMillis()));
    }
}
