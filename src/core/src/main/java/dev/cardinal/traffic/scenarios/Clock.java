package dev.cardinal.traffic.scenarios;

import java.util.Locale;

/**
 * The clock a scenario's application stamps its events with. The shipped files use {@link #EXACT}, which keeps
 * every event at its own instant; real writers often send whole milliseconds or seconds, or stamp a burst of events
 * (a batch flushed together) with one instant, and then two events of one series can share a timestamp: InfluxDB
 * keeps one point for both. These clocks make that traffic, so projections and tests meet it.
 */
public enum Clock {
    /** Each event at its own instant, as the files under sample-data/ are (no two share a series and a time). */
    EXACT(1),
    /** Timestamps cut to whole milliseconds; events that happen in one millisecond keep it. */
    MILLISECONDS(1_000_000L),
    /** Timestamps cut to whole seconds, as many writers send them. */
    SECONDS(1_000_000_000L),
    /** Whole milliseconds, and runs of up to {@link #BURST_MAX} events stamped with the first one's instant. */
    BURST(1_000_000L);

    static final int BURST_MAX = 8;

    private final long unitNanos;

    Clock(long unitNanos) {
        this.unitNanos = unitNanos;
    }

    /** The name {@code cardinal sample-data --clock} takes: exact, ms, s, burst. */
    public String optionName() {
        return switch (this) {
            case EXACT -> "exact";
            case MILLISECONDS -> "ms";
            case SECONDS -> "s";
            case BURST -> "burst";
        };
    }

    /** The clock an option names, or an exception listing the names. */
    public static Clock ofOption(String name) {
        for (Clock c : values()) {
            if (c.optionName().equals(name.toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown clock '" + name + "' (expected exact, ms, s or burst)");
    }

    /** The event's instant as this clock reads it, cut to the clock's unit (floor: the instant already begun). */
    long cut(long epochNanos) {
        return Math.floorDiv(epochNanos, unitNanos) * unitNanos;
    }

    /**
     * The length of the burst starting at row {@code row}: 1 outside {@link #BURST}; else 1 to {@link #BURST_MAX},
     * from the row number alone so the same rows give the same bytes.
     */
    int burstLength(long row) {
        if (this != BURST) {
            return 1;
        }
        long h = (row + 1) * 0x9E37_79B9_7F4A_7C15L;
        h ^= h >>> 29;
        // about half the runs are one event alone, the rest bursts of 2 to BURST_MAX
        return (h & 1) == 0 ? 1 : 2 + (int) ((h >>> 1) % (BURST_MAX - 1));
    }
}
