package dev.cardinal.traffic;

import dev.cardinal.model.ValueType;

/**
 * Writes a line that is a point into its event kind's columns: the usual line straight from the read buffer, through
 * the {@link KeyCache}, else the {@link LinePieces} the {@link PointCheck} unescaped and found the attributes of.
 */
final class PointWriter {
    private final LineParser parser;
    private final LineProtocolSyntax.LineScan scan;
    private final LinePieces pieces;
    private final KeyCache keys;
    private final SampleBuilder into;
    private final String file;

    PointWriter(LineParser parser, LineProtocolSyntax.LineScan scan, LinePieces pieces, KeyCache keys, SampleBuilder into,
        String file) {
        this.parser = parser;
        this.scan = scan;
        this.pieces = pieces;
        this.keys = keys;
        this.into = into;
        this.file = file;
    }

    /**
     * Writes the usual line of {@code b} straight away: nothing escaped, and the same keys in the same order as the
     * last line written of its measurement, each field of the type it had there. Such a line passes every check that
     * line passed (no duplicate keys, no key named time, no type conflict) but the length of its series key, which
     * is counted. True when written; false, having written nothing, for any other line.
     */
    boolean writeLikeTheLastLine(byte[] b, long ts) {
        LineParser p = parser;
        int[] attrs = pieces.attrs;
        if (scan.backslash) {
            return false;
        }
        EventKindBuilder kind = keys.kind(b, p.measurementStart, p.measurementEnd);
        if (kind == null || !keys.sameShape(p.tagCount, p.fieldCount)) {
            return false;
        }
        for (int t = 0; t < p.tagCount; t++) {
            int a = keys.tag(t, b, p.tagKeyStart[t], p.tagKeyEnd[t]);
            if (a < 0) {
                return false;
            }
            attrs[t] = a;
        }
        if (p.keyLength() + PointCheck.FIELD_KEY_SEPARATOR + p.longestFieldKey > LineProtocolSyntax.MAX_KEY_LENGTH) {
            return false;
        }
        for (int f = 0; f < p.fieldCount; f++) {
            int a = keys.field(f, b, p.fieldKeyStart[f], p.fieldKeyEnd[f]);
            if (a < 0 || p.fieldType[f] != keys.shapeType(f)) {
                return false;
            }
            attrs[p.tagCount + f] = a;
        }
        kind.beginRow();
        for (int t = 0; t < p.tagCount; t++) {
            kind.setString(attrs[t], b, p.tagValueStart[t], p.tagValueEnd[t] - p.tagValueStart[t]);
        }
        for (int f = 0; f < p.fieldCount; f++) {
            setField(kind, attrs[p.tagCount + f], f, b, p.fieldValueStart[f], p.fieldValueEnd[f] - p.fieldValueStart[f]);
        }
        kind.commit(ts);
        return true;
    }

    /**
     * Why the memory budget cannot hold the attributes the checked line brings (a line of 80,000 new fields can take
     * more than all of it at once), or null when it can.
     */
    String unaffordable() {
        LineParser p = parser;
        int added = 0;
        for (int t = 0; t < p.tagCount; t++) {
            added += !pieces.fromCache[t] && pieces.attrs[t] < 0 ? 1 : 0;
        }
        for (int f = 0; f < p.fieldCount; f++) {
            added += pieces.attrs[p.tagCount + f] == -1 ? 1 : 0;
        }
        if (added == 0 || into.affords(pieces.kind.newAttributeBytes(added))) {
            return null;
        }
        return "the memory budget of " + (into.limits().maxBytes() >> 20) + " MiB, which cannot hold the "
            + added + " new attribute" + (added == 1 ? "" : "s") + " of this line";
    }

    /** Writes the line of {@code b} that passed the check, as of physical line {@code line}, making its new attributes. */
    void write(byte[] b, long ts, long line) {
        LineParser p = parser;
        LinePieces s = pieces;
        EventKindBuilder kind = s.kind;
        kind.beginRow();
        boolean timeField = false;
        for (int t = 0; t < p.tagCount; t++) {
            int k = 1 + 2 * t;
            int a = s.attrs[t];
            if (!s.fromCache[t]) {
                if (a < 0) {
                    a = kind.attribute(s.array[k], s.start[k], s.length[k], true, ValueType.STRING, file, line);
                }
                keys.rememberTag(t, b, p.tagKeyStart[t], p.tagKeyEnd[t], a);
            }
            kind.setString(a, s.array[k + 1], s.start[k + 1], s.length[k + 1]);
        }
        int base = 1 + 2 * p.tagCount;
        for (int f = 0; f < p.fieldCount; f++) {
            int a = s.attrs[p.tagCount + f];
            if (a == -2) {
                timeField = true;
                continue;
            }
            int k = base + 2 * f;
            if (!s.fromCache[p.tagCount + f]) {
                if (a < 0) {
                    a = kind.attribute(s.array[k], s.start[k], s.length[k], false, p.fieldType[f], file, line);
                }
                keys.rememberField(f, b, p.fieldKeyStart[f], p.fieldKeyEnd[f], a);
            }
            setField(kind, a, f, s.array[k + 1], s.start[k + 1], s.length[k + 1]);
        }
        kind.commit(ts);
        if (timeField) {
            keys.forgetShape(); // the slots hold some of this line's keys now: the earlier shape no longer fits them
        } else {
            keys.rememberShape(p.tagCount, p.fieldCount, p.fieldType);
        }
    }

    /**
     * Writes field {@code f} of the parsed line to attribute {@code a}; a string's text is
     * {@code text[from, from + length)}.
     */
    private void setField(EventKindBuilder kind, int a, int f, byte[] text, int from, int length) {
        LineParser p = parser;
        switch (p.fieldType[f]) {
            case STRING -> kind.setString(a, text, from, length);
            case INTEGER, UNSIGNED -> kind.setLong(a, p.fieldLong[f]);
            case FLOAT -> kind.setDouble(a, p.fieldDouble[f]);
            case BOOLEAN -> kind.setBoolean(a, p.fieldLong[f] != 0);
        }
    }
}
