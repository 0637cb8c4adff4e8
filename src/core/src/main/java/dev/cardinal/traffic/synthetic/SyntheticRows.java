package dev.cardinal.traffic.synthetic;

import dev.cardinal.model.ValueType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The points of a {@link TrafficProfile}, one at a time, in time order: the single source of synthetic values, so
 * a sample built in memory ({@link SyntheticTraffic#generate}) and a file written from these rows hold the same
 * points. Timestamps are spread evenly over the span from {@link #START}, each jittered within its own slot, so
 * they are distinct and increasing (two points of one series never share a time and overwrite each other).
 *
 * <p>Attributes come in write order: the tags in profile order, then the fields in profile order; that is the
 * order in which a line protocol reader meets them, so a file read back lists them the same way.
 * Not thread-safe; values are valid until the next {@link #next()}.
 */
public final class SyntheticRows {
    /** A Monday, so daily and weekly boundaries fall on row boundaries of the span. */
    public static final Instant START = Instant.parse("2026-01-05T00:00:00Z");
    private static final long START_NANOS = START.getEpochSecond() * 1_000_000_000L;
    /** Key of the timestamp stream, apart from every attribute's (which are keyed by a 32-bit name hash). */
    private static final long TIME_KEY = 0x5449_4D45_0000_0001L;

    private final TrafficProfile profile;
    private final List<AttributeProfile> attributes = new ArrayList<>();
    private final ValueSource[] sources;
    private final SplittableRandom time;
    private final long total;
    private final long slotNanos;
    private long row;
    private long timestamp;

    public SyntheticRows(TrafficProfile profile) {
        this.profile = profile;
        for (AttributeProfile a : profile.attributes()) {
            if (a.asTag()) {
                attributes.add(a);
            }
        }
        for (AttributeProfile a : profile.attributes()) {
            if (!a.asTag()) {
                attributes.add(a);
            }
        }
        this.sources = attributes.stream().map(a -> ValueSource.of(a, profile)).toArray(ValueSource[]::new);
        this.time = ValueSource.keyed(profile.seed(), TIME_KEY);
        this.total = profile.points();
        this.slotNanos = profile.span().toNanos() / total;
    }

    public TrafficProfile profile() {
        return profile;
    }

    /** Points in the whole profile. */
    public long total() {
        return total;
    }

    /** Points produced so far (the 1-based number of the current point). */
    public long row() {
        return row;
    }

    /** Moves to the next point; false when all {@link #total()} points have been produced. */
    public boolean next() {
        if (row == total) {
            return false;
        }
        long jitter = slotNanos > 1 ? time.nextLong(slotNanos) : 0;
        timestamp = START_NANOS + row * slotNanos + jitter;
        for (ValueSource s : sources) {
            s.next();
        }
        row++;
        return true;
    }

    /** Nanoseconds since the epoch. */
    public long timestampNanos() {
        return timestamp;
    }

    /** The attributes in write order (tags first). */
    public List<AttributeProfile> attributes() {
        return List.copyOf(attributes);
    }

    public int attributeCount() {
        return sources.length;
    }

    public AttributeProfile attribute(int i) {
        return attributes.get(i);
    }

    /** STRING for closed sets, ids and constants; INTEGER or FLOAT for measures. */
    public ValueType type(int i) {
        return attributes.get(i).type();
    }

    /** A string value as UTF-8: {@code bytes(i)[0 .. length(i))}; the array is reused by the next point. */
    public byte[] bytes(int i) {
        return sources[i].bytes();
    }

    public int length(int i) {
        return sources[i].length();
    }

    public String text(int i) {
        return sources[i].text();
    }

    public long longValue(int i) {
        return sources[i].longValue();
    }

    public double doubleValue(int i) {
        return sources[i].doubleValue();
    }

    /** A FLOAT value as plain decimal text, e.g. {@code 21.35}: the same bytes on every platform. */
    public String decimalText(int i) {
        return sources[i].decimalText();
    }
}
