package dev.cardinal.ui.projection;

import dev.cardinal.model.Durations;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Quantities;
import dev.cardinal.ui.common.Cells;
import dev.cardinal.ui.session.WorkspaceSession;
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
    /** The height of a table's column headers, for tables sized to their rows. */
    private static final double HEADER_HEIGHT = 26;

    private final WorkspaceSession session;
    @FXML
    private ChoiceBox<String> horizon;
    @FXML
    private ChoiceBox<String> traffic;
    @FXML
    private ChoiceBox<ServerChoice> server;
    @FXML
    private Label projectionStatus;
    /** What the limits table shows when the server has none to check (its text set with each projection). */
    private final Label noLimits = new Label();
    @FXML
    private TableView<ProjectionRows.Row> projection;
    @FXML
    private TableColumn<ProjectionRows.Row, String> whatColumn;
    @FXML
    private TableColumn<ProjectionRows.Row, String> nowColumn;
    @FXML
    private TableColumn<ProjectionRows.Row, String> horizonColumn;
    @FXML
    private TableView<ProjectionRows.LimitRow> limits;
    @FXML
    private TableColumn<ProjectionRows.LimitRow, String> limitColumn;
    @FXML
    private TableColumn<ProjectionRows.LimitRow, String> limitHorizonColumn;
    @FXML
    private TableColumn<ProjectionRows.LimitRow, String> breaksColumn;
    @FXML
    private Label limitsTitle;
    @FXML
    private SeriesChart seriesChart;
    @FXML
    private javafx.scene.layout.VBox rerunBox;
    @FXML
    private javafx.scene.control.TextArea rerunCommand;

    public ProjectionPanelController(WorkspaceSession session) {
        this.session = session;
    }

    @FXML
    private void initialize() {
        noLimits.setWrapText(true);
        horizon.getItems().setAll(HORIZONS);
        horizon.setValue("30d");
        traffic.getItems().setAll(TRAFFIC);
        traffic.setValue("x1");
        horizon.valueProperty().addListener((o, was, now) -> applySettings());
        traffic.valueProperty().addListener((o, was, now) -> applySettings());
        offerServers(session.workspace());
        session.history().currentProperty().addListener((o, was, now) -> offerServers(now));
        // another workspace: its own first target, not the server chosen for the one before
        session.workspaceShownProperty().addListener((o, was, now) -> {
            if (!server.getItems().isEmpty()) {
                server.setValue(server.getItems().get(0));
            }
        });
        // the choice's label is short; its tooltip says it whole, then what the choice decides
        String serverTip = server.getTooltip().getText();
        server.valueProperty().addListener((o, was, now) -> {
            server.getTooltip().setText(now == null ? serverTip : now.detail() + "\n\n" + serverTip);
            applySettings();
        });
        if (server.getValue() != null) {
            server.getTooltip().setText(server.getValue().detail() + "\n\n" + serverTip);
        }
        server.getTooltip().setWrapText(true);
        server.getTooltip().setMaxWidth(460);
        applySettings(); // the first choice's settings, not the session's defaults (every product's limits)
        whatColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().what()));
        nowColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().now()));
        horizonColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().atHorizon()));
        // the name of what is counted says, on hover, what the number is; the numbers show themselves whole
        whatColumn.setCellFactory(c -> Cells.textWithTooltip(r -> r.what() + ": " + r.explain()));
        nowColumn.setCellFactory(c -> Cells.textWithTooltip());
        horizonColumn.setCellFactory(c -> Cells.textWithTooltip());
        projection.setRowFactory(t -> alarmed(ProjectionRows.Row::alarm));
        limitColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().limit()));
        limitHorizonColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().atHorizon()));
        breaksColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().breaks()));
        for (TableColumn<ProjectionRows.LimitRow, String> column : List.of(limitColumn, limitHorizonColumn, breaksColumn)) {
            column.setCellFactory(c -> Cells.textWithTooltip(ProjectionRows.LimitRow::detail));
        }
        limits.setRowFactory(t -> alarmed(ProjectionRows.LimitRow::alarm));
        LiveProjection live = session.projection();
        live.shownProperty().addListener((o, was, now) -> show());
        live.staleProperty().addListener((o, was, now) -> show());
        live.errorProperty().addListener((o, was, now) -> show());
    }

    /** A table as tall as its rows (it shrinks, with a scroll bar, when the panel has less room). */
    private static void fitToRows(TableView<?> table) {
        table.setPrefHeight(HEADER_HEIGHT + table.getFixedCellSize() * Math.max(1, table.getItems().size()) + 2);
        table.setMaxHeight(table.getPrefHeight());
    }

    /** A row marked when its number breaks a limit. */
    private static <R> TableRow<R> alarmed(java.util.function.Predicate<R> alarm) {
        return new TableRow<>() {
            @Override
            protected void updateItem(R row, boolean empty) {
                super.updateItem(row, empty);
                pseudoClassStateChanged(ALARM, !empty && row != null && alarm.test(row));
            }
        };
    }

    /** The horizon and traffic multiplier chosen ("30d", "x1"), to remember. */
    public List<String> choices() {
        return List.of(horizon.getValue(), traffic.getValue());
    }

    /** Chooses a remembered horizon and traffic multiplier; values not offered are left as they are. */
    public void choose(String h, String t) {
        if (HORIZONS.contains(h)) {
            horizon.setValue(h);
        }
        if (TRAFFIC.contains(t)) {
            traffic.setValue(t);
        }
    }

    /**
     * Offers the workspace's targets and the versions whose counting differs; the choice stays where it was when it is
     * still offered, else the first target, else no server in particular.
     */
    private void offerServers(dev.cardinal.model.Workspace ws) {
        List<ServerChoice> offered = ServerChoice.offered(ws);
        ServerChoice was = server.getValue();
        if (offered.equals(server.getItems())) {
            return;
        }
        // a target just added to this workspace is what the user wants to see projected
        List<ServerChoice> before = List.copyOf(server.getItems());
        ServerChoice added = before.isEmpty() ? null : offered.stream()
            .filter(c -> c.target() != null && !before.contains(c)).findFirst().orElse(null);
        server.getItems().setAll(offered);
        server.setValue(added != null ? added : was != null && offered.contains(was) ? was : offered.get(0));
    }

    private void applySettings() {
        if (server.getValue() == null || horizon.getValue() == null || traffic.getValue() == null) {
            return;
        }
        double x = Double.parseDouble(traffic.getValue().substring(1));
        session.changeSettings(server.getValue().settings(Durations.parse(horizon.getValue()), x), server.getValue().mappingLimit());
    }

    /** A document engine: the mapping the layout builds in an index, and when its total-fields limit refuses writes. */
    private void showMapping(Projection p, LiveProjection.Shown shown) {
        java.time.Duration h = p.settings().horizon();
        projection.getItems().setAll(MappingRows.of(shown.mapping(), h, session.strictFields(p.layout())));
        limits.getItems().setAll(MappingRows.limits(shown.mapping(), h));
        limitsTitle.setText("Index limits");
        fitToRows(projection);
        fitToRows(limits);
        nowColumn.setText(p.layout().name());
        String heading = "at " + Durations.format(h);
        horizonColumn.setText(heading);
        limitHorizonColumn.setText(heading);
        // series mean nothing to a document index: the chart of them goes
        seriesChart.show(null);
        seriesChart.setVisible(false);
        seriesChart.setManaged(false);
        projectionStatus.setText(MappingRows.status(p.eventKind(), p.layout().name(), shown.mapping(), shown.took()));
    }

    /**
     * A layout whose event kind comes from a traffic summary: the summary's numbers, labelled with where they come
     * from; or, for a layout the summary does not cover, why not and the command to rerun the job, with nothing of
     * the layout shown before left on screen.
     */
    private void showSummary(SummaryShown s, java.time.Duration took) {
        String source = "From the " + s.source() + ".";
        dev.cardinal.projection.SummaryProjection p = s.projection();
        if (p == null) {
            projection.getItems().clear();
            limits.getItems().clear();
            notChecked();
            nowColumn.setText("Sample as written");
            horizonColumn.setText("At horizon");
            limitHorizonColumn.setText("At horizon");
            seriesChart.show(null);
            // the rerun command takes the chart's room: there is no curve to draw
            seriesChart.setVisible(false);
            seriesChart.setManaged(false);
            projectionStatus.setText(s.uncovered());
            showRerun(s.rerun());
            return;
        }
        projection.getItems().setAll(ProjectionRows.of(s));
        showFigures(p);
        projectionStatus.setText(String.format(Locale.ROOT, "%s %s in layout “%s”: %s series (%d ms)%s", source, p.eventKind(),
            p.layout().name(), Quantities.count(p.series()), took.toMillis(),
            p.withheld() == null ? "" : ". Not projected beyond the traffic: " + p.withheld()));
    }

    /** The limits, headings and chart of a projection from rows or from a summary (its rows are set already). */
    private void showFigures(dev.cardinal.projection.SeriesOverTime p) {
        limits.getItems().setAll(ProjectionRows.limits(p));
        String product = ProjectionRows.commonProduct(p);
        limitsTitle.setText(product == null ? "Server limits" : "Server limits: " + product);
        noLimits.setText("None: " + p.settings().server().noLimits() + ".");
        limits.setPlaceholder(noLimits);
        fitToRows(projection);
        fitToRows(limits);
        nowColumn.setText(p.layout().name());
        horizonColumn.setText(ProjectionRows.horizonHeading(p));
        limitHorizonColumn.setText(ProjectionRows.horizonHeading(p));
        seriesChart.setVisible(true);
        seriesChart.setManaged(true);
        seriesChart.show(p);
    }

    /**
     * No figures to check the server's limits against: said as such, not as a server without limits (the placeholder
     * would otherwise keep the last projection's words).
     */
    private void notChecked() {
        ProjectionSettings s = session.settingsProperty().get();
        limitsTitle.setText("Server limits");
        noLimits.setText("Not checked: no sample traffic is projected to check " + (s == null ? "the server" : s.server().product())
            + "'s limits against.");
        limits.setPlaceholder(noLimits);
    }

    /** Shows the command that makes a summary covering the layout, or hides it (null). */
    private void showRerun(String command) {
        dev.cardinal.ui.common.RerunCommand.show(rerunBox, rerunCommand, command);
    }

    @FXML
    private void copyRerun() {
        dev.cardinal.ui.common.RerunCommand.copy(rerunCommand);
        session.showStatus("Copied the command that makes a covering traffic summary");
    }

    private void show() {
        LiveProjection live = session.projection();
        LiveProjection.Shown shown = live.shownProperty().get();
        boolean stale = live.staleProperty().get();
        projection.pseudoClassStateChanged(STALE, stale);
        limits.pseudoClassStateChanged(STALE, stale);
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
        showRerun(null);
        if (shown.summary() != null) {
            showSummary(shown.summary(), shown.took());
            return;
        }
        if (shown.projection() == null) {
            projection.getItems().clear();
            limits.getItems().clear();
            notChecked();
            nowColumn.setText("Sample as written");
            horizonColumn.setText("At horizon");
            seriesChart.show(null);
            projectionStatus.setText(shown.message());
            return;
        }
        Projection p = shown.projection();
        if (shown.mapping() != null) {
            showMapping(p, shown);
            return;
        }
        projection.getItems().setAll(ProjectionRows.of(p));
        showFigures(p);
        projectionStatus.setText(String.format(Locale.ROOT, "%s in layout “%s”: %s series, %s over the sample (%d ms)%s",
            p.eventKind(), p.layout().name(), Quantities.count(p.now().series()), p.estimate() == null ? "exact" : "estimated",
            shown.took().toMillis(), (p.withheld() == null ? "" : ". Not projected beyond the sample: " + p.withheld())
                + (shown.unchanged() == null ? "" : ". " + shown.unchanged())));
        if (p.now().points() > 0) {
            dev.cardinal.ui.Milestones.reached("first numbers shown");
        }
    }
}
