package dev.cardinal.cli;

import dev.cardinal.traffic.ReadMonitor;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * How far a long read has come, on standard error when it is a terminal (nowhere else: a log or a pipe gets no
 * progress lines): one line rewritten in place about four times a second, with the bytes read of the file, the rate
 * and the time left, and wiped when the read ends. A read shorter than a second shows nothing.
 */
final class TerminalProgress implements ReadMonitor, AutoCloseable {
    private static final long SHOW_AFTER = 1_000_000_000L;
    private static final long EVERY = 250_000_000L;
    private static final double MIB = 1024.0 * 1024.0;

    private final PrintWriter err;
    private final String what;
    private final LongSupplier clock;
    private final long start;
    private long shownAt;
    private int width;

    TerminalProgress(PrintWriter err, String what, LongSupplier clock) {
        this.err = err;
        this.what = what;
        this.clock = clock;
        this.start = clock.getAsLong();
        this.shownAt = start - EVERY;
    }

    /** Progress for {@code what} ("reading"), or nothing when standard error is not a terminal. */
    static ReadMonitor onTerminal(PrintWriter err, String what) {
        return stderrIsTerminal() ? new TerminalProgress(err, what, System::nanoTime) : ReadMonitor.NONE;
    }

    /** Reads {@code sources}, with progress on the command's standard error when it is a terminal. */
    static dev.cardinal.traffic.Sample read(java.util.List<dev.cardinal.traffic.SampleReader.Source> sources,
                                           picocli.CommandLine.Model.CommandSpec spec) {
        ReadMonitor monitor = onTerminal(spec.commandLine().getErr(), "reading");
        try {
            return dev.cardinal.traffic.SampleReader.read(sources, dev.cardinal.traffic.SampleLimits.defaults(), monitor);
        } finally {
            done(monitor);
        }
    }

    /** Wipes the progress line, if one was shown. */
    static void done(ReadMonitor monitor) {
        if (monitor instanceof TerminalProgress p) {
            p.close();
        }
    }

    @Override
    public synchronized void progress(String file, long done, long total) {
        long now = clock.getAsLong();
        if (now - start < SHOW_AFTER || now - shownAt < EVERY) {
            return;
        }
        shownAt = now;
        double seconds = (now - start) / 1e9;
        double rate = done / seconds;
        StringBuilder line = new StringBuilder(what).append(' ').append(TerminalText.inert(Path.of(file).getFileName() == null
            ? file : Path.of(file).getFileName().toString())).append(": ");
        line.append(String.format(Locale.ROOT, "%.0f MiB", done / MIB));
        if (total > 0) {
            line.append(String.format(Locale.ROOT, " of %.0f MiB (%d%%)", total / MIB, Math.min(100, done * 100 / total)));
        }
        line.append(String.format(Locale.ROOT, ", %.0f MiB/s", rate / MIB));
        if (total > done && rate > 0) {
            line.append(String.format(Locale.ROOT, ", %.0f s left", (total - done) / rate));
        }
        show(line.toString());
    }

    private void show(String line) {
        // the line is rewritten in place: pad over what a longer line before it left
        String padded = line.length() < width ? line + " ".repeat(width - line.length()) : line;
        width = line.length();
        err.print('\r');
        err.print(padded);
        err.flush();
    }

    @Override
    public synchronized void close() {
        if (width > 0) {
            err.print('\r');
            err.print(" ".repeat(width));
            err.print('\r');
            err.flush();
            width = 0;
        }
    }

    /** Linux says what file descriptor 2 is; elsewhere a console means the session is interactive. */
    private static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return System.console() != null;
        }
    }
}
