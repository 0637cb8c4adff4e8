package dev.cardinal.ui.shell;

import dev.cardinal.lineprotocol.SyntheticLineProtocol;
import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.OutsideSample;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.model.WorkspaceFormatException;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SchemaInference;
import dev.cardinal.traffic.synthetic.AttributeProfile;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import dev.cardinal.ui.common.Dialogs;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.session.EarlyRead;
import dev.cardinal.ui.session.WorkspaceOpener;
import dev.cardinal.ui.session.WorkspaceSession;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.concurrent.Task;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;

/**
 * Reading traffic in the background, one read at a time, with its progress and a Cancel button in the status bar:
 * opening a workspace, adding sample files, writing synthetic traffic from a profile. The window stays responsive;
 * what fails is shown in it with the reason.
 */
final class SampleReads {
    private static final Logger LOG = Logger.getLogger(SampleReads.class.getName());

    private final WorkspaceSession session;
    private final Executor executor;
    private final Label status;
    private final ProgressBar progress;
    private final Button cancel;
    private final Runnable showProblems;
    private Task<?> running;
    /** The workspace file being opened, until its layouts are shown or it cannot be: no start page meanwhile. */
    private final javafx.beans.property.ReadOnlyObjectWrapper<Path> opening = new javafx.beans.property.ReadOnlyObjectWrapper<>();

    /**
     * @param showProblems brings the problems list forward after traffic was added (its bad lines are there)
     */
    SampleReads(WorkspaceSession session, Executor executor, Label status, ProgressBar progress, Button cancel, Runnable showProblems) {
        this.session = session;
        this.executor = executor;
        this.status = status;
        this.progress = progress;
        this.cancel = cancel;
        this.showProblems = showProblems;
    }

    /**
     * Opens a workspace (without asking about unsaved edits: the caller has); {@code then} follows once it is shown.
     * Samples the workspace binds from outside its folder are read only if the user says yes, asked before any
     * traffic is read, so that the traffic is read once either way.
     */
    void open(Path file, Consumer<WorkspaceOpener.Loading> then) {
        Optional<EarlyRead> early = EarlyRead.take(file);
        opening.set(file);
        Tasks.<WorkspaceOpener.Loading>create(p -> early.isPresent() ? early.get().loading() : WorkspaceOpener.load(file, false))
            .andFinally(() -> opening.set(null))
            .onSuccess(loaded -> {
                WorkspaceOpener.Loading loading = !loaded.unread().isEmpty() && readOutside(file, loaded.unread())
                    ? new WorkspaceOpener.Loading(file, loaded.workspace(), loaded.warnings(), List.of()) : loaded;
                // the layouts at once; the numbers when the traffic is read (issue 34: the window was blank for the read)
                session.showReading(loading);
                dev.cardinal.ui.Milestones.reached("workspace's layouts shown");
                then.accept(loading);
                this.<WorkspaceOpener.Opened>readWith(monitor -> loading.opened(sampleOf(loading, early, monitor), session.summaries()),
                    session::sampleRead, b -> b.onError(e -> {
                        LOG.log(Level.WARNING, "cannot read the traffic of " + file, e);
                        String why = "Cannot read the traffic of " + file.getFileName() + ": " + e.getMessage();
                        session.sampleNotRead(loading, why);
                        session.showFailure(why, List.of());
                    }));
            })
            .onError(WorkspaceFormatException.class, e -> badFile(file, e))
            .onError(e -> openFailed(file, e))
            .runOn(executor);
    }

    /** The workspace file being opened, until its layouts are shown or it cannot be; else null. */
    javafx.beans.property.ReadOnlyObjectProperty<Path> openingProperty() {
        return opening.getReadOnlyProperty();
    }

    /** The sample of {@code loading}: the one the early read read, if it read this one, else read now. */
    private static dev.cardinal.traffic.Sample sampleOf(WorkspaceOpener.Loading loading, Optional<EarlyRead> early, ReadMonitor monitor)
        throws java.io.IOException {
        Optional<dev.cardinal.traffic.Sample> read = early.isEmpty() ? Optional.empty() : early.get().sample(loading, monitor);
        return read.isPresent() ? read.get() : loading.readSample(SampleLimits.defaults(), monitor);
    }

    /** Asks whether to read the samples a workspace binds from outside its folder (a workspace from someone else). */
    private boolean readOutside(Path file, List<OutsideSample> outside) {
        StringBuilder text = new StringBuilder("A workspace usually keeps its traffic beside it. Read these files anyway?\n");
        outside.forEach(o -> text.append("\n• ").append(o.describe()));
        return Dialogs.confirm(status, "Samples outside the workspace", file.getFileName() + " reads files outside its folder",
            text.toString(), "Read Them", "Don't Read");
    }

    /** A workspace file that is not one Cardinal can read: each problem listed where it is. */
    private void badFile(Path file, WorkspaceFormatException e) {
        LOG.log(Level.WARNING, "cannot open " + file, e);
        session.showFailure("Cannot open " + file.getFileName() + ": the file has problems",
            e.problems().stream().map(Object::toString).toList());
    }

    private void openFailed(Path file, Throwable e) {
        LOG.log(Level.WARNING, "cannot open " + file, e);
        session.showFailure("Cannot open " + file.getFileName() + ": " + e.getMessage(), List.of());
    }

    /**
     * Adds traffic files to the open workspace (or makes a workspace from them beside the first file) and reads the
     * whole sample again in the background, cancellable; bad lines go to the problems list.
     */
    void addSamples(List<Path> files) {
        if (files.isEmpty()) {
            return;
        }
        String what = files.size() == 1 ? "add sample " + files.get(0).getFileName() : "add " + files.size() + " sample files";
        String name = files.get(0).getFileName().toString().replaceAll("(\\.gz)?$", "").replaceAll("\\.[^.]*$", "");
        add(files, what, files.get(0), name, () -> { }, opened -> { });
    }

    /** Work done on the reading thread before the files are added. */
    private interface Before {
        void run() throws Exception;
    }

    /**
     * Adds {@code files} to the open workspace in the background, after {@code before}; with no workspace saved yet,
     * one named after {@code name} is made beside {@code beside}.
     */
    private void add(List<Path> files, String what, Path beside, String name, Before before,
                     Consumer<WorkspaceOpener.Opened> then) {
        Workspace shown = session.workspace();
        List<OutsideSample> unread = shown == null ? List.of() : session.unreadSamples();
        Path file = shown != null && session.file() != null ? session.file()
            : beside.toAbsolutePath().resolveSibling(SchemaInference.slug(name) + WorkspaceFiles.EXTENSION);
        // a workspace not saved yet takes the name of the file it will be saved as: one name in the title and the prompts
        Workspace ws = shown == null || session.file() != null ? shown
            : shown.withName(file.getFileName().toString().replace(WorkspaceFiles.EXTENSION, ""));
        read(monitor -> {
            before.run();
            return WorkspaceOpener.addSamples(file, ws, files, unread, SampleLimits.defaults(), monitor, session.summaries());
        }, opened -> {
            session.showAdded(opened, what);
            showProblems.run();
            then.accept(opened);
        }, e -> {
            LOG.log(Level.WARNING, "cannot " + what, e);
            session.showFailure("Cannot " + what + ": " + e.getMessage(), List.of());
        });
    }

    /**
     * Reads a workspace's traffic again (an undo or redo brought back files whose sample is no longer kept), with
     * progress and Cancel like any read; a read that fails or is cancelled leaves the sample empty and says why.
     */
    void reread(List<dev.cardinal.traffic.SampleReader.Source> sources, Consumer<dev.cardinal.traffic.Sample> done) {
        read(monitor -> WorkspaceOpener.counted(dev.cardinal.traffic.SampleReader.read(sources, SampleLimits.defaults(), monitor)), done, e -> {
            LOG.log(Level.WARNING, "cannot read the workspace's traffic again", e);
            session.showFailure("Cannot read the workspace's traffic: " + e.getMessage(), List.of());
        });
    }

    /** Reads in the background with progress in the status bar and a Cancel button; one read at a time. */
    private <T> void read(ReadJob<T> job, Consumer<T> done, Consumer<Throwable> failed) {
        readWith(job, done, b -> b.onError(failed));
    }

    /** As above, with the failure handlers {@code failures} adds (typed ones, then the one for every other failure). */
    private <T> void readWith(ReadJob<T> job, Consumer<T> done, java.util.function.UnaryOperator<Tasks.Builder<T>> failures) {
        if (running != null) {
            running.cancel();
        }
        progress.setVisible(true);
        cancel.setVisible(true);
        status.textProperty().unbind();
        Task<T> task = Tasks.<T>create(p -> job.run(new ReadMonitor() {
                @Override
                public void progress(String name, long done, long total) {
                    p.update(total > 0 ? (double) done / total : -1, "Reading " + Path.of(name).getFileName() + "…");
                }

                @Override
                public boolean cancelled() {
                    return p.cancelled();
                }
            }))
            .onSuccess(done)
            .andFinally(() -> {
                if (running != null && running.isRunning()) {
                    return; // a newer read took the status bar over when this one was cancelled
                }
                progress.progressProperty().unbind();
                progress.setVisible(false);
                cancel.setVisible(false);
                status.textProperty().bind(session.statusProperty());
                running = null;
            })
            .apply(failures)
            .runOn(executor);
        running = task;
        progress.progressProperty().bind(task.progressProperty());
        status.textProperty().bind(task.messageProperty());
    }

    /** A read that reports to a monitor. */
    private interface ReadJob<T> {
        T run(ReadMonitor monitor) throws Exception;
    }

    /** Stops the read under way, if any. */
    void cancel() {
        if (running != null) {
            running.cancel();
        }
    }

    /**
     * Writes {@code profile}'s traffic to {@code target} (and the profile beside it, as NAME.profile.json) in the
     * background, then adds it as a sample like any traffic file.
     */
    void synthesize(TrafficProfile profile, String json, Path target) {
        String base = target.getFileName().toString().replaceAll("(\\.lp)?(\\.gz)?$", "");
        Path profileFile = target.resolveSibling(base + dev.cardinal.traffic.synthetic.ProfileReader.EXTENSION);
        dev.cardinal.traffic.Sample shown = session.state().state().traffic().sample();
        long real = shown == null ? 0 : shown.eventKind(profile.eventKind()).map(k -> (long) k.rows()).orElse(0L);
        add(List.of(target), "add synthetic sample " + target.getFileName(), target, profile.eventKind(), () -> {
            AtomicFiles.write(profileFile, json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            SyntheticLineProtocol.write(profile, Long.MAX_VALUE, target);
        }, opened -> {
            // the synthetic rows join the sample's: every number counts both, which the user must know (issue 34)
            long all = opened.sample().eventKind(profile.eventKind()).map(k -> (long) k.rows()).orElse(0L);
            session.showStatus(real > 0
                ? String.format(java.util.Locale.ROOT, "Synthetic traffic added to the sample: every number of %s now counts "
                    + "%,d synthetic points with %,d real ones (Ctrl+Z takes them out)", profile.eventKind(), all - real, real)
                : String.format(java.util.Locale.ROOT, "Synthetic traffic is the sample of %s: %,d points", profile.eventKind(), all));
        });
    }

    /** The README's example: a marketplace event with closed sets, growing ids and a count. */
    static TrafficProfile exampleProfile() {
        return new TrafficProfile("listing_event", 50_000, java.time.Duration.ofDays(30), 7, List.of(
            new AttributeProfile.ClosedSet("event", 5, 1.2, true),
            new AttributeProfile.ClosedSet("device", 3, 0, true),
            AttributeProfile.GrowingId.perDay("user_id", 2_000, 1, true),
            AttributeProfile.GrowingId.perThousandPoints("session_id", 20, 2, false),
            new AttributeProfile.Measure("count", dev.cardinal.model.ValueType.INTEGER)));
    }
}
