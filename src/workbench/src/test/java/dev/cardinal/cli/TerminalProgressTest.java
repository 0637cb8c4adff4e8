package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress line of a long read: after a second, about four times a second, in place, inert, wiped at the end. */
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
    void aCommandWhoseStandardErrorIsNotATerminalPrintsNoProgress() {
        // the tests' standard error is a file or a pipe, as in a CI log
        assertEquals(dev.cardinal.traffic.ReadMonitor.NONE, TerminalProgress.onTerminal(new PrintWriter(new StringWriter()), "reading"));
    }
}
