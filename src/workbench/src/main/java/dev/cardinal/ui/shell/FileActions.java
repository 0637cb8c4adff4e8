package dev.cardinal.ui.shell;

import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.SampleProfile;
import dev.cardinal.traffic.SchemaInference;
import dev.cardinal.traffic.synthetic.ProfileWriter;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import dev.cardinal.ui.common.Dialogs;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.projection.LiveProjection;
import dev.cardinal.ui.session.WorkspaceSession;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.FileChooser;

/**
 * The File menu's work: new, open (a file, a recent one, a sample scenario, files dropped on the window), save and
 * save as, adding and synthesizing traffic, and what happens to unsaved edits before anything would lose them. Reading
 * happens in the background ({@link SampleReads}); file choosers and questions belong to the window of {@code owner}.
 */
final class FileActions {
    private static final Logger LOG = Logger.getLogger(FileActions.class.getName());

    private final WorkspaceSession session;
    private final Executor executor;
    private final Recovery recovery;
    private final SampleReads reads;
    private final RecoveryBarController recoveryBar;
    private final Node owner;
    private final Consumer<Recovery.Recent> recentChanged;

    /**
     * @param owner         a node of the window the dialogs belong to
     * @param recentChanged gets the recent workspaces, newest first, each time they change
     */
    FileActions(WorkspaceSession session, Executor executor, Recovery recovery, SampleReads reads, RecoveryBarController recoveryBar,
                Node owner, Consumer<Recovery.Recent> recentChanged) {
        this.session = session;
        this.executor = executor;
        this.recovery = recovery;
        this.reads = reads;
        this.recoveryBar = recoveryBar;
        this.owner = owner;
        this.recentChanged = recentChanged;
    }

    /**
     * Opens a sample scenario: written once into the workbench's own folder (deterministic traffic, the same as
     * sample-data/), then opened like any workspace.
     */
    void openScenario(String name) {
        Path samples = recovery.home().resolve("samples");
        Path dir = samples.resolve(name);
        Tasks.<ScenarioCopy>create(p -> ScenarioCopy.find(name, dir))
            .onSuccess(copy -> {
                // an edited copy is the user's work: open it, or the original beside it, never one for the other unasked
                if (!copy.edited() || Dialogs.confirm(owner, "Sample scenario " + name, "You have edited your copy of " + name,
                    "Your copy is kept in " + dir + ". Open it, or a fresh copy of the original in a folder beside it?",
                    "Open My Copy", "Open the Original")) {
                    open(copy.file());
                } else {
                    openOriginal(name, samples);
                }
            })
            .onError(e -> {
                LOG.log(Level.WARNING, "cannot write the sample scenario " + name, e);
                session.showFailure("Cannot open the sample scenario " + name + ": " + e.getMessage(), List.of());
            })
            .runOn(executor);
    }

    /** A fresh copy of the scenario {@code name} in a folder of its own beside the user's, opened. */
    private void openOriginal(String name, Path samples) {
        Tasks.<Path>create(p -> {
            Path dir = samples.resolve(name + "-original");
            for (int n = 2; java.nio.file.Files.exists(dir); n++) {
                dir = samples.resolve(name + "-original-" + n);
            }
            return dev.cardinal.traffic.scenarios.Scenarios.write(name, dir);
        })
            .onSuccess(this::open)
            .onError(e -> {
                LOG.log(Level.WARNING, "cannot write the sample scenario " + name, e);
                session.showFailure("Cannot open the sample scenario " + name + ": " + e.getMessage(), List.of());
            })
            .runOn(executor);
    }


    /** Reads the recent files in the background and hands them to the menu and the start page. */
    void refreshRecent() {
        Tasks.<Recovery.Recent>create(p -> recovery.recentWithCopies())
            .onSuccess(files -> {
                recentChanged.accept(files);
            })
            .onError(e -> LOG.log(Level.WARNING, "cannot read the recent files", e))
            .runOn(executor);
    }


    /** File > Save: written in the background (the window goes on); Save As when the workspace has no file yet. */
    void save() {
        if (session.file() == null) {
            saveAs();
            return;
        }
        saveInBackground(session.file(), false);
    }

    /**
     * Writes the workspace to {@code target} on the files lane; the window follows when it is written.
     *
     * @param remember whether the target joins the recent files (a file chosen in Save As)
     */
    private void saveInBackground(Path target, boolean remember) {
        saveInBackground(target, remember, () -> { });
    }

    /** As {@link #saveInBackground(Path, boolean)}, then {@code then} once it is written (not when it failed). */
    private void saveInBackground(Path target, boolean remember, Runnable then) {
        dev.cardinal.ui.session.Saving saving = session.saving(target);
        Tasks.<dev.cardinal.ui.session.Saving>create(p -> {
            saving.write();
            return saving;
        })
            .onSuccess(s -> {
                session.saved(s);
                recoveryBar.discard(target);
                if (remember) {
                    rememberRecent(target);
                }
                then.run();
            })
            .onError(e -> {
                LOG.log(Level.WARNING, "cannot save " + target, e);
                session.showFailure("Cannot save " + target.getFileName() + ": " + e.getMessage(), List.of());
            })
            .runOn(executor);
    }

    private void rememberRecent(Path target) {
        executor.execute(() -> {
            try {
                recovery.remember(target);
            } catch (IOException e) {
                LOG.log(Level.WARNING, "cannot update the recent files", e);
            }
        });
    }


    void newWorkspace() {
        confirmDiscard(session::newWorkspace);
    }


    void saveAs() {
        saveTarget().ifPresent(target -> saveInBackground(target, true));
    }

    /** Where the user says to save the workspace (a chooser), or empty when none is open or the chooser is cancelled. */
    private java.util.Optional<Path> saveTarget() {
        if (session.workspace() == null) {
            return java.util.Optional.empty();
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save workspace as");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Cardinal workspace", "*.cardinal.json"));
        if (session.file() != null) {
            chooser.setInitialDirectory(session.folder());
            chooser.setInitialFileName(session.file().getFileName().toString());
        }
        File f = chooser.showSaveDialog(owner.getScene().getWindow());
        if (f == null) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(f.getName().endsWith(WorkspaceFiles.EXTENSION) ? f.toPath()
            : f.toPath().resolveSibling(f.getName() + WorkspaceFiles.EXTENSION));
    }


    /**
     * Asks what to do with unsaved edits before they would be lost: save them, discard them, or cancel. Saving runs on
     * the files lane like File > Save (the window goes on meanwhile); what was asked for goes on once it is written.
     *
     * @param proceed what would lose the edits: run at once when there are none, after the save or the discard, and
     *                never when the user cancels or the save fails (the failure is shown)
     */
    public void confirmDiscard(Runnable proceed) {
        if (!session.history().isDirty()) {
            proceed.run();
            return;
        }
        ButtonType saveButton = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Discard Changes", ButtonBar.ButtonData.NO);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, "The workspace has unsaved changes.", saveButton, discard, ButtonType.CANCEL);
        alert.setHeaderText("Save changes to " + (session.file() == null ? "the new workspace" : session.file().getFileName()) + "?");
        alert.initOwner(owner.getScene().getWindow());
        dev.cardinal.ui.common.Dialogs.theme(alert.getDialogPane(), owner.getScene().getWindow());
        ButtonType answer = alert.showAndWait().orElse(ButtonType.CANCEL);
        if (answer == saveButton) {
            boolean chosen = session.file() == null;
            (chosen ? saveTarget() : java.util.Optional.of(session.file()))
                .ifPresent(target -> saveInBackground(target, chosen, proceed));
        } else if (answer == discard) {
            recoveryBar.discard(session.file());
            proceed.run();
        }
    }


    /** Opens a workspace in the background; the window stays responsive and the read can be cancelled. */
    public void open(Path file) {
        confirmDiscard(() -> reads.open(file, opened -> recoveryBar.opened(opened, this::refreshRecent)));
    }


    void addSampleFiles() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Add sample traffic");
        chooser.getExtensionFilters().addAll(
            new FileChooser.ExtensionFilter("Traffic (line protocol, CSV, NDJSON, Prometheus scrapes, gzipped)", "*.lp", "*.txt",
                "*.csv", "*.ndjson", "*.jsonl", "*.prom", "*.openmetrics", "*.gz"),
            new FileChooser.ExtensionFilter("Traffic summaries (*.summary.json)", "*" + dev.cardinal.traffic.TrafficSummary.EXTENSION),
            new FileChooser.ExtensionFilter("All files", "*"));
        chooser.setInitialDirectory(session.folder());
        List<File> files = chooser.showOpenMultipleDialog(owner.getScene().getWindow());
        if (files != null) {
            reads.addSamples(files.stream().map(File::toPath).toList());
        }
    }


    /**
     * Traffic that does not exist yet: a profile to type (like the shown sample when there is one, else an example),
     * then where to write the traffic; it is added as a sample, with the profile saved beside it.
     */
    void synthesizeTraffic() {
        LiveProjection.Shown shown = session.projection().shownProperty().get();
        TrafficProfile start = shown != null && shown.projection() != null
            ? SampleProfile.of(shown.projection(), java.time.Duration.ofDays(30), 1) : SampleReads.exampleProfile();
        ProfileDialog.ask(owner, ProfileWriter.toJson(start)).ifPresent(typed -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Write the synthetic traffic");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Line protocol, gzipped", "*.lp.gz"));
            chooser.setInitialFileName(SchemaInference.slug(typed.profile().eventKind()) + "-synthetic.lp.gz");
            chooser.setInitialDirectory(session.folder());
            File f = chooser.showSaveDialog(owner.getScene().getWindow());
            if (f != null) {
                reads.synthesize(typed.profile(), typed.json(), f.toPath());
            }
        });
    }


    /** Files dropped on the window: a workspace is opened, traffic files are added. */
    void installDrop(javafx.scene.Scene scene) {
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(javafx.scene.input.TransferMode.COPY);
            }
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            List<Path> files = e.getDragboard().hasFiles() ? e.getDragboard().getFiles().stream().map(File::toPath).toList() : List.of();
            List<Path> workspaces = files.stream().filter(f -> f.getFileName().toString().endsWith(WorkspaceFiles.EXTENSION)).toList();
            e.setDropCompleted(!files.isEmpty());
            e.consume();
            if (!workspaces.isEmpty()) {
                open(workspaces.get(0));
            } else {
                reads.addSamples(files);
            }
        });
    }


    void openWorkspace() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open workspace");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Cardinal workspace", "*.cardinal.json"));
        File f = chooser.showOpenDialog(owner.getScene().getWindow());
        if (f != null) {
            open(f.toPath());
        }
    }


    /**
     * The window is asked to close: unsaved edits are saved or discarded first (or the close is cancelled). A window
     * that closes leaves no recovery copy behind, so the next start offers none.
     *
     * @param close closes the window; run once the edits are saved or discarded, never when the user cancelled
     */
    public void requestClose(Runnable close) {
        confirmDiscard(() -> {
            recoveryBar.closing(session.file());
            close.run();
        });
    }


    Path chooseExport(String title, String kind, String pattern, String extension) {
        if (session.workspace() == null) {
            return null;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        if (session.file() != null) {
            chooser.setInitialDirectory(session.folder());
            chooser.setInitialFileName(session.file().getFileName().toString().replace(WorkspaceFiles.EXTENSION, "") + extension);
        }
        File f = chooser.showSaveDialog(owner.getScene().getWindow());
        return f == null ? null : f.getName().endsWith(extension) ? f.toPath() : f.toPath().resolveSibling(f.getName() + extension);
    }
}
