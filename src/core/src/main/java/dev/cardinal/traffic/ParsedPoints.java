package dev.cardinal.traffic;

import dev.cardinal.model.ValueType;

/**
 * A parsed point handed from the pipeline's line-finding thread to the thread that takes it ({@link LinePipeline}):
 * what one {@link LineParser} holds after a point, written into a batch and read back into another parser.
 */
final class ParsedPoints {
    private ParsedPoints() {
    }

    private static final ValueType[] TYPES = ValueType.values();

    /**
     * Appends what the last parse, which found a point in a line without a backslash, holds to {@code out}: for
     * another thread's parser to {@link #load}. What a point needs only (an error's place and reason are not kept).
     */
    static void save(LineParser p, LinePipeline.Batch out) {
        out.putInts(p.measurementStart, p.measurementEnd, p.keyEnd, p.tagCount, p.fieldCount, p.longestFieldKey,
            (p.hasTimestamp ? 1 : 0) | (p.tagsCut ? 2 : 0), p.timestampAt, p.timestampEnd);
        for (int t = 0; t < p.tagCount; t++) {
            out.putInts(p.tagKeyStart[t], p.tagKeyEnd[t], p.tagValueStart[t], p.tagValueEnd[t]);
        }
        for (int f = 0; f < p.fieldCount; f++) {
            ValueType type = p.fieldType[f];
            out.putInts(p.fieldKeyStart[f], p.fieldKeyEnd[f], p.fieldValueStart[f], p.fieldValueEnd[f], type.ordinal());
            out.putLong(type == ValueType.FLOAT ? Double.doubleToRawLongBits(p.fieldDouble[f]) : p.fieldLong[f]);
        }
        out.putLong(p.timestamp);
    }

    /** Holds the point {@link #save} wrote to {@code in}, as the parse of {@code b} that found it left it. */
    static void load(LineParser p, LinePipeline.Batch in, byte[] b) {
        p.buf = b;
        p.escapes = false;
        p.tooWide = false;
        p.measurementStart = in.nextInt();
        p.measurementEnd = in.nextInt();
        p.keyEnd = in.nextInt();
        p.tagCount = in.nextInt();
        p.fieldCount = in.nextInt();
        p.longestFieldKey = in.nextInt();
        int flags = in.nextInt();
        p.hasTimestamp = (flags & 1) != 0;
        p.tagsCut = (flags & 2) != 0;
        p.timestampAt = in.nextInt();
        p.timestampEnd = in.nextInt();
        if (p.tagCount > p.tagKeyStart.length) {
            p.growTags(Math.max(p.tagCount, 2 * p.tagKeyStart.length));
        }
        for (int t = 0; t < p.tagCount; t++) {
            p.tagKeyStart[t] = in.nextInt();
            p.tagKeyEnd[t] = in.nextInt();
            p.tagValueStart[t] = in.nextInt();
            p.tagValueEnd[t] = in.nextInt();
        }
        if (p.fieldCount > p.fieldKeyStart.length) {
            p.growFields(Math.max(p.fieldCount, 2 * p.fieldKeyStart.length));
        }
        for (int f = 0; f < p.fieldCount; f++) {
            p.fieldKeyStart[f] = in.nextInt();
            p.fieldKeyEnd[f] = in.nextInt();
            p.fieldValueStart[f] = in.nextInt();
            p.fieldValueEnd[f] = in.nextInt();
            ValueType type = TYPES[in.nextInt()];
            p.fieldType[f] = type;
            long value = in.nextLong();
            if (type == ValueType.FLOAT) {
                p.fieldDouble[f] = Double.longBitsToDouble(value);
            } else {
                p.fieldLong[f] = value;
            }
        }
        p.timestamp = in.nextLong();
    }
}
