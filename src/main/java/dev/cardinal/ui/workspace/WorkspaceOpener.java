package dev.cardinal.ui.workspace;

import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.model.WorkspaceFormatException;
import dev.cardinal.model.FileProblem;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Opens a workspace file and reads its bound sample traffic: the long job behind File → Open. */
public final class WorkspaceOpener {
    private WorkspaceOpener() {
    }

    /** A workspace with its sample read. */
    public record Opened(Path file, Workspace workspace, List<FileProblem> warnings, Sample sample) {
    }

    public static Opened open(Path file, SampleLimits limits, ReadMonitor monitor)
        throws IOException, WorkspaceFormatException {
        WorkspaceReader.Loaded loaded = WorkspaceFiles.load(file);
        Sample sample = SampleReader.read(SampleReader.sources(file, loaded.workspace()), limits, monitor);
        return new Opened(file, loaded.workspace(), loaded.warnings(), sample);
    }
}
