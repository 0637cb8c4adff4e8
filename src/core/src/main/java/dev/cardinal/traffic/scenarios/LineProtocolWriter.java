package dev.cardinal.traffic.scenarios;

import java.io.IOException;
import java.io.Writer;
import java.util.function.LongConsumer;

/**
 * Writes points in InfluxDB line protocol, one call per part. It refuses a timestamp older than the previous one:
 * the scenarios promise time-sorted traffic, and a generator bug should fail loudly rather than ship unsorted data.
 */
final class LineProtocolWriter {
    private final Writer out;
    private final Clock clock;
    private final StringBuilder line = new StringBuilder(256);
    private boolean firstField;
    private long lastTimestamp = Long.MIN_VALUE;
    private long rows;
    /** The instant the current burst is stamped with, and the rows of it still to come. */
    private long burstStamp;
    private int burstLeft;
    /** Told the rows written so far, every {@link #REPORT_EVERY} rows (a long write's progress). */
    private LongConsumer rowsWritten = n -> { };
    private static final long REPORT_EVERY = 1 << 16;

    LineProtocolWriter(Writer out) {
        this(out, Clock.EXACT);
    }

    /** A writer that stamps each point as {@code clock} reads the instant it is given. */
    LineProtocolWriter(Writer out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    /**
     * The clock points are stamped with. A scenario that keeps its events' instants apart, so that the shipped files
     * hold no two points of a series at one time, does so only under {@link Clock#EXACT}.
     */
    Clock clock() {
        return clock;
    }

    LineProtocolWriter measurement(String name) {
        line.setLength(0);
        escape(name, false, line);
        firstField = true;
        return this;
    }

    LineProtocolWriter tag(String key, String value) {
        line.append(',');
        escape(key, true, line);
        line.append('=');
        escape(value, true, line);
        return this;
    }

    LineProtocolWriter stringField(String key, String value) {
        fieldKey(key);
        line.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                line.append('\\');
            }
            line.append(c);
        }
        line.append('"');
        return this;
    }

    LineProtocolWriter integerField(String key, long value) {
        fieldKey(key);
        line.append(value).append('i');
        return this;
    }

    /** A float already formatted by the caller (see {@link #decimal}), so the text is the same on every platform. */
    /** Reports the rows written so far to {@code progress} every 65,536 rows. */
    LineProtocolWriter reportingTo(LongConsumer progress) {
        this.rowsWritten = progress;
        return this;
    }

    LineProtocolWriter floatField(String key, String formatted) {
        fieldKey(key);
        line.append(formatted);
        return this;
    }

    void end(long epochNanos) throws IOException {
        if (epochNanos < lastTimestamp) {
            throw new IllegalStateException("timestamp " + epochNanos + " is older than the previous " + lastTimestamp);
        }
        if (firstField) {
            throw new IllegalStateException("a point needs at least one field");
        }
        lastTimestamp = epochNanos;
        line.append(' ').append(stamp(epochNanos)).append('\n');
        out.append(line);
        rows++;
        if (rows % REPORT_EVERY == 0) {
            rowsWritten.accept(rows);
        }
    }

    /** The timestamp the clock gives an event at {@code epochNanos}: never later than it, never before the last one. */
    private long stamp(long epochNanos) {
        if (burstLeft == 0) {
            burstLeft = clock.burstLength(rows);
            burstStamp = clock.cut(epochNanos);
        }
        burstLeft--;
        return burstStamp;
    }

    long rows() {
        return rows;
    }

    private void fieldKey(String key) {
        line.append(firstField ? ' ' : ',');
        firstField = false;
        escape(key, true, line);
        line.append('=');
    }

    /** Measurements escape commas and spaces; tag keys, tag values and field keys also escape '='. */
    static void escape(String s, boolean equalsToo, StringBuilder into) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == ' ' || (equalsToo && c == '=')) {
                into.append('\\');
            }
            into.append(c);
        }
    }

    /**
     * A float with {@code decimals} digits after the point and trailing zeros removed (one kept), e.g. 3.5, 12.0,
     * -0.4. Built from integer arithmetic so that no locale or formatter can change the bytes.
     */
    static String decimal(double value, int decimals) {
        if (decimals < 1 || decimals > 9) {
            throw new IllegalArgumentException("decimals must be 1..9, was " + decimals);
        }
        long scale = 1;
        for (int i = 0; i < decimals; i++) {
            scale *= 10;
        }
        long scaled = Math.round(value * scale);
        StringBuilder sb = new StringBuilder();
        if (scaled < 0) {
            sb.append('-');
            scaled = -scaled;
        }
        sb.append(scaled / scale).append('.');
        String frac = Long.toString(scale + scaled % scale).substring(1);
        int end = frac.length();
        while (end > 1 && frac.charAt(end - 1) == '0') {
            end--;
        }
        return sb.append(frac, 0, end).toString();
    }
}
