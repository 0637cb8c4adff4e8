package dev.cardinal.ui.session;

import dev.cardinal.model.FileProblem;
import dev.cardinal.model.OutsideSample;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.ReadReport;
import dev.cardinal.traffic.Sample;
import dev.cardinal.ui.projection.LiveProjection;
import dev.cardinal.ui.projection.SummaryShown;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The sample the window shows, derived from the workspace: the traffic its bound files give (kept for the last few
 * sets of files in a {@link SampleCache}, else read again), with what the panels show of it: the problems list and
 * the summary in the status bar. While traffic is captured a live sample stands in for a while.
 */
final class ShownSample {
    private final LiveProjection projection;
    private final BoundSummaries summaries;
    private final Supplier<Workspace> current;
    /** What the traffic is, in a sentence: the status bar's when no message is shown. */
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("No workspace open");
    /** Where the file and the traffic shown go: the session's state. */
    private final BiConsumer<Path, ShownTraffic> publish;
    private ShownTraffic traffic = ShownTraffic.NONE;
    private final ReadOnlyObjectWrapper<WorkspaceOpener.Opened> opened = new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> problems = FXCollections.observableArrayList();
    private final SampleCache samples = new SampleCache();
    /** The traffic the shown sample was read from; null when none is shown for the workspace yet. */
    private SampleCache.Key shownKey;
    private SampleReading reading = SampleReading.HERE;
    /** The traffic whose sample a workspace being opened is reading: not read again meanwhile ({@link #expect}). */
    private SampleCache.Key expected;
    private Path file;
    /** Problems the workspace file itself had when it was opened. */
    private List<FileProblem> fileWarnings = List.of();
    /** Bound samples outside the workspace's folder the user did not say yes to. */
    private List<OutsideSample> unread = List.of();

    /**
     * @param summaries the traffic summaries read for the session (the status bar says what they hold)
     * @param current the workspace as edited
     * @param publish told the workspace's file and the traffic shown whenever either changes
     */
    ShownSample(LiveProjection projection, BoundSummaries summaries, Supplier<Workspace> current,
                BiConsumer<Path, ShownTraffic> publish) {
        this.projection = projection;
        this.summaries = summaries;
        this.current = current;
        this.publish = publish;
    }

    /** What the traffic is, in a sentence (the status bar shows it when no message is). */
    ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** Says {@code text} of the traffic in place of the sentence made from it (a workspace with none yet). */
    void say(String text) {
        summary.set(text);
    }

    ReadOnlyObjectProperty<WorkspaceOpener.Opened> openedProperty() {
        return opened.getReadOnlyProperty();
    }

    ObservableList<String> problems() {
        return problems;
    }

    Path file() {
        return file;
    }

    List<OutsideSample> unread() {
        return unread;
    }

    void readWith(SampleReading r) {
        reading = r;
    }

    /** Another workspace: its file, the warnings its file had, and the samples not to read; nothing kept is its. */
    void startOver(Path workspaceFile, List<FileProblem> warnings, List<OutsideSample> notRead) {
        file = workspaceFile;
        fileWarnings = List.copyOf(warnings);
        unread = List.copyOf(notRead);
        samples.clear();
        shownKey = null;
        expected = null;
        publish.accept(file, traffic);
    }

    /**
     * The sample of {@code ws} is being read by whoever opens it and comes with {@link #arrived}: until then the
     * workspace is shown without traffic, and its files are not read a second time.
     */
    void expect(Workspace ws) {
        expected = SampleCache.Key.of(file, ws, unread);
    }

    /** True while the sample {@link #expect}ed is being read. */
    boolean awaiting() {
        return expected != null;
    }

    /**
     * The sample {@link #expect}ed has been read: kept, and shown if the workspace still binds those files ({@code read}
     * runs then); null when it could not be read, which leaves the workspace without traffic, saying why.
     */
    void arrived(Workspace ws, Sample sample, String failure, Runnable read) {
        SampleCache.Key key = SampleCache.Key.of(file, ws, unread);
        if (!key.equals(expected)) {
            return; // another workspace was opened meanwhile
        }
        expected = null;
        if (sample == null) {
            summary.set(failure);
            return;
        }
        samples.put(key, sample);
        if (key.equals(shownKey)) {
            show(sample, false);
            read.run();
        }
    }

    /** The same workspace saved as {@code workspaceFile} (its traffic is the same files). */
    void savedAs(Path workspaceFile) {
        file = workspaceFile;
        publish.accept(file, traffic);
    }

    /** Traffic was read for {@code ws} saved as {@code workspaceFile}: kept for when the workspace binds those files. */
    void keep(Path workspaceFile, Workspace ws, List<OutsideSample> notRead, Sample sample) {
        file = workspaceFile;
        unread = List.copyOf(notRead);
        samples.put(SampleCache.Key.of(file, ws, unread), sample);
        publish.accept(file, traffic);
    }

    /** True when a sample of the workspace (not a live one) is shown. */
    boolean followed() {
        return shownKey != null;
    }

    /**
     * Makes the shown sample the one {@code ws}'s bound files give: the one kept for them, else read again (in the
     * background in the window), with nothing of another sample shown meanwhile; {@code read} runs when a sample read
     * again is shown.
     *
     * @return true when the shown sample changed
     */
    boolean follow(Workspace ws, Runnable read) {
        if (ws == null) {
            shownKey = null;
            show(empty(), false);
            return true;
        }
        SampleCache.Key key = SampleCache.Key.of(file, ws, unread);
        if (key.equals(shownKey)) {
            describe(ws, opened.get().sample()); // the same rows, perhaps another traffic summary
            return false;
        }
        shownKey = key;
        Optional<Sample> kept = key.isEmpty() ? Optional.of(empty()) : samples.get(key);
        if (kept.isPresent()) {
            show(kept.get(), false);
            return true;
        }
        show(empty(), false);
        if (key.equals(expected)) {
            summary.set("Reading the workspace's traffic…");
            return true; // its opener reads it
        }
        summary.set("Reading the workspace's traffic again…");
        reading.read(WorkspaceOpener.sources(file, ws, unread), sample -> {
            samples.put(key, sample);
            if (key.equals(shownKey)) {
                show(sample, false);
                read.run();
            }
        });
        return true;
    }

    /** Captured traffic with the workspace's own, replaced every few moments; {@link #endLive} ends it. */
    void showLive(Sample sample) {
        show(sample, true);
    }

    /** The captured traffic is not kept: the workspace's own sample comes back at the next {@link #follow}. */
    void endLive() {
        shownKey = null;
    }

    private static Sample empty() {
        return new Sample(List.of(), new ReadReport(0, 0, 0, 0, List.of(), 0, 0, false));
    }

    /** Shows a sample; {@code live} when captured traffic replaces it every few moments. */
    private void show(Sample sample, boolean live) {
        projection.sample(sample, live);
        traffic = ShownTraffic.of(sample, live);
        publish.accept(file, traffic);
        Workspace ws = current.get();
        opened.set(new WorkspaceOpener.Opened(file, ws, fileWarnings, sample, unread));
        problems.setAll(problemLines(sample.report()));
        describe(ws, sample);
    }

    /** Says again what the traffic is: a bound traffic summary was read since (by the projection). */
    void describeAgain() {
        WorkspaceOpener.Opened o = opened.get();
        if (o != null) {
            describe(current.get(), o.sample());
        }
    }

    /**
     * The status bar's summary of the traffic: the rows read, when there are row samples; what each bound traffic
     * summary holds (from its last reading: nothing is read here, on the FX thread); or that there is no traffic.
     */
    private void describe(Workspace ws, Sample sample) {
        if (ws == null) {
            summary.set("No workspace open");
            return;
        }
        ReadReport r = sample.report();
        List<String> parts = new ArrayList<>();
        if (r.files() > 0 || r.points() > 0 || (file != null && !WorkspaceOpener.sources(file, ws, unread).isEmpty())) {
            parts.add(String.format(Locale.ROOT, "%,d points read from %d file%s, %,d bad line%s", r.points(), r.files(),
                r.files() == 1 ? "" : "s", r.badLines(), r.badLines() == 1 ? "" : "s"));
        }
        for (var s : WorkspaceOpener.summaries(file, ws, unread)) {
            String name = s.path().getFileName().toString();
            parts.add(summaries.kept(s.path()).map(t -> SummaryShown.source(name, t))
                .orElse("traffic summary " + name + " (counts, no rows held)"));
        }
        if (parts.isEmpty()) {
            summary.set(unread.isEmpty() ? "No sample traffic: add some (File → Add Sample Traffic, or drop files here)"
                : String.format(Locale.ROOT, "No traffic read: %d sample%s outside the workspace's folder not read (see Problems)",
                    unread.size(), unread.size() == 1 ? "" : "s"));
            return;
        }
        String text = String.join("; ", parts);
        summary.set(Character.toUpperCase(text.charAt(0)) + text.substring(1));
    }

    private List<String> problemLines(ReadReport r) {
        List<String> lines = new ArrayList<>();
        for (FileProblem w : fileWarnings) {
            lines.add("warning: " + (file == null ? "" : file.getFileName() + ": ") + w);
        }
        for (var o : unread) {
            lines.add("not read: " + o.describe() + ": outside the workspace's folder, and not confirmed (open the workspace"
                + " again to be asked)");
        }
        for (ReadProblem p : r.problems()) {
            lines.add(p.toString());
        }
        for (ReadProblem w : r.warnings()) {
            lines.add(w.toString()); // kept lines, probably not what was meant (a quote left open, a NUL)
        }
        if (r.warningsOmitted() > 0) {
            lines.add(String.format(Locale.ROOT, "... and %,d more warnings", r.warningsOmitted()));
        }
        if (r.problemsOmitted() > 0) {
            lines.add(String.format(Locale.ROOT, "... and %,d more problems", r.problemsOmitted()));
        }
        return lines;
    }

    /** Lists why something could not be done, in place of the sample's problems until the next sample is shown. */
    void showFailure(List<String> lines) {
        problems.setAll(lines);
    }
}
