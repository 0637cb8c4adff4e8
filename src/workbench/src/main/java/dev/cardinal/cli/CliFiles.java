package dev.cardinal.cli;

import dev.cardinal.model.FileProblem;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.model.WorkspaceFormatException;
import dev.cardinal.traffic.synthetic.ProfileFormatException;
import dev.cardinal.traffic.synthetic.ProfileReader;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Workspaces, layouts and traffic profiles as every command reads them: warnings printed, a file that cannot be
 * used said once, in one wording, as {@code cardinal COMMAND: ...}; the caller gets null (or empty) and exits.
 */
final class CliFiles {
    private CliFiles() {
    }

    /** The workspace in {@code file}, or null when it is missing or has errors (printed). */
    static Workspace workspace(Path file, PrintWriter err, String command) throws IOException {
        try {
            var loaded = WorkspaceFiles.load(file);
            loaded.warnings().forEach(w -> err.println("warning: " + file + ": " + w));
            return loaded.workspace();
        } catch (NoSuchFileException e) {
            err.println("cardinal " + command + ": " + file + ": no such file");
        } catch (WorkspaceFormatException e) {
            err.println("cardinal " + command + ": " + e.getMessage());
        }
        return null;
    }

    /** The layout {@code name} (id or name) of the workspace, or empty, saying which layouts there are. */
    static Optional<Layout> layout(Workspace ws, String name, Path file, PrintWriter err, String command) {
        return layout(ws, name, file.toString(), err, command);
    }

    /** As above, the workspace named by {@code where} (e.g. "W.cardinal.json at HEAD~1") in the message. */
    static Optional<Layout> layout(Workspace ws, String name, String where, PrintWriter err, String command) {
        Optional<Layout> l = ws.layoutByIdOrName(name);
        if (l.isEmpty()) {
            err.println("cardinal " + command + ": no layout '" + name + "' in " + where + " (layouts: "
                + String.join(", ", ws.layouts().stream().map(Layout::id).toList()) + ")");
        }
        return l;
    }

    /**
     * The traffic profile in {@code file}, or null when it is missing or has errors (printed, then
     * "has errors; {@code consequence}").
     */
    static TrafficProfile profile(Path file, PrintWriter err, String command, String consequence) throws IOException {
        try {
            ProfileReader.Loaded loaded = ProfileReader.read(file);
            loaded.warnings().forEach(w -> err.println(located(file, w)));
            return loaded.profile();
        } catch (NoSuchFileException e) {
            err.println("cardinal " + command + ": " + file + ": no such file");
        } catch (ProfileFormatException e) {
            e.problems().forEach(p -> err.println(located(file, p)));
            err.println("cardinal " + command + ": " + file + " has errors; " + consequence);
        }
        return null;
    }

    /** {@code file:line: [warning: ]path: message}, as compilers print. */
    static String located(Path file, FileProblem p) {
        return file + ":" + p.line() + ": " + (p.error() ? "" : "warning: ") + (p.path().isEmpty() ? "" : p.path() + ": ")
            + p.message();
    }
}
