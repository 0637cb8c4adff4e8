package dev.cardinal.compare;

import dev.cardinal.model.WorkspaceFormatException;
import dev.cardinal.model.WorkspaceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A workspace file as it was at a git revision ({@code git show REV:./FILE}, run in the file's directory), so a
 * layout can be compared with what it was before a change. Needs {@code git} on the PATH.
 */
public final class Revisions {
    private Revisions() {
    }

    /**
     * Reads {@code file} as it was at {@code revision}. The error says what git said: not a repository, an unknown
     * revision, or a file the revision does not hold.
     */
    public static WorkspaceReader.Loaded workspaceAt(Path file, String revision) throws IOException, WorkspaceFormatException {
        if (revision.isBlank() || revision.startsWith("-") || revision.contains(":")) {
            throw new IOException("'" + revision + "' is not a git revision (a commit, branch, tag or e.g. HEAD~1)");
        }
        Path absolute = file.toAbsolutePath().normalize();
        Path dir = absolute.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IOException(file + ": its directory does not exist");
        }
        String spec = revision + ":./" + absolute.getFileName();
        byte[] bytes = Git.run(dir, "show", spec);
        return WorkspaceReader.read(bytes, file + " at " + revision);
    }
}
