package dev.cardinal.engine;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One window of a migration that runs through a server's API (2.x, 3), from {@code start} (inclusive) to {@code stop}
 * (exclusive): the old data's time span is cut into windows of the live layout's shard group duration, aligned to the
 * epoch as a 1.x or 2.x server aligns its shard groups, run oldest first.
 */
public record MigrationWindow(Instant start, Instant stop) {
    /** Told after each window. */
    public interface Progress {
        void window(int index, int of, MigrationWindow w, long points, boolean skipped);
    }

    /** A window whose copy differs from its source: the run stops there, and the window is not recorded. */
    public static final class CheckFailed extends IOException {
        public CheckFailed(String message) {
            super(message);
        }
    }

    /** Counts the points of one window on the server. */
    public interface Counter {
        long points(MigrationWindow w) throws IOException, InterruptedException;
    }

    /** The points of each of {@code windows}, in their order, as {@code counter} counts them. */
    public static List<Long> counted(List<MigrationWindow> windows, Counter counter) throws IOException, InterruptedException {
        List<Long> out = new ArrayList<>();
        for (MigrationWindow w : windows) {
            out.add(counter.points(w));
        }
        return out;
    }

    /** The windows of {@code size} that hold the times from {@code firstNs} to {@code lastNs} (epoch nanoseconds). */
    public static List<MigrationWindow> cut(long firstNs, long lastNs, Duration size) {
        long step = size.toNanos();
        List<MigrationWindow> out = new ArrayList<>();
        for (long s = Math.floorDiv(firstNs, step) * step; s <= lastNs; s += step) {
            out.add(new MigrationWindow(instant(s), instant(s + step)));
        }
        return out;
    }

    public long startNanos() {
        return nanos(start);
    }

    public static long nanos(Instant t) {
        return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
    }

    public static Instant instant(long nanos) {
        return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
    }

    @Override
    public String toString() {
        return start + " .. " + stop;
    }
}
