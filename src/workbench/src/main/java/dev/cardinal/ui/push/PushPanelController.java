package dev.cardinal.ui.push;

import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.ui.common.Cells;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.projection.ServerChoice;
import dev.cardinal.ui.session.SessionState;
import dev.cardinal.ui.session.WorkspaceOpener;
import dev.cardinal.ui.session.WorkspaceSession;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.concurrent.Task;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.WindowEvent;

/**
 * The push tab: the selected layout pushed to a scratch influxd with one button, or planned and applied on a test
 * instance the form names (the password stays in the form and the client, never in the workspace), with projected
 * beside measured.
 */
public final class PushPanelController {
    private static final Logger LOG = Logger.getLogger(PushPanelController.class.getName());
    private static final PseudoClass DIFFERS = PseudoClass.getPseudoClass("differs");

    private final WorkspaceSession session;
    private final Executor executor;
    private final ScratchPush scratch = new ScratchPush();
    /** The Migrate step's window, made the first time it is opened. */
    private MigrateWindow migrate;
    /** The last plan, for Apply; dropped when the layout or the form changes, and once applied. */
    private ScratchPush.Planned planned;
    /** The session's state the shown results are of (the layout pushed, the traffic written), or null when none are shown. */
    private SessionState pushed;
    /** What the summary says when nothing was pushed. */
    private String idleSummary;
    @FXML
    private Button pushScratch;
    @FXML
    private Label pushSummary;
    @FXML
    private javafx.scene.control.ProgressBar pushProgress;
    @FXML
    private Button pushCancel;
    private dev.cardinal.ui.common.TaskProgress progress;
    @FXML
    private ChoiceBox<Target.Kind> targetKind;
    /** The last plan for an index, for Apply; dropped as {@link #planned} is. */
    private IndexPush.Planned indexPlanned;
    /** The last plan on a target the engines offer through the seam, for Apply; dropped as {@link #planned} is. */
    private SeamPush.Planned seamPlanned;
    @FXML
    private TextField targetUrl;
    @FXML
    private TextField targetDatabase;
    @FXML
    private TextField targetUser;
    @FXML
    private PasswordField targetPassword;
    @FXML
    private CheckBox targetInsecure;
    @FXML
    private CheckBox targetWriteSample;
    @FXML
    private Button planTarget;
    @FXML
    private Button migrateTarget;
    @FXML
    private Button applyTarget;
    @FXML
    private TextArea planText;
    @FXML
    private TableView<ScratchPush.Row> pushResult;
    @FXML
    private TableColumn<ScratchPush.Row, String> pushWhatColumn;
    @FXML
    private TableColumn<ScratchPush.Row, Long> pushProjectedColumn;
    @FXML
    private TableColumn<ScratchPush.Row, Long> pushMeasuredColumn;

    public PushPanelController(WorkspaceSession session, Executor executor) {
        this.session = session;
        this.executor = executor;
    }

    @FXML
    private void initialize() {
        progress = new dev.cardinal.ui.common.TaskProgress(pushProgress, pushCancel);
        // the plan takes room only when there is one: at 1280x800 the results keep their rows
        planText.visibleProperty().bind(planText.textProperty().isNotEmpty());
        planText.managedProperty().bind(planText.visibleProperty());
        pushWhatColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().what()));
        pushProjectedColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().projected()));
        pushMeasuredColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().measured()));
        pushProjectedColumn.setCellFactory(c -> Cells.count());
        pushMeasuredColumn.setCellFactory(c -> Cells.count());
        pushResult.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(ScratchPush.Row row, boolean empty) {
                super.updateItem(row, empty);
                pseudoClassStateChanged(DIFFERS, !empty && row != null && row.differs());
            }
        });
        if (!ScratchPush.available()) {
            pushScratch.setDisable(true);
            pushSummary.setText("influxd is not on the PATH: install InfluxDB 1.x (apt-get install influxdb) to push to a scratch instance.");
        }
        // the scratch server lives as long as the window
        pushResult.sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                scene.windowProperty().addListener((o2, w, win) -> {
                    if (win != null) {
                        win.addEventHandler(WindowEvent.WINDOW_HIDDEN, e -> scratch.close());
                    }
                });
            }
        });
        idleSummary = pushSummary.getText();
        initTargetForm();
    }

    private void initTargetForm() {
        targetKind.getItems().setAll(Target.Kind.INFLUXDB_1, Target.Kind.OPENSEARCH, Target.Kind.ELASTICSEARCH);
        targetKind.getItems().addAll(SeamPush.kinds());
        targetKind.setConverter(TargetDialog.PRODUCTS);
        targetKind.setValue(Target.Kind.INFLUXDB_1);
        targetKind.valueProperty().addListener((o, was, now) -> {
            boolean index = now != null && now.isDocument();
            boolean seam = SeamPush.offers(now);
            targetDatabase.setPromptText(index ? "new index" : seam ? SeamPush.database(now).orElse("none") : "database");
            targetDatabase.setDisable(seam && SeamPush.database(now).isEmpty());
            targetUrl.setPromptText(index ? "http://127.0.0.1:9200" : seam ? SeamPush.exampleUrl(now) : "http://127.0.0.1:8086");
            // an index gets the sample written: that is what there is to compare
            targetWriteSample.setDisable(index);
            targetInsecure.setDisable(index || seam);
            // a migration rewrites live data through InfluxQL: InfluxDB 1.x only
            migrateTarget.setDisable(now != Target.Kind.INFLUXDB_1);
            targetChanged();
        });
        session.history().currentProperty().addListener((o, was, ws) -> {
            forgetPlan();
            if (ws != null && targetUrl.getText().isBlank()) {
                ws.targets().stream().filter(t -> t.kind() == Target.Kind.INFLUXDB_1 || t.kind().isDocument()
                    || SeamPush.offers(t.kind())).findFirst()
                    .ifPresent(t -> {
                        targetKind.setValue(t.kind());
                        targetUrl.setText(t.url());
                        targetDatabase.setText(t.database() == null ? "" : t.database());
                    });
            }
        });
        session.selectedLayoutProperty().addListener((o, was, now) -> forgetPlan());
        session.state().stateProperty().addListener((o, was, now) -> forgetResultsUnlessOf(now));
        for (TextField f : new TextField[] {targetUrl, targetDatabase, targetUser, targetPassword}) {
            f.textProperty().addListener((o, was, now) -> targetChanged());
        }
        targetInsecure.selectedProperty().addListener((o, was, now) -> {
            targetChanged();
            targetInsecure.pseudoClassStateChanged(PseudoClass.getPseudoClass("warning"), now);
            if (now) {
                pushSummary.setText("Warning: TLS verification is off; the server's certificate is not checked.");
            }
        });
    }

    private void forgetPlan() {
        planned = null;
        indexPlanned = null;
        seamPlanned = null;
        applyTarget.setDisable(true);
        planText.clear();
    }

    /** Another instance: its plan and what another instance measured are not this one's. */
    private void targetChanged() {
        forgetPlan();
        forgetResults();
    }

    /**
     * Results of a push show only while the layout they are of is the one selected, as it was pushed, and the traffic
     * is the one that was written: projected and measured of other traffic are not this traffic's numbers.
     */
    private void forgetResultsUnlessOf(SessionState now) {
        if (pushed != null && (now.layout() == null || !now.layout().equals(pushed.layout()) || !now.sameTraffic(pushed))) {
            forgetResults();
        }
    }

    private void forgetResults() {
        if (pushSummary.textProperty().isBound()) {
            return; // a push under way: its results are of the layout it started with, and say so
        }
        pushed = null;
        pushResult.getItems().clear();
        pushSummary.setText(idleSummary);
    }

    /** Shows a push's results, of {@code layout} as it was pushed in the state {@code pushedIn}. */
    private void showResults(SessionState pushedIn, Layout layout, ScratchPush.Result r) {
        pushSummary.textProperty().unbind();
        pushed = pushedIn.withLayout(layout);
        pushSummary.setText(r.summary());
        pushResult.getItems().setAll(r.rows());
        session.showStatus("Pushed " + layout.name() + ": " + r.summary());
        forgetResultsUnlessOf(session.state().state()); // the layout or the traffic changed while it was pushed
    }

    /** The client the form describes; the password goes to the client and nowhere else. */
    private InfluxV1Client targetClient() {
        InfluxV1Client client = InfluxV1Client.of(URI.create(targetUrl.getText().strip()));
        if (!targetUser.getText().isBlank()) {
            client = client.withBasicAuth(targetUser.getText().strip(), targetPassword.getText().toCharArray());
        }
        return targetInsecure.isSelected() ? client.withoutTlsVerification() : client;
    }

    /** Reads the instance's state and shows what Apply would do; nothing changes on the server. */
    @FXML
    private void planTarget() {
        Layout layout = session.selectedLayoutProperty().get();
        Workspace ws = session.workspace();
        if (ws == null || layout == null) {
            pushSummary.setText("Open a workspace and select a layout first.");
            return;
        }
        if (SeamPush.offers(targetKind.getValue())) {
            planSeam(ws, layout);
            return;
        }
        if (targetUrl.getText().isBlank() || targetDatabase.getText().isBlank()) {
            pushSummary.setText(targetKind.getValue().isDocument() ? "Give the cluster's URL and a new index's name."
                : "Give the instance's URL and a database.");
            return;
        }
        if (targetKind.getValue().isDocument()) {
            planIndex(ws, layout);
            return;
        }
        InfluxV1Client client;
        try {
            client = targetClient();
        } catch (IllegalArgumentException e) {
            pushSummary.setText("Not a URL: " + e.getMessage());
            return;
        }
        String db = targetDatabase.getText().strip();
        planTarget.setDisable(true);
        forgetPlan();
        Tasks.<ScratchPush.Planned>create(p -> ScratchPush.plan(client, db, ws, layout))
            .onSuccess(pl -> {
                planned = pl;
                planText.setText(pl.plan().text());
                applyTarget.setDisable(false);
                pushSummary.setText("Planned " + layout.name() + " on " + pl.push().target() + (targetInsecure.isSelected()
                    ? " (warning: TLS verification is off)" : "") + ". Apply runs the steps that change nothing destructively.");
            })
            .onError(e -> {
                LOG.log(Level.WARNING, "plan failed", e);
                planText.clear();
                pushSummary.setText("Plan failed: " + e.getMessage());
            })
            .andFinally(() -> planTarget.setDisable(false))
            .runOn(executor);
    }

    /** Opens the Migrate step on the InfluxDB 1.x instance the form names. */
    @FXML
    private void openMigrate() {
        if (targetKind.getValue() != Target.Kind.INFLUXDB_1 || targetUrl.getText().isBlank() || targetDatabase.getText().isBlank()) {
            pushSummary.setText("Migrate rewrites data on InfluxDB 1.x: give the instance's URL and the database that holds the live data.");
            return;
        }
        try {
            MigrateStep.Target target = new MigrateStep.Target(targetClient(), targetDatabase.getText().strip());
            migrate = migrate != null ? migrate : new MigrateWindow(session, executor);
            migrate.show(pushResult.getScene().getWindow(), target);
        } catch (IllegalArgumentException e) {
            pushSummary.setText("Not a URL: " + e.getMessage());
        }
    }

    /** Plans the layout on a target whose engine offers its client through the seam. */
    private void planSeam(Workspace ws, Layout layout) {
        Target.Kind kind = targetKind.getValue();
        if (targetUrl.getText().isBlank() || SeamPush.database(kind).isPresent() && targetDatabase.getText().isBlank()) {
            pushSummary.setText("Give the server's URL" + SeamPush.database(kind).map(d -> " and " + d).orElse("") + ".");
            return;
        }
        String url = targetUrl.getText().strip();
        String db = targetDatabase.getText().strip();
        String user = targetUser.getText();
        char[] password = targetPassword.getText().toCharArray();
        planTarget.setDisable(true);
        forgetPlan();
        Tasks.<SeamPush.Planned>create(p -> SeamPush.plan(kind, url, db, user, password, ws, layout))
            .onSuccess(pl -> {
                seamPlanned = pl;
                planText.setText(pl.plan().text());
                applyTarget.setDisable(false);
                pushSummary.setText("Planned " + layout.name() + " on " + pl.push().target() + ". Apply runs it"
                    + (targetWriteSample.isSelected() ? ", then writes the sample and reads the numbers back." : "."));
            })
            .onError(e -> {
                LOG.log(Level.WARNING, "plan failed", e);
                pushSummary.setText("Plan failed: " + e.getMessage());
            })
            .andFinally(() -> planTarget.setDisable(false))
            .runOn(executor);
    }

    /** The total-fields limit of the index: the workspace target's at this URL, else the projection's, else the default. */
    private long indexLimit(Workspace ws) {
        String url = targetUrl.getText().strip();
        return ws.targets().stream().filter(t -> t.kind().isDocument() && t.url().equals(url)).findFirst()
            .map(ServerChoice::mappingLimit)
            .orElse(session.mappingLimitProperty().get() != null ? session.mappingLimitProperty().get()
                : dev.cardinal.projection.DocumentMapping.DEFAULT_TOTAL_FIELDS);
    }

    /** Plans writing the layout's documents to a new index of an OpenSearch or Elasticsearch cluster. */
    private void planIndex(Workspace ws, Layout layout) {
        URI url;
        try {
            url = URI.create(targetUrl.getText().strip());
            if (url.getScheme() == null || !url.getScheme().startsWith("http")
                || dev.cardinal.model.UrlCredentials.problem(url.toString()).isPresent()) {
                throw new IllegalArgumentException("expected http(s)://host:port, without credentials in it");
            }
        } catch (IllegalArgumentException e) {
            pushSummary.setText("Not a cluster URL: " + dev.cardinal.model.UrlCredentials.redacted(e.getMessage()));
            return;
        }
        String auth = targetUser.getText().isBlank() ? null
            : dev.cardinal.engine.opensearch.DocumentIndexPush.basic(targetUser.getText().strip(), targetPassword.getText().toCharArray());
        Target.Kind kind = targetKind.getValue();
        String index = targetDatabase.getText().strip();
        long limit = indexLimit(ws);
        var opened = session.openedProperty().get();
        EventKindSample sample = opened == null ? null : opened.sample().eventKind(layout.eventKind()).orElse(null);
        planTarget.setDisable(true);
        forgetPlan();
        Tasks.<IndexPush.Planned>create(p -> IndexPush.plan(url, auth, kind, index, ws, layout, limit, sample))
            .onSuccess(pl -> {
                indexPlanned = pl;
                planText.setText(pl.text());
                applyTarget.setDisable(sample == null);
                pushSummary.setText(sample == null ? "The sample has no " + layout.eventKind() + " traffic to write."
                    : "Planned " + layout.name() + " on " + pl.target() + ". Apply " + (pl.push() != null
                    ? "runs the steps that change nothing destructively, then writes the documents."
                    : "creates the index and writes the documents."));
            })
            .onError(e -> {
                LOG.log(Level.WARNING, "plan failed", e);
                planText.clear();
                pushSummary.setText("Plan failed: " + e.getMessage());
            })
            .andFinally(() -> planTarget.setDisable(false))
            .runOn(executor);
    }

    /** Applies the shown plan and, when asked, writes the sample and compares. */
    @FXML
    private void applyTarget() {
        if (indexPlanned != null) {
            applyIndex(indexPlanned);
            return;
        }
        if (seamPlanned != null) {
            SeamPush.Planned sp = seamPlanned;
            var rows = session.openedProperty().get() == null ? Optional.<EventKindSample>empty()
                : session.openedProperty().get().sample().eventKind(sp.layout().eventKind());
            if (targetWriteSample.isSelected() && rows.isEmpty()) {
                pushSummary.setText("The sample has no " + sp.layout().eventKind() + " traffic to write.");
                return;
            }
            boolean write = targetWriteSample.isSelected();
            runApply(sp.layout(), p -> SeamPush.apply(sp, rows.orElse(null), write, p));
            return;
        }
        ScratchPush.Planned pl = planned;
        if (pl == null) {
            return;
        }
        var sample = session.openedProperty().get() == null ? Optional.<EventKindSample>empty()
            : session.openedProperty().get().sample().eventKind(pl.layout().eventKind());
        boolean write = targetWriteSample.isSelected();
        if (write && sample.isEmpty()) {
            pushSummary.setText("The sample has no " + pl.layout().eventKind() + " traffic to write.");
            return;
        }
        runApply(pl.layout(), p -> ScratchPush.apply(pl, sample.orElse(null), write, p));
    }

    /** Runs an Apply in the background, its progress in the summary, its results in the table. */
    private void runApply(Layout layout, Tasks.Job<ScratchPush.Result> apply) {
        applyTarget.setDisable(true);
        pushed = null;
        pushResult.getItems().clear();
        SessionState pushedIn = session.state().state();
        Task<ScratchPush.Result> job = Tasks.create(apply)
            .onSuccess(r -> showResults(pushedIn, layout, r))
            .onError(e -> {
                LOG.log(Level.WARNING, "apply failed", e);
                pushSummary.textProperty().unbind();
                pushSummary.setText("Apply failed: " + e.getMessage());
            })
            .andFinally(() -> {
                pushSummary.textProperty().unbind();
                forgetPlan();
            })
            .runOn(executor);
        track(job);
    }

    /**
     * Shows {@code job}'s message in the summary and its progress beside it with Cancel, until it ends (an Apply or a
     * push writes a sample for seconds to minutes).
     */
    private void track(Task<?> job) {
        pushSummary.textProperty().bind(job.messageProperty());
        progress.track(job);
    }

    /** Stops the push or apply under way: what was written stays on the server, and the summary says so. */
    @FXML
    void cancelPush() {
        if (progress.cancel()) {
            pushSummary.textProperty().unbind();
            pushSummary.setText("Stopped: the server keeps what was written before Cancel; push again to compare.");
        }
    }

    private void applyIndex(IndexPush.Planned pl) {
        var opened = session.openedProperty().get();
        var sample = opened == null ? Optional.<EventKindSample>empty() : opened.sample().eventKind(pl.layout().eventKind());
        if (sample.isEmpty()) {
            pushSummary.setText("The sample has no " + pl.layout().eventKind() + " traffic to write.");
            return;
        }
        runApply(pl.layout(), p -> IndexPush.apply(pl, sample.get(), p));
    }

    /**
     * Pushes the selected layout to the scratch influxd in the background (starting it the first time) and shows
     * projected beside measured.
     */
    @FXML
    public void pushToScratch() {
        WorkspaceOpener.Opened opened = session.openedProperty().get();
        Layout layout = session.selectedLayoutProperty().get();
        if (opened == null || layout == null) {
            pushSummary.setText("Open a workspace and select a layout first.");
            return;
        }
        var sample = opened.sample().eventKind(layout.eventKind());
        if (sample.isEmpty()) {
            pushSummary.setText("The sample has no " + layout.eventKind() + " traffic to write.");
            return;
        }
        pushScratch.setDisable(true);
        pushed = null;
        pushResult.getItems().clear();
        SessionState pushedIn = session.state().state();
        Task<ScratchPush.Result> job = Tasks.<ScratchPush.Result>create(p -> scratch.push(session.workspace(), layout, sample.get(), p))
            .onSuccess(r -> showResults(pushedIn, layout, r))
            .onError(e -> {
                LOG.log(Level.WARNING, "push to the scratch influxd failed", e);
                pushSummary.textProperty().unbind();
                pushSummary.setText("Push failed: " + e.getMessage());
            })
            .andFinally(() -> {
                pushSummary.textProperty().unbind();
                pushScratch.setDisable(false);
            })
            .runOn(executor);
        track(job);
    }

}
