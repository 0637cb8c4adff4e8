package dev.cardinal.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A bound sample whose file is not inside the workspace's folder.
 *
 * @param sample the binding
 * @param path   the file it would read, as the path resolves (and, for a link, where the link leads)
 * @param why    how it leaves the folder: an absolute path, {@code ..}, or a link
 */
public record OutsideSample(SampleBinding sample, Path path, String why) {
    /** One line for a person: {@code sample 'traffic': /etc/passwd (an absolute path)}. */
    public String describe() {
        // a name could carry terminal escapes: controls are shown as '?'
        return ("sample '" + sample.id() + "': " + path + " (" + why + ")").replaceAll("\\p{Cc}", "?");
    }

    /**
     * The samples of {@code ws} that would be read from outside the folder of {@code workspaceFile}. A workspace
     * is meant to travel with its traffic; one from someone else that binds {@code /etc/passwd}, {@code ../../..} or a
     * link out of its folder would make Cardinal read (and show, and push) what its user never chose, so callers ask
     * first.
     */
    public static List<OutsideSample> of(Path workspaceFile, Workspace ws) {
        Path dir = workspaceFile.toAbsolutePath().normalize().getParent();
        Path realDir = real(dir);
        List<OutsideSample> out = new ArrayList<>();
        for (SampleBinding s : ws.samples()) {
            Path resolved = WorkspaceFiles.resolve(workspaceFile, s.path());
            if (Path.of(s.path()).isAbsolute() && !resolved.startsWith(dir)) {
                out.add(new OutsideSample(s, resolved, "an absolute path"));
            } else if (!resolved.startsWith(dir)) {
                out.add(new OutsideSample(s, resolved, "'..' leads out of " + dir));
            } else if (Files.exists(resolved) && !real(resolved).startsWith(realDir)) {
                out.add(new OutsideSample(s, real(resolved), "a link out of " + dir));
            }
        }
        return List.copyOf(out);
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p;
        }
    }
}
