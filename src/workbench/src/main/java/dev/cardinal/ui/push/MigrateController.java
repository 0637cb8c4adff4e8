package dev.cardinal.ui.push;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Credentials;
import dev.cardinal.engine.MigrationCost;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.Sample;
import dev.cardinal.ui.common.TaskProgress;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.session.WorkspaceSession;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.concurrent.Task;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.util.StringConverter;

/**
 * The Migrate step: data a live layout wrote on a server (InfluxDB 1.x, 2.x, 3, or the rollup tables on MariaDB and
 * PostgreSQL: every kind an engine migrates on, through the seam), rewritten into another layout. It starts from the
 * instance the Push tab names. Cost and Plan is the dry run; Run runs (or resumes) it with progress and Cancel; the old
 * data is dropped only where the engine offers it, after a finished run, and only when its exact name is typed. Every
 * request runs on the network lane.
 */
public final class MigrateController {
    private static final Logger LOG = Logger.getLogger(MigrateController.class.getName());

    private final WorkspaceSession session;
    private final Executor executor;
    private MigrateServer server;
    /** The plan and cost shown, for Run; null when none is (or the layouts it was of changed). */
    private MigrateStep.Surveyed surveyed;
    /** The last finished run of {@link #surveyed}, for the drop; null when none. */
    private MigrateStep.Ran ran;
    private TaskProgress progress;
    private boolean busy;
    @FXML
    private Label migrateServer;
    @FXML
    private ChoiceBox<Target.Kind> migrateKind;
    @FXML
    private TextField migrateUrl;
    @FXML
    private TextField migrateDatabase;
    @FXML
    private TextField migrateOrg;
    @FXML
    private TextField migrateUser;
    @FXML
    private PasswordField migrateSecret;
    @FXML
    private ChoiceBox<String> migrateFrom;
    @FXML
    private ChoiceBox<String> migrateTo;
    @FXML
    private TextField migrateInto;
    @FXML
    private Button migrateSurvey;
    @FXML
    private Button migrateRun;
    @FXML
    private ProgressBar migrateProgress;
    @FXML
    private Button migrateCancel;
    @FXML
    private Label migrateStatus;
    @FXML
    private TableView<MigrationCost.Row> migrateCost;
    @FXML
    private TableColumn<MigrationCost.Row, String> costWhatColumn;
    @FXML
    private TableColumn<MigrationCost.Row, String> costValueColumn;
    @FXML
    private TextArea migratePlan;
    @FXML
    private Label migrateDropHint;
    @FXML
    private TextField migrateDropName;
    @FXML
    private Button migrateDrop;

    public MigrateController(WorkspaceSession session, Executor executor) {
        this.session = session;
        this.executor = executor;
    }

    @FXML
    private void initialize() {
        progress = new TaskProgress(migrateProgress, migrateCancel);
        server = new MigrateServer(new MigrateServer.Fields(migrateKind, migrateUrl, migrateDatabase, migrateOrg, migrateUser,
            migrateSecret), this::serverChanged);
        costWhatColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().what()));
        costValueColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().value()));
        StringConverter<String> names = new StringConverter<>() {
            @Override
            public String toString(String id) {
                Workspace ws = session.workspace();
                return id == null || ws == null ? "" : ws.layout(id).map(Layout::name).orElse(id);
            }

            @Override
            public String fromString(String s) {
                return null;
            }
        };
        migrateFrom.setConverter(names);
        migrateTo.setConverter(names);
        session.history().currentProperty().addListener((o, was, ws) -> layoutsChanged(ws));
        layoutsChanged(session.workspace());
        migrateFrom.valueProperty().addListener((o, was, now) -> choiceChanged());
        migrateTo.valueProperty().addListener((o, was, now) -> choiceChanged());
        migrateInto.textProperty().addListener((o, was, now) -> choiceChanged());
        migrateDropName.textProperty().addListener((o, was, now) -> updateDrop());
        migrateStatus.setText("Cost and Plan is a dry run: it writes nothing but a probe, which it removes again.");
        serverChanged();
    }

    /** The instance the Push tab names; false (and nothing changes) while a job runs on the one before. */
    boolean target(MigrateServer.Named next) {
        if (busy) {
            Arrays.fill(next.secret(), '\0');
            migrateStatus.setText("A migration is under way on " + UrlCredentials.redacted(server.text())
                + ": Cancel it before migrating elsewhere.");
            return false;
        }
        server.fill(next);
        return true;
    }

    /** Another instance: a plan of the one before is not this one's. */
    private void serverChanged() {
        migrateServer.setText("Migrate live data on " + UrlCredentials.redacted(server.text()));
        migrateInto.setDisable(busy || server.kind() == null || !server.offers().into());
        if (!busy) {
            forget("");
            choiceChanged();
        }
    }

    /** The choices follow the workspace; a shown plan of layouts that changed since is dropped, and said so. */
    private void layoutsChanged(Workspace ws) {
        String from = migrateFrom.getValue();
        String to = migrateTo.getValue();
        List<String> ids = ws == null ? List.of() : ws.layouts().stream().map(Layout::id).toList();
        migrateFrom.getItems().setAll(ids);
        migrateTo.getItems().setAll(ids);
        migrateFrom.setValue(ids.contains(from) ? from : null);
        migrateTo.setValue(ids.contains(to) ? to : null);
        if (surveyed != null && !busy && (ws == null || !ws.layout(surveyed.from().id()).equals(java.util.Optional.of(surveyed.from()))
            || !ws.layout(surveyed.to().id()).equals(java.util.Optional.of(surveyed.to())))) {
            forget("The layouts changed since the plan: Cost and Plan again.");
        }
    }

    /** Chooses the selected layout as the new one and another of its event kind as the live one, when none are chosen. */
    void chooseDefaults() {
        Workspace ws = session.workspace();
        Layout selected = session.selectedLayoutProperty().get();
        if (ws == null || selected == null || migrateTo.getValue() != null) {
            return;
        }
        Layout other = ws.layouts().stream().filter(l -> l.eventKind().equals(selected.eventKind()) && !l.id().equals(selected.id()))
            .findFirst().orElse(null);
        // the selected layout is the new one, unless only the other way can migrate (the selected one is the live,
        // ids-as-tags layout a user opens the step from)
        boolean reverse = other != null && !canMigrate(other, selected) && canMigrate(selected, other);
        migrateTo.setValue(reverse ? other.id() : selected.id());
        if (other != null) {
            migrateFrom.setValue(reverse ? selected.id() : other.id());
        }
    }

    private boolean canMigrate(Layout from, Layout to) {
        try {
            intoOf(from, to);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The copy's default name on the chosen kind of server, asking the engine about the layouts alone (a stand-in
     * server of that kind: nothing is sent).
     *
     * @throws IllegalArgumentException what the engine cannot migrate, with the reason
     */
    private String intoOf(Layout from, Layout to) {
        Target.Kind kind = server.kind() != null ? server.kind() : Target.Kind.INFLUXDB_1;
        boolean sql = kind == Target.Kind.MARIADB || kind == Target.Kind.POSTGRESQL;
        Connection standIn = new Connection(kind, java.net.URI.create(sql ? "jdbc:mariadb://127.0.0.1/db" : "http://127.0.0.1"), "db",
            java.time.Duration.ofSeconds(1), Credentials.token("-".toCharArray()))
            .withOrganisation(Engines.migrating(kind).orElseThrow().offers().logins().organisation() ? "org" : null);
        try (var m = MigrateStep.open(new MigrateStep.Target(standIn), session.workspace(), null, from, to, null, Path.of("-"))) {
            return m.into();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void choiceChanged() {
        if (!busy && surveyed != null) {
            forget("The choice changed: Cost and Plan again.");
        }
        Workspace ws = session.workspace();
        migrateInto.setPromptText("");
        String cannot = null;
        if (ws != null && server.kind() != null && migrateFrom.getValue() != null && migrateTo.getValue() != null) {
            try {
                migrateInto.setPromptText(intoOf(ws.layout(migrateFrom.getValue()).orElseThrow(), ws.layout(migrateTo.getValue()).orElseThrow()));
            } catch (IllegalArgumentException e) {
                // said where it wraps in full (a field's prompt cuts it off), and gone once the choice can migrate
                cannot = CANNOT + migrateFrom.getValue() + " → " + migrateTo.getValue() + ": " + e.getMessage();
            }
        }
        if (cannot != null) {
            migrateStatus.setText(cannot);
        } else if (migrateStatus.getText() != null && migrateStatus.getText().startsWith(CANNOT)) {
            migrateStatus.setText("");
        }
    }

    private static final String CANNOT = "Cannot migrate ";

    private void forget(String why) {
        surveyed = null;
        ran = null;
        migrateCost.getItems().clear();
        migratePlan.clear();
        migrateRun.setText("Run Migration");
        migrateRun.setDisable(true);
        if (!why.isEmpty()) {
            migrateStatus.setText(why);
        }
        updateDrop();
    }

    private void updateDrop() {
        boolean can = ran != null && ran.of().canDropOld();
        migrateDropHint.setText(surveyed == null ? "Drop the old data: after a finished run, type its name"
            : !surveyed.canDropOld() ? "The old data stays: " + surveyed.migration().whyNoDrop().orElse("this engine keeps it")
            : ran == null ? "Drop " + surveyed.migration().old() + ": after a finished run, type its name"
            : "Drop " + surveyed.migration().old() + ": type its name");
        migrateDrop.setDisable(busy || !can || !List.of(ran.of().migration().old().split(", ")).contains(migrateDropName.getText()));
    }

    @FXML
    private void survey() {
        Workspace ws = session.workspace();
        Path file = session.file();
        String why = server.missing() != null ? server.missing()
            : ws == null ? "Open a workspace first."
            : migrateFrom.getValue() == null || migrateTo.getValue() == null ? "Choose the live layout and the new one."
            : migrateFrom.getValue().equals(migrateTo.getValue()) ? "The live layout and the new one are the same layout."
            : file == null ? "Save the workspace first: the migration's progress is kept beside it, so a stopped run resumes."
            : null;
        if (why != null) {
            migrateStatus.setText(why);
            return;
        }
        Layout from = ws.layout(migrateFrom.getValue()).orElseThrow();
        Layout to = ws.layout(migrateTo.getValue()).orElseThrow();
        String into = migrateInto.getText().isBlank() ? null : migrateInto.getText().strip();
        var opened = session.openedProperty().get();
        Sample sample = opened == null ? null : opened.sample();
        MigrateStep.Target on;
        try {
            on = server.target();
        } catch (IllegalArgumentException e) {
            migrateStatus.setText("Not a server to migrate on: " + UrlCredentials.redacted(e.getMessage()));
            return;
        }
        forget("");
        start(Tasks.<MigrateStep.Surveyed>create(p -> MigrateStep.survey(on, ws, sample, from, to, into, MigrateStep.stateFile(file, from, to), p))
            .onSuccess(this::show)
            .onError(e -> failed("Cost and Plan", e)));
    }

    private void show(MigrateStep.Surveyed s) {
        surveyed = s;
        migrateCost.getItems().setAll(s.survey().cost());
        migratePlan.setText(s.planText());
        migrateRun.setText(s.windowsDone() > 0 ? "Resume (" + s.windowsDone() + " of " + s.windows() + " windows done)" : "Run Migration");
        migrateRun.setDisable(s.windows() == 0);
        migrateStatus.setText(s.windows() == 0 ? "The old data holds no window to rewrite: nothing to migrate."
            : "Dry run done: " + s.survey().dryRun() + ". Run rewrites " + s.windows() + " window(s) into "
            + s.migration().into() + "; the old data stays.");
        updateDrop();
    }

    @FXML
    private void run() {
        MigrateStep.Surveyed s = surveyed;
        if (s == null) {
            return;
        }
        ran = null;
        start(Tasks.<MigrateStep.Ran>create(p -> MigrateStep.run(s, p))
            .onSuccess(r -> {
                ran = r;
                // a window still open when the run began is not recorded: running again carries what arrived since
                migrateRun.setText("Run Again");
                migrateStatus.setText(r.summary());
                session.showStatus("Migrated " + s.migration().old() + " into " + s.migration().into());
            })
            .onError(e -> failed("The migration", e)));
    }

    @FXML
    private void cancel() {
        MigrateStep.Surveyed s = surveyed;
        if (progress.cancel()) {
            migrateStatus.setText(s == null ? "Stopped." : "Stopped: every window checked so far is recorded in " + s.stateFile().getFileName()
                + "; Cost and Plan, then Resume, goes on from the first window not recorded.");
        }
    }

    @FXML
    private void dropOld() {
        MigrateStep.Ran r = ran;
        String typed = migrateDropName.getText();
        if (r == null) {
            return;
        }
        start(Tasks.<String>create(p -> {
            p.update(-1, "Dropping " + typed + "…");
            return MigrateStep.dropOld(r, typed);
        })
            .onSuccess(text -> {
                migrateDropName.clear();
                forget(text); // the plan read the measurement just dropped
            })
            .onError(e -> failed("The drop", e)));
    }

    private void failed(String what, Throwable e) {
        LOG.log(Level.WARNING, what + " failed", e);
        migrateStatus.setText(what + " failed: " + Objects.requireNonNullElse(e.getMessage(), e.getClass().getSimpleName()));
    }

    /** Runs a job of the step: its message in the status line, its progress beside it with Cancel. */
    private <T> void start(Tasks.Builder<T> job) {
        busy = true;
        setControlsDisabled(true);
        Task<T> task = job.andFinally(() -> {
            busy = false;
            setControlsDisabled(false);
        }).runOn(executor);
        // followed, not bound: the job's handlers say how it ended in the same line
        task.messageProperty().addListener((o, was, now) -> {
            if (task.isRunning()) {
                migrateStatus.setText(now);
            }
        });
        progress.track(task);
    }

    private void setControlsDisabled(boolean disabled) {
        for (var n : List.of(migrateSurvey, migrateFrom, migrateTo, migrateDropName)) {
            n.setDisable(disabled);
        }
        server.setDisable(disabled);
        migrateInto.setDisable(disabled || server.kind() == null || !server.offers().into());
        migrateRun.setDisable(disabled || surveyed == null || surveyed.windows() == 0);
        updateDrop();
    }
}
