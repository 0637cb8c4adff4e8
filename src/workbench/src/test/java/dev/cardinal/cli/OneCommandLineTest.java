package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A command line set up for the one command it is given says and does what the whole command line does. */
class OneCommandLineTest {

    @Test
    void aCommandsNameSetsUpThatCommandAlone() {
        CommandLine line = Main.commandLine(CommandLine.defaultFactory(), "analyze", "x.lp");
        assertEquals(Set.of("analyze"), line.getSubcommands().keySet());
        assertEquals(AnalyzeCommand.class, Main.subcommand("analyze"));
        assertEquals(SampleDataCommand.class, Main.subcommand("sample-data"));
        assertNull(Main.subcommand("help"));
        assertNull(Main.subcommand("--help"));
        assertNull(Main.subcommand("analyse"));
    }

    @Test
    void everyCommandIsFoundByItsName() {
        CommandLine whole = new CommandLine(new Main());
        for (var e : whole.getSubcommands().entrySet()) {
            Class<?> expected = e.getKey().equals("help") ? null : e.getValue().getCommand().getClass();
            assertEquals(expected, Main.subcommand(e.getKey()), e.getKey());
        }
    }

    @Test
    void helpErrorsAndExitCodesAreTheWholeCommandLines() {
        String[][] cases = {
            {"analyze", "--help"}, {"analyze", "--bogus", "x"}, {"analyze"}, {"analyze", "--format", "xml", "x.lp"},
            {"analyze", "--version"}, {"infer", "--help"}, {"lint"}, {"sample-data", "--rows", "many"},
            {"compare", "--help"}, {"help", "analyze"}, {"--help"}, {"bogus"},
        };
        for (String[] args : cases) {
            CliRun whole = run(new CommandLine(new Main()), args);
            CliRun one = run(Main.commandLine(CommandLine.defaultFactory(), args), args);
            assertEquals(whole, one, String.join(" ", args));
        }
    }

    private static CliRun run(CommandLine line, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        line.setOut(new PrintWriter(out));
        line.setErr(new PrintWriter(err));
        int code = line.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
