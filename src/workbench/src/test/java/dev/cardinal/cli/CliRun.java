package dev.cardinal.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One run of {@code cardinal ...} in the test's JVM: its exit code and what it printed. */
public record CliRun(int code, String out, String err) {

    public static CliRun of(String... args) {
        return ofCommand(new Main(), args);
    }

    /** Runs {@code command} (a picocli command object, set up by the test) with {@code args}. */
    public static CliRun ofCommand(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
