package dev.cardinal.cli;

import dev.cardinal.traffic.ReadMonitor;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * How far a long read or write has come, on standard error when it is a terminal (nowhere else: a log or a pipe gets
 * no progress lines): one line rewritten in place about four times a second, with the bytes read of the file (or the
 * lines written of those asked for), the rate and the time left, and wiped when the work ends. Work shorter than a
 * second shows nothing.
 */
final class TerminalProgress implements ReadMonitor, AutoCloseable {
    /** Tells a long write's progress in lines: {@link #accept(long)} with the lines written so far. */
    interface Lines extends java.util.function.LongConsumer, AutoCloseable {
        Lines NONE = new Lines() {
            @Override
            public void accept(long written) {
            }

            @Override
            public void close() {
            }
        };

        @Override
        void close();
    }

    /** A second; -Dcardinal.progress.afterMs=0 shows even short work (to see the line, and in tests). */
    private static final long SHOW_AFTER = Long.getLong("cardinal.progress.afterMs", 1000) * 1_000_000L;
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

    /**
     * Progress of writing {@code total} lines to {@code file} ("writing"), or nothing when standard error is not a
     * terminal; closing it wipes the line.
     */
    static Lines linesOnTerminal(PrintWriter err, String what, Path file, long total) {
        if (!stderrIsTerminal()) {
            return Lines.NONE;
        }
        TerminalProgress p = new TerminalProgress(err, what, System::nanoTime);
        return lines(p, file, total);
    }

    static Lines lines(TerminalProgress p, Path file, long total) {
        return new Lines() {
            @Override
            public void accept(long written) {
                p.written(file, written, total);
            }

            @Override
            public void close() {
                p.close();
            }
        };
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
        if (due(now)) {
            double rate = done / ((now - start) / 1e9);
            StringBuilder line = named(file);
            line.append(String.format(Locale.ROOT, "%.0f MiB", done / MIB));
            if (total > 0) {
                line.append(String.format(Locale.ROOT, " of %.0f MiB (%d%%)", total / MIB, Math.min(100, done * 100 / total)));
            }
            line.append(String.format(Locale.ROOT, ", %.0f MiB/s", rate / MIB));
            show(withTimeLeft(line, done, total, rate));
        }
    }

    /** {@code done} of {@code total} lines written to {@code file}. */
    synchronized void written(Path file, long done, long total) {
        long now = clock.getAsLong();
        if (due(now)) {
            double rate = done / ((now - start) / 1e9);
            StringBuilder line = named(file.toString());
            line.append(String.format(Locale.ROOT, "%,d of %,d lines (%d%%), %,.0f lines/s", done, total,
                total > 0 ? Math.min(100, done * 100 / total) : 0, rate));
            show(withTimeLeft(line, done, total, rate));
        }
    }

    /** After the first second, about four times a second. */
    private boolean due(long now) {
        if (now - start < SHOW_AFTER || now - shownAt < EVERY) {
            return false;
        }
        shownAt = now;
        return true;
    }

    private StringBuilder named(String file) {
        Path name = Path.of(file).getFileName();
        return new StringBuilder(what).append(' ').append(TerminalText.inert(name == null ? file : name.toString())).append(": ");
    }

    private static String withTimeLeft(StringBuilder line, long done, long total, double rate) {
        if (total > done && rate > 0) {
            line.append(String.format(Locale.ROOT, ", %.0f s left", (total - done) / rate));
        }
        return line.toString();
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
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return System.console() != null;
        }
    }
}
