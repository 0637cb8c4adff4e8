package dev.cardinal.ui.findings;

import dev.cardinal.lint.Finding;
import dev.cardinal.ui.common.Cells;
import dev.cardinal.ui.projection.LiveProjection;
import dev.cardinal.ui.projection.UncheckedRules;
import dev.cardinal.ui.session.WorkspaceSession;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;

/** The findings of the selected layout, with their evidence and Apply Fix; selecting one points at its subject. */
public final class FindingsPanelController {
    private final WorkspaceSession session;
    @FXML
    private Button applyFix;
    @FXML
    private Label findingDetail;
    @FXML
    private TableView<Finding> findings;
    /** What the rules could not check from a traffic summary; hidden over rows. */
    @FXML
    private Label notChecked;
    @FXML
    private TableColumn<Finding, String> severityColumn;
    @FXML
    private TableColumn<Finding, String> subjectColumn;
    @FXML
    private TableColumn<Finding, String> messageColumn;
    @FXML
    private TableColumn<Finding, String> fixColumn;

    public FindingsPanelController(WorkspaceSession session) {
        this.session = session;
    }

    @FXML
    private void initialize() {
        severityColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().severity().name().toLowerCase(Locale.ROOT)));
        subjectColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().subject()));
        messageColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().message()));
        fixColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().fix().title()));
        subjectColumn.setCellFactory(c -> Cells.textWithTooltip());
        messageColumn.setCellFactory(c -> Cells.textWithTooltip());
        fixColumn.setCellFactory(c -> Cells.textWithTooltip());
        findings.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(Finding f, boolean empty) {
                super.updateItem(f, empty);
                Cells.markSeverity(this, empty ? null : f);
            }
        });
        session.projection().findingsProperty().addListener((o, was, now) -> findings.getItems().setAll(now));
        Label noFindings = new Label("No findings for this layout.");
        findings.setPlaceholder(noFindings);
        session.projection().shownProperty().addListener((o, was, now) -> noFindings.setText(
            now != null && now.summary() != null && now.summary().projection() == null
                ? "No rule checked: " + now.summary().file() + " does not cover this layout (see Projection)."
                : "No findings for this layout."));
        session.projection().notCheckedProperty().addListener((o, was, now) -> {
            // one line of rule names; why each could not check, on hover
            notChecked.setText(UncheckedRules.line(now));
            notChecked.setTooltip(now.isEmpty() ? null : new javafx.scene.control.Tooltip(String.join("\n", now)));
            notChecked.setVisible(!now.isEmpty());
            notChecked.setManaged(!now.isEmpty());
        });
        findings.getSelectionModel().selectedItemProperty().addListener((o, was, f) -> select(f));
    }

    private void select(Finding f) {
        applyFix.setDisable(f == null || !f.fix().applicable());
        if (f == null) {
            findingDetail.setText("Select a finding to see its evidence.");
            return;
        }
        StringBuilder text = new StringBuilder(f.rule()).append(": ");
        f.evidence().forEach(e -> text.append(e.label()).append(" = ").append(e.value()).append("; "));
        text.append(f.fix().applicable() ? "fix: " : "advice: ").append(f.fix().title());
        findingDetail.setText(text.toString());
        session.focusAttribute(f.subject());
    }

    /** The series shown, from rows or from a traffic summary; -1 when none are. */
    private static long series(LiveProjection.Shown shown) {
        return shown != null && shown.figures() instanceof dev.cardinal.projection.SeriesOverTime s ? s.seriesNow() : -1;
    }

    @FXML
    private void applyFix() {
        Finding f = findings.getSelectionModel().getSelectedItem();
        if (f == null) {
            return;
        }
        LiveProjection.Shown before = session.projection().shownProperty().get();
        if (!session.applyFix(f)) {
            return;
        }
        // once the fixed layout is projected, the status bar says what the fix did to the numbers
        long seriesBefore = series(before);
        javafx.beans.value.ChangeListener<Boolean> told = new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Boolean> o, Boolean was, Boolean stale) {
                if (stale) {
                    return;
                }
                o.removeListener(this);
                long seriesAfter = series(session.projection().shownProperty().get());
                session.showStatus(seriesAfter < 0 || seriesBefore < 0 ? "Applied: " + f.fix().title()
                    : String.format(java.util.Locale.ROOT, "Applied: %s — series %,d → %,d", f.fix().title(), seriesBefore,
                    seriesAfter));
            }
        };
        session.projection().staleProperty().addListener(told);
    }
}
