package dev.cardinal.ui.session;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.FileProblem;
import dev.cardinal.model.Layout;
import dev.cardinal.model.OutsideSample;
import dev.cardinal.model.Position;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.model.WorkspaceFormatException;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SchemaInference;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Opens a workspace file and reads its bound sample traffic: the long job behind File → Open. */
public final class WorkspaceOpener {
    private WorkspaceOpener() {
    }

    /**
     * Counts each attribute's distinct values here, on the reading thread, so the attribute table (on the FX thread)
     * finds them counted: a numeric column over a million rows is a hash pass of its own.
     */
    public static Sample counted(Sample sample) {
        for (var kind : sample.eventKinds()) {
            for (int a = 0; a < kind.attributes().size(); a++) {
                kind.column(a).distinct();
            }
        }
        return sample;
    }

    /**
     * A workspace with its sample read.
     *
     * @param unread the bound samples outside the workspace's folder that were not read: the user has not said yes
     */
    public record Opened(Path file, Workspace workspace, List<FileProblem> warnings, Sample sample,
                         List<OutsideSample> unread) {
        public Opened {
            unread = List.copyOf(unread);
        }

        public Opened(Path file, Workspace workspace, List<FileProblem> warnings, Sample sample) {
            this(file, workspace, warnings, sample, List.of());
        }
    }

    /** The workspace's bound samples to read, without those in {@code unread}; they stay bound. */
    static List<SampleReader.Source> sources(Path file, Workspace ws, List<OutsideSample> unread) {
        return read(SampleReader.sources(file, ws), unread);
    }

    /** The workspace's bound traffic summaries to read, without those in {@code unread}; they stay bound. */
    static List<SampleReader.Source> summaries(Path file, Workspace ws, List<OutsideSample> unread) {
        return file == null || ws == null ? List.of() : read(SampleReader.summaries(file, ws), unread);
    }

    private static List<SampleReader.Source> read(List<SampleReader.Source> bound, List<OutsideSample> unread) {
        Set<String> skip = new HashSet<>();
        unread.forEach(o -> skip.add(o.sample().id()));
        return bound.stream().filter(s -> !skip.contains(s.binding().id())).toList();
    }

    /**
     * Binds more traffic files to a workspace and reads all of its sample again. Line protocol names its event
     * kinds; a CSV or NDJSON file becomes the event kind named after the file; a traffic summary is bound as it is,
     * for event kinds the workspace already describes (see {@code BoundSummaries.check}). Event kinds the workspace does not
     * have yet are added with their as-written layout. With no workspace, one is made beside the first file (not
     * saved yet).
     *
     * @param file  where the workspace is (or will be) saved: sample paths are relative to it
     * @param ws    the workspace, or null to make one
     * @param added  the files to add (the user chose them, wherever they are)
     * @param unread bound samples outside the workspace's folder the user did not say yes to: still not read
     * @param summaries the session's summaries: the bound ones are read into it (once) and checked
     */
    public static Opened addSamples(Path file, Workspace ws, List<Path> added, List<OutsideSample> unread,
                                    SampleLimits limits, ReadMonitor monitor, BoundSummaries summaries) throws IOException {
        Workspace base = ws != null ? ws : Workspace.empty(file.getFileName().toString().replace(WorkspaceFiles.EXTENSION, ""));
        List<SampleBinding> bindings = new ArrayList<>(base.samples());
        Set<String> ids = new HashSet<>();
        bindings.forEach(b -> ids.add(b.id()));
        for (Path f : added) {
            var refused = SampleReader.refusal(f);
            if (refused.isPresent()) {
                throw new IOException(f + ": " + refused.get());
            }
            SampleFormat format = SampleReader.detectFormat(f);
            String name = f.getFileName().toString().replaceAll("(\\.gz)?$", "").replaceAll("\\.[^.]*$", "");
            String id = SchemaInference.slug(name);
            for (int n = 2; ids.contains(id); n++) {
                id = SchemaInference.slug(name) + "-" + n;
            }
            ids.add(id);
            bindings.add(new SampleBinding(id, WorkspaceFiles.relativize(file, f), format,
                format.namesEventKinds() || !format.rows() ? null : SchemaInference.slug(name).replace('-', '_'), "ns", null, null, List.of()));
        }
        Workspace bound = new Workspace(base.name(), base.eventKinds(), base.layouts(), bindings, base.rollups(), base.targets(),
            base.canvas());
        Sample sample = counted(SampleReader.read(sources(file, bound, unread), limits, monitor));
        Workspace inferred = SchemaInference.infer(bound.name(), sample, bindings);
        List<EventKind> kinds = new ArrayList<>(bound.eventKinds());
        List<Layout> layouts = new ArrayList<>(bound.layouts());
        Map<String, Position> canvas = new TreeMap<>(bound.canvas());
        for (EventKind k : inferred.eventKinds()) {
            if (bound.eventKind(k.name()).isEmpty()) {
                kinds.add(k);
                Layout l = inferred.layoutsOf(k.name()).get(0);
                layouts.add(l);
                canvas.put(l.id(), inferred.canvas().get(l.id()));
            }
        }
        Workspace out = new Workspace(bound.name(), kinds, layouts, bindings, bound.rollups(), bound.targets(), canvas);
        summaries.check(out, sample, summaries(file, out, unread));
        return new Opened(file, out, List.of(), sample, unread);
    }

    /** The samples the workspace in {@code file} binds from outside its folder ({@link OutsideSample#of}). */
    public static List<OutsideSample> outside(Path file) throws IOException, WorkspaceFormatException {
        return OutsideSample.of(file, WorkspaceFiles.load(file).workspace());
    }

    /**
     * Opens a workspace and reads its bound samples; those outside its folder only with {@code readOutside} (else
     * they are left in {@link Opened#unread}, for the user to be asked). Its bound traffic summaries are read into
     * {@code summaries}, the session's, and checked.
     */
    public static Opened open(Path file, boolean readOutside, SampleLimits limits, ReadMonitor monitor, BoundSummaries summaries)
        throws IOException, WorkspaceFormatException {
        Loading loading = load(file, readOutside);
        return loading.read(limits, monitor, summaries);
    }

    /**
     * Reads the workspace file alone, not its traffic: what the window shows at once, its numbers following when
     * {@link Loading#read} has read the sample (File → Open shows the layouts in a moment, not after the read).
     */
    public static Loading load(Path file, boolean readOutside) throws IOException, WorkspaceFormatException {
        WorkspaceReader.Loaded loaded = WorkspaceFiles.load(file);
        List<OutsideSample> unread = readOutside ? List.of() : OutsideSample.of(file, loaded.workspace());
        return new Loading(file, loaded.workspace(), loaded.warnings(), unread);
    }

    /**
     * A workspace read from its file whose sample is still to be read.
     *
     * @param unread the bound samples outside the workspace's folder that are not read: the user has not said yes
     */
    public record Loading(Path file, Workspace workspace, List<FileProblem> warnings, List<OutsideSample> unread) {
        public Loading {
            warnings = List.copyOf(warnings);
            unread = List.copyOf(unread);
        }

        /** Reads the bound samples (counted) and the bound traffic summaries, checked against them. */
        public Opened read(SampleLimits limits, ReadMonitor monitor, BoundSummaries summaries) throws IOException {
            return opened(readSample(limits, monitor), summaries);
        }

        /** Reads the bound samples, counted: the long part of {@link #read}, which needs no session. */
        public Sample readSample(SampleLimits limits, ReadMonitor monitor) throws IOException {
            return counted(SampleReader.read(sources(file, workspace, unread), limits, monitor));
        }

        /** The workspace with {@code sample}, its bound traffic summaries read into {@code summaries} and checked. */
        public Opened opened(Sample sample, BoundSummaries summaries) throws IOException {
            summaries.check(workspace, sample, summaries(file, workspace, unread));
            return new Opened(file, workspace, warnings, sample, unread);
        }
    }
}
