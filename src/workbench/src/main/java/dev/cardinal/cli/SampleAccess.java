package dev.cardinal.cli;

import dev.cardinal.model.OutsideSample;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.SampleReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --allow-outside}, for the commands that read a workspace's bound samples: a workspace that binds files
 * outside its own folder (an absolute path, {@code ..}, a link out of it) is refused, with the files named, unless
 * the user says so. A workspace from a pull request must not make a command read {@code /etc/shadow}.
 */
final class SampleAccess {
    /** The exit code of a refusal: the command needs an option it was not given. */
    static final int REFUSED = 2;

    @Option(names = "--allow-outside", description = "Read the workspace's sample files even where they lie outside"
        + " its folder (an absolute path, '..', a link out of it); without it, such a workspace is refused.")
    boolean allowOutside;

    /** The workspace's bound samples to read, or null (said on {@code err}) when some lie outside and that was not allowed. */
    List<SampleReader.Source> sources(Path workspaceFile, Workspace ws, PrintWriter err, String command) {
        List<OutsideSample> outside = OutsideSample.of(workspaceFile, ws);
        if (!outside.isEmpty() && !allowOutside) {
            err.println("cardinal " + command + ": " + workspaceFile + " reads sample files outside its folder:");
            outside.forEach(o -> err.println("  " + o.describe()));
            err.println("give --allow-outside to read them");
            return null;
        }
        outside.forEach(o -> err.println("warning: " + workspaceFile + ": reading " + o.describe() + ", as --allow-outside says"));
        // a bound traffic summary holds no rows: the command reads it when given it in place of the samples
        SampleReader.summaries(workspaceFile, ws).forEach(s -> err.println("warning: " + workspaceFile + " binds the traffic"
            + " summary " + s.binding().path() + ", which holds counts, not rows: " + switch (command) {
                case "analyze", "lint" -> "to read it, give it: cardinal " + command + " " + s.path() + " --workspace " + workspaceFile;
                case "compare" -> "to read it, give it: cardinal compare " + workspaceFile + " --a A --b B --sample " + s.path();
                default -> "cardinal " + command + " reads rows only";
            }));
        return SampleReader.sources(workspaceFile, ws);
    }
}
