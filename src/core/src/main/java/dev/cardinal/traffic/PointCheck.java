package dev.cardinal.traffic;

import dev.cardinal.model.ValueType;
import java.util.Arrays;
import java.util.List;

/**
 * Checks a parsed line as the server checks a point before it takes it (duplicate tags, the two limits on key length,
 * a tag or every field named {@code time}, field type conflicts within the line and with the sample so far), filling
 * the {@link LinePieces} the point writer writes from. What it finds is a {@link Refusal}; a line that passes costs no
 * allocation.
 */
final class PointCheck {
    /** Keys of a line compared pair by pair up to this many; beyond, by hash ({@link RepeatFinder}). */
    private static final int PAIRWISE_KEYS = 8;
    /** The length of the separator between a series key and a field key in the server's storage key ({@code #!~#}). */
    static final int FIELD_KEY_SEPARATOR = 4;

    /** Why a line is not a point: what kind of problem, at which byte of the buffer, in words. */
    record Refusal(ReadProblem.Kind kind, int at, String message) {
    }

    private final LineParser parser;
    private final LineProtocolSyntax.LineScan scan;
    private final LinePieces pieces;
    private final KeyCache keys;
    private final SampleBuilder into;
    private final LineProblems problems;
    private final RepeatFinder repeats = new RepeatFinder();
    /** Fields refused for a type first seen on an earlier line (see {@link TypeConflict}). */
    final List<TypeConflict> conflicts = new java.util.ArrayList<>();

    PointCheck(LineParser parser, LineProtocolSyntax.LineScan scan, LinePieces pieces, KeyCache keys, SampleBuilder into,
        LineProblems problems) {
        this.parser = parser;
        this.scan = scan;
        this.pieces = pieces;
        this.keys = keys;
        this.into = into;
        this.problems = problems;
    }

    /**
     * Checks the parsed line of {@code b}: null when it is a point, its pieces and their attributes (-1 for a new one)
     * in {@link #pieces}. The line's event kind is made when first named, even when the line is then refused.
     */
    Refusal check(byte[] b) {
        LineParser p = parser;
        LinePieces s = pieces;
        s.reset(1 + 2 * p.tagCount + 2 * p.fieldCount, end(p) - p.measurementStart);
        EventKindBuilder kind = keys.kind(b, p.measurementStart, p.measurementEnd);
        for (int t = 0; t < p.tagCount; t++) {
            int cached = kind == null ? -1 : keys.tag(t, b, p.tagKeyStart[t], p.tagKeyEnd[t]);
            s.attrs[t] = cached;
            s.fromCache[t] = cached >= 0;
        }
        int repeated = repeatedTag(b);
        if (repeated >= 0) {
            return new Refusal(ReadProblem.Kind.MALFORMED, p.tagKeyStart[repeated], "duplicate tags");
        }
        Refusal tooLong = keyLength();
        if (tooLong != null) {
            return tooLong;
        }
        boolean backslash = scan.backslash;
        if (kind == null) {
            s.piece(0, b, p.measurementStart, p.measurementEnd, LinePieces.Escapes.NAME, backslash);
            kind = into.kind(s.array[0], s.start[0], s.length[0]);
            keys.rememberKind(b, p.measurementStart, p.measurementEnd, kind);
        }
        s.kind = kind;
        for (int t = 0; t < p.tagCount; t++) {
            s.piece(2 + 2 * t, b, p.tagValueStart[t], p.tagValueEnd[t], LinePieces.Escapes.TAG, backslash);
            if (s.fromCache[t]) {
                continue;
            }
            int k = 1 + 2 * t;
            s.piece(k, b, p.tagKeyStart[t], p.tagKeyEnd[t], LinePieces.Escapes.TAG, backslash);
            if (s.isTime(k)) {
                return new Refusal(ReadProblem.Kind.MALFORMED, p.tagKeyStart[t],
                    "invalid tag key: a tag named 'time' is refused by the server, which drops the point");
            }
            s.attrs[t] = kind.find(s.array[k], s.start[k], s.length[k], true);
        }
        return checkFields(b, kind);
    }

    private Refusal checkFields(byte[] b, EventKindBuilder kind) {
        LineParser p = parser;
        LinePieces s = pieces;
        int base = 1 + 2 * p.tagCount;
        int timeFields = 0;
        boolean wide = p.fieldCount > PAIRWISE_KEYS;
        if (wide) {
            repeats.clear(p.fieldCount);
        }
        for (int f = 0; f < p.fieldCount; f++) {
            int k = base + 2 * f;
            s.piece(k, b, p.fieldKeyStart[f], p.fieldKeyEnd[f], LinePieces.Escapes.NAME, scan.backslash);
            if (p.fieldType[f] == ValueType.STRING) {
                s.piece(k + 1, b, p.fieldValueStart[f], p.fieldValueEnd[f], LinePieces.Escapes.STRING, scan.backslash);
            }
            int cached = keys.field(f, b, p.fieldKeyStart[f], p.fieldKeyEnd[f]);
            s.fromCache[p.tagCount + f] = cached >= 0;
            if (cached < 0 && s.isTime(k)) {
                timeFields++;
                s.attrs[p.tagCount + f] = -2;
                continue;
            }
            int a = cached >= 0 ? cached : kind.find(s.array[k], s.start[k], s.length[k], false);
            s.attrs[p.tagCount + f] = a;
            if (a >= 0 && kind.type(a) != p.fieldType[f]) {
                conflicts.add(new TypeConflict(kind, a));
                return new Refusal(ReadProblem.Kind.TYPE_CONFLICT, p.fieldKeyStart[f], "field type conflict: field '"
                    + s.text(k) + "' is " + p.fieldType[f].id() + " here but " + kind.type(a).id() + " since "
                    + (problems.inChunk() ? problems.file() + ":" + problems.absolute(kind.firstSeenLine(a)) : kind.firstSeen(a)));
            }
            int g = wide ? repeats.add(f, s.array[k], s.start[k], s.length[k]) : earlierOfOtherType(f, base);
            if (g >= 0 && p.fieldType[g] != p.fieldType[f]) {
                return new Refusal(ReadProblem.Kind.TYPE_CONFLICT, p.fieldKeyStart[f], "field type conflict: field '"
                    + s.text(k) + "' is both " + p.fieldType[g].id() + " and " + p.fieldType[f].id() + " in this line");
            }
        }
        if (timeFields == p.fieldCount) {
            return new Refusal(ReadProblem.Kind.MALFORMED, p.fieldKeyStart[0],
                "invalid field name: a field named 'time' is refused by the server, which drops the point");
        }
        return null;
    }

    /** For a line of a few fields: an earlier field with the same key as field {@code f} and another type, or -1. */
    private int earlierOfOtherType(int f, int base) {
        LineParser p = parser;
        int k = base + 2 * f;
        for (int g = 0; g < f; g++) {
            if (p.fieldType[g] != p.fieldType[f] && !pieces.knownApart(p.tagCount + f, p.tagCount + g)
                && pieces.same(k, base + 2 * g)) {
                return g;
            }
        }
        return -1;
    }

    /**
     * The first tag whose raw key equals an earlier tag's (the server compares keys as written), or -1. Pairwise for
     * a few tags, where hashing costs more than it saves; by hash beyond, so that many tags cost linear time.
     */
    private int repeatedTag(byte[] b) {
        LineParser p = parser;
        if (p.tagCount <= PAIRWISE_KEYS) {
            for (int t = 1; t < p.tagCount; t++) {
                for (int u = 0; u < t; u++) {
                    if (!pieces.knownApart(t, u) && Arrays.equals(b, p.tagKeyStart[t], p.tagKeyEnd[t], b, p.tagKeyStart[u], p.tagKeyEnd[u])) {
                        return t;
                    }
                }
            }
            return -1;
        }
        repeats.clear(p.tagCount);
        for (int t = 0; t < p.tagCount; t++) {
            if (repeats.add(t, b, p.tagKeyStart[t], p.tagKeyEnd[t] - p.tagKeyStart[t]) >= 0) {
                return t;
            }
        }
        return -1;
    }

    /**
     * The server's two limits on key length (see {@code influxdb-1x-line-protocol.md}): the series key as written,
     * and the series key plus a separator plus each field key, the key a field's values are stored under.
     */
    private Refusal keyLength() {
        LineParser p = parser;
        int keyLength = p.keyLength();
        if (keyLength > LineProtocolSyntax.MAX_KEY_LENGTH) {
            return new Refusal(ReadProblem.Kind.MALFORMED, p.measurementStart, "max key length exceeded: " + keyLength
                + " > " + LineProtocolSyntax.MAX_KEY_LENGTH);
        }
        if (keyLength + FIELD_KEY_SEPARATOR + p.longestFieldKey <= LineProtocolSyntax.MAX_KEY_LENGTH) {
            return null;
        }
        for (int f = 0; ; f++) {
            int stored = keyLength + FIELD_KEY_SEPARATOR + p.fieldKeyEnd[f] - p.fieldKeyStart[f];
            if (stored > LineProtocolSyntax.MAX_KEY_LENGTH) {
                return new Refusal(ReadProblem.Kind.MALFORMED, p.fieldKeyStart[f], "max key length exceeded: " + stored
                    + " > " + LineProtocolSyntax.MAX_KEY_LENGTH);
            }
        }
    }

    private static int end(LineParser p) {
        int e = p.measurementEnd;
        if (p.tagCount > 0) {
            e = Math.max(e, p.tagValueEnd[p.tagCount - 1]);
        }
        if (p.fieldCount > 0) {
            e = Math.max(e, p.fieldValueEnd[p.fieldCount - 1]);
        }
        return e + 1;
    }
}
