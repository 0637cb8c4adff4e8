package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.traffic.scenarios.Clock;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress line of a long read or write: after a second, about four times a second, in place, inert, wiped at the
 * end; on a terminal only.
 */
class TerminalProgressTest {
    private static final long MIB = 1024 * 1024;

    @Test
    void aLongReadShowsBytesRateAndTimeLeftInPlaceAndWipesTheLineAtTheEnd() {
        StringWriter text = new StringWriter();
        AtomicLong now = new AtomicLong(0);
        TerminalProgress p = new TerminalProgress(new PrintWriter(text), "reading", now::get);
        p.progress("/data/traffic.lp", 10 * MIB, 100 * MIB);
        assertEquals("", text.toString(), "nothing in the first second");

        now.set(2_000_000_000L);
        p.progress("/data/traffic.lp", 50 * MIB, 100 * MIB);
        assertEquals("\rreading traffic.lp: 50 MiB of 100 MiB (50%), 25 MiB/s, 2 s left", text.toString());

        int shown = text.toString().length();
        now.set(2_100_000_000L);
        p.progress("/data/traffic.lp", 52 * MIB, 100 * MIB);
        assertEquals(shown, text.toString().length(), "not more often than four times a second");

        now.set(4_000_000_000L);
        p.progress("/data/traffic.lp", 100 * MIB, 100 * MIB);
        String full = "\rreading traffic.lp: 50 MiB of 100 MiB (50%), 25 MiB/s, 2 s left";
        String end = "\rreading traffic.lp: 100 MiB of 100 MiB (100%), 25 MiB/s";
        assertTrue(text.toString().endsWith(end + " ".repeat(full.length() - end.length())),
            "a shorter line is padded over the longer one before it: " + text);
        p.close();
        int last = "reading traffic.lp: 100 MiB of 100 MiB (100%), 25 MiB/s".length();
        assertTrue(text.toString().endsWith("\r" + " ".repeat(last) + "\r"), "the line is wiped: " + text);
    }

    @Test
    void aHostileFileNameIsShownAsEscapes() {
        StringWriter text = new StringWriter();
        AtomicLong now = new AtomicLong(0);
        TerminalProgress p = new TerminalProgress(new PrintWriter(text), "reading", now::get);
        now.set(2_000_000_000L);
        p.progress("/tmp/x\u001b]0;pwned\u0007.lp", 4 * MIB, -1);
        assertTrue(text.toString().contains("x\\u001b]0;pwned\\u0007.lp: 4 MiB, 2 MiB/s"), text.toString());
        assertFalse(text.toString().chars().anyMatch(c -> c == 0x1b || c == 0x07), text.toString());
    }

    @Test
    void aLongWriteShowsLinesRateAndTimeLeft() {
        StringWriter text = new StringWriter();
        AtomicLong now = new AtomicLong(0);
        TerminalProgress.Lines lines = TerminalProgress.lines(new TerminalProgress(new PrintWriter(text), "writing", now::get),
            Path.of("/data/traffic.lp.gz"), 1_000_000);
        lines.accept(65_536);
        assertEquals("", text.toString(), "nothing in the first second");
        now.set(2_000_000_000L);
        lines.accept(500_000);
        String line = "writing traffic.lp.gz: 500,000 of 1,000,000 lines (50%), 250,000 lines/s, 2 s left";
        assertEquals("\r" + line, text.toString());
        lines.close();
        assertEquals("\r" + line + "\r" + " ".repeat(line.length()) + "\r", text.toString(), "the line is wiped");
    }

    /** A scenario's writer tells how far it has come as it goes, so sample-data can show it. */
    @Test
    void aScenarioWriteReportsTheLinesWrittenAsItGoes(@TempDir Path dir) throws Exception {
        List<Long> told = new ArrayList<>();
        Scenarios.write("ad-marketplace", dir, 70_000, Clock.EXACT, told::add);
        assertEquals(List.of(65_536L), told);
    }

    /**
     * A command run under a pseudo-terminal (script(1)) shows its progress on standard error; the same command with
     * standard error a pipe prints none (progress shown at once, so a short write shows it where it would show).
     */
    @Test
    void onATerminalTheCommandShowsItsProgressAndInAPipeNothing(@TempDir Path dir) throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Dcardinal.progress.afterMs=0", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
            "sample-data", "ad-marketplace", "--rows", "70000", "-o");
        String shell = Stream.concat(command.stream(), Stream.of(dir.resolve("tty").toString()))
            .map(a -> "'" + a.replace("'", "'\\''") + "'").collect(Collectors.joining(" "));
        Process tty = new ProcessBuilder("script", "-qefc", shell, "/dev/null").redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        String seen = new String(tty.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, tty.waitFor(), seen);
        assertTrue(seen.contains("\rwriting traffic.lp.gz: 65,536 of 70,000 lines (93%), "), seen);
        assertTrue(seen.contains("(70,000 points)"), seen);

        List<String> piped = new ArrayList<>(command);
        piped.add(dir.resolve("pipe").toString());
        Path err = dir.resolve("stderr.txt");
        Process pipe = new ProcessBuilder(piped).redirectError(err.toFile()).start();
        String out = new String(pipe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, pipe.waitFor(), out);
        assertEquals("", Files.readString(err), "no progress where standard error is not a terminal");
        assertTrue(out.endsWith("(70,000 points)\n") && !out.contains("\r"), out);
    }

    @Test
    void aCommandWhoseStandardErrorIsNotATerminalPrintsNoProgress() {
        // the tests' standard error is a file or a pipe, as in a CI log
        assertEquals(dev.cardinal.traffic.ReadMonitor.NONE, TerminalProgress.onTerminal(new PrintWriter(new StringWriter()), "reading"));
        assertEquals(TerminalProgress.Lines.NONE, TerminalProgress.linesOnTerminal(new PrintWriter(new StringWriter()), "writing",
            Path.of("traffic.lp.gz"), 1_000_000));
    }
}
