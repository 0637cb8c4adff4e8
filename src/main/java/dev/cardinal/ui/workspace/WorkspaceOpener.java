package dev.cardinal.ui.workspace;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.FileProblem;
import dev.cardinal.model.Layout;
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
import java.nio.file.Files;
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
    private static Sample counted(Sample sample) {
        for (var kind : sample.eventKinds()) {
            for (int a = 0; a < kind.attributes().size(); a++) {
                kind.column(a).distinct();
            }
        }
        return sample;
    }

    /** A workspace with its sample read. */
    public record Opened(Path file, Workspace workspace, List<FileProblem> warnings, Sample sample) {
    }

    /**
     * Binds more traffic files to a workspace and reads all of its sample again. Line protocol names its event
     * kinds; a CSV or NDJSON file becomes the event kind named after the file. Event kinds the workspace does not
     * have yet are added with their as-written layout. With no workspace, one is made beside the first file (not
     * saved yet).
     *
     * @param file  where the workspace is (or will be) saved: sample paths are relative to it
     * @param ws    the workspace, or null to make one
     * @param added the files to add
     */
    public static Opened addSamples(Path file, Workspace ws, List<Path> added, SampleLimits limits, ReadMonitor monitor)
        throws IOException {
        Workspace base = ws != null ? ws : Workspace.empty(file.getFileName().toString().replace(WorkspaceFiles.EXTENSION, ""));
        List<SampleBinding> bindings = new ArrayList<>(base.samples());
        Set<String> ids = new HashSet<>();
        bindings.forEach(b -> ids.add(b.id()));
        for (Path f : added) {
            if (!Files.isRegularFile(f)) {
                throw new IOException(f + ": no such file");
            }
            SampleFormat format = SampleReader.detectFormat(f);
            String name = f.getFileName().toString().replaceAll("(\\.gz)?$", "").replaceAll("\\.[^.]*$", "");
            String id = SchemaInference.slug(name);
            for (int n = 2; ids.contains(id); n++) {
                id = SchemaInference.slug(name) + "-" + n;
            }
            ids.add(id);
            bindings.add(new SampleBinding(id, WorkspaceFiles.relativize(file, f), format,
                format == SampleFormat.LINE_PROTOCOL ? null : SchemaInference.slug(name).replace('-', '_'), "ns", null, null, List.of()));
        }
        Workspace bound = new Workspace(base.name(), base.eventKinds(), base.layouts(), bindings, base.rollups(), base.targets(),
            base.canvas());
        Sample sample = counted(SampleReader.read(SampleReader.sources(file, bound), limits, monitor));
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
        return new Opened(file, out, List.of(), sample);
    }

    public static Opened open(Path file, SampleLimits limits, ReadMonitor monitor)
        throws IOException, WorkspaceFormatException {
        WorkspaceReader.Loaded loaded = WorkspaceFiles.load(file);
        Sample sample = counted(SampleReader.read(SampleReader.sources(file, loaded.workspace()), limits, monitor));
        return new Opened(file, loaded.workspace(), loaded.warnings(), sample);
    }
}
