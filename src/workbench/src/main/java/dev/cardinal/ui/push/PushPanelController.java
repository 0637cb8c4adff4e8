package dev.cardinal.ui.push;

import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.ui.session.WorkspaceOpener;
import dev.cardinal.ui.session.WorkspaceSession;
import java.util.concurrent.Executor;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.WindowEvent;

/**
 * The push tab: the selected layout pushed to a scratch influxd with one button, or planned and applied on a test
 * instance the form names, with projected beside measured. The view's parts live apart: the form
 * ({@link TargetForm}), Plan and Apply ({@link TargetRuns}), and what a push shows ({@link PushResults}).
 */
public final class PushPanelController {
    private final WorkspaceSession session;
    private final Executor executor;
    private final ScratchPush scratch = new ScratchPush();
    /** The Migrate step's window, made the first time it is opened. */
    private MigrateWindow migrate;
    private PushResults results;
    private TargetForm form;
    private TargetRuns runs;
    @FXML
    private Button pushScratch;
    @FXML
    private Label pushSummary;
    @FXML
    private ProgressBar pushProgress;
    @FXML
    private Button pushCancel;
    @FXML
    private ChoiceBox<Target.Kind> targetKind;
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
    private Button applyTarget;
    @FXML
    private TextArea planText;
    @FXML
    private TableView<ComparisonRow> pushResult;
    @FXML
    private TableColumn<ComparisonRow, String> pushWhatColumn;
    @FXML
    private TableColumn<ComparisonRow, Long> pushProjectedColumn;
    @FXML
    private TableColumn<ComparisonRow, Long> pushMeasuredColumn;

    public PushPanelController(WorkspaceSession session, Executor executor) {
        this.session = session;
        this.executor = executor;
    }

    @FXML
    private void initialize() {
        if (!ScratchPush.available()) {
            pushScratch.setDisable(true);
            pushSummary.setText("influxd is not on the PATH: install InfluxDB 1.x (apt-get install influxdb) to push to a scratch instance.");
        }
        // what the summary says when nothing was pushed is what it says now
        results = new PushResults(session, executor, pushSummary, pushProgress, pushCancel, pushResult,
            new PushResults.Columns(pushWhatColumn, pushProjectedColumn, pushMeasuredColumn));
        form = new TargetForm(session, results, new TargetForm.Fields(targetKind, targetUrl, targetDatabase, targetUser,
            targetPassword, targetInsecure, targetWriteSample));
        runs = new TargetRuns(session, executor, form, results, planTarget, applyTarget, planText);
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
        // another instance: its plan and what another instance measured are not this one's
        form.start(() -> {
            runs.forget();
            results.forget();
        });
    }

    @FXML
    private void planTarget() {
        runs.plan();
    }

    @FXML
    private void applyTarget() {
        runs.apply();
    }

    @FXML
    void cancelPush() {
        results.cancel();
    }

    /** Opens the Migrate step, starting from the instance the form names (its kind, URL, database and log-in). */
    @FXML
    private void openMigrate() {
        migrate = migrate != null ? migrate : new MigrateWindow(session, executor);
        migrate.show(pushResult.getScene().getWindow(), new MigrateServer.Named(form.kind(), form.url(), form.database(), form.user(),
            form.password(), form.insecure()));
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
            results.say("Open a workspace and select a layout first.");
            return;
        }
        var sample = opened.sample().eventKind(layout.eventKind());
        if (sample.isEmpty()) {
            results.say("The sample has no " + layout.eventKind() + " traffic to write.");
            return;
        }
        pushScratch.setDisable(true);
        results.run(layout, p -> scratch.push(session.workspace(), layout, sample.get(), p), "Push failed: ",
            () -> pushScratch.setDisable(false));
    }
}
