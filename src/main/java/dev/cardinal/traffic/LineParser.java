package dev.cardinal.traffic;

import static dev.cardinal.traffic.LineProtocolSyntax.escapedAt;
import static dev.cardinal.traffic.LineProtocolSyntax.isWhitespace;

import dev.cardinal.model.ValueType;
import java.util.Arrays;

/**
 * Parses one line of line protocol into reusable scratch arrays (offsets into the read buffer plus decoded
 * numbers), following InfluxDB 1.x's parser rule for rule. Nothing is allocated per line. After {@link #parse}
 * returns false, {@link #errorAt} and {@link #error} say where and why.
 */
final class LineParser {
    enum Result { POINT, SKIP, ERROR }

    byte[] buf;
    int measurementStart;
    int measurementEnd;
    /** Where the series key as written (measurement and tags, still escaped) ends. */
    int keyEnd;
    /**
     * True when the series key is longer than the server takes and the tags past that length were scanned but not
     * kept: the line is refused either way, and keeping them could cost a 32 MiB line's worth of tags.
     */
    boolean tagsCut;
    int tagCount;
    int[] tagKeyStart = new int[16];
    int[] tagKeyEnd = new int[16];
    int[] tagValueStart = new int[16];
    int[] tagValueEnd = new int[16];
    int fieldCount;
    int[] fieldKeyStart = new int[16];
    int[] fieldKeyEnd = new int[16];
    ValueType[] fieldType = new ValueType[16];
    /** The length of the longest field key as written, which the server adds to the series key's (see MAX_KEY_LENGTH). */
    int longestFieldKey;
    long[] fieldLong = new long[16];
    double[] fieldDouble = new double[16];
    /** For strings: the range inside the quotes. */
    int[] fieldValueStart = new int[16];
    int[] fieldValueEnd = new int[16];
    boolean hasTimestamp;
    long timestamp;
    int timestampAt;
    /** Where the timestamp's digits end (with {@link #timestampAt}: its text). */
    int timestampEnd;
    int errorAt;
    String error;
    /** Fields a line may have; a line with more fails with {@link #tooWide} set (a memory limit, not a syntax error). */
    int maxFields = Integer.MAX_VALUE;
    boolean tooWide;

    /** The series key's length as written, which the server caps at {@link LineProtocolSyntax#MAX_KEY_LENGTH}. */
    int keyLength() {
        return keyEnd - measurementStart;
    }

    /** False when the line holds no backslash, so nothing in it is escaped and no byte needs a look back. */
    private boolean escapes = true;

    /** Parses {@code buf[start, end)}; SKIP for blank and comment lines. */
    Result parse(byte[] b, int start, int end) {
        return parse(b, start, end, true);
    }

    /** As {@link #parse(byte[], int, int)}, told whether the line holds a backslash at all. */
    Result parse(byte[] b, int start, int end, boolean backslash) {
        buf = b;
        escapes = backslash;
        tagCount = 0;
        tagsCut = false;
        tooWide = false;
        fieldCount = 0;
        longestFieldKey = 0;
        hasTimestamp = false;
        int i = start;
        while (i < end && isWhitespace(b[i])) {
            i++;
        }
        if (i == end || b[i] == '#') {
            return Result.SKIP;
        }
        // measurement
        if (b[i] == ',') {
            return fail(i, "missing measurement");
        }
        int mStart = i;
        while (true) {
            if (i >= end) {
                return fail(i, "missing fields");
            }
            byte c = b[i];
            if ((c == ',' || c == ' ') && !(escapes && escapedAt(b, mStart, i))) {
                break;
            }
            i++;
        }
        measurementStart = mStart;
        measurementEnd = i;
        keyEnd = i;
        if (b[i] == ',') {
            i = parseTags(i + 1, end);
            if (i < 0) {
                return Result.ERROR;
            }
        }
        // b[i] == ' ' here; fields follow
        while (i < end && isWhitespace(b[i])) {
            i++;
        }
        i = parseFields(i, end);
        if (i < 0) {
            return Result.ERROR;
        }
        return parseTimestamp(i, end) ? Result.POINT : Result.ERROR;
    }

    private int parseTags(int i, int end) {
        byte[] b = buf;
        while (true) {
            int kStart = i;
            if (i >= end || b[i] == ' ' || b[i] == ',' || b[i] == '=') {
                return failAt(i, "missing tag key");
            }
            while (true) {
                if (!escapes) {
                    i = LineProtocolSyntax.nextSeparator(b, i, end);
                }
                if (i >= end) {
                    return failAt(i, "missing tag value");
                }
                byte c = b[i];
                if (!(escapes && escapedAt(b, kStart, i))) {
                    if (c == '=') {
                        break;
                    }
                    if (c == ' ' || c == ',') {
                        return failAt(i, "missing tag value");
                    }
                }
                i++;
            }
            int kEnd = i;
            i++;
            int vStart = i;
            if (i >= end || b[i] == ',' || b[i] == ' ') {
                return failAt(i, "missing tag value");
            }
            while (true) {
                if (!escapes) {
                    i = LineProtocolSyntax.nextSeparator(b, i, end);
                }
                if (i >= end) {
                    return failAt(i, "missing fields");
                }
                byte c = b[i];
                if (!(escapes && escapedAt(b, vStart, i))) {
                    if (c == '=') {
                        return failAt(i, "invalid tag format");
                    }
                    if (c == ',' || c == ' ') {
                        break;
                    }
                }
                i++;
            }
            addTag(kStart, kEnd, vStart, i);
            if (b[i] == ' ') {
                return i;
            }
            i++;
        }
    }

    private void addTag(int ks, int ke, int vs, int ve) {
        keyEnd = ve;
        if (tagsCut || ks - measurementStart > LineProtocolSyntax.MAX_KEY_LENGTH) {
            tagsCut = true;
            return;
        }
        if (tagCount == tagKeyStart.length) {
            growTags(tagCount * 2);
        }
        tagKeyStart[tagCount] = ks;
        tagKeyEnd[tagCount] = ke;
        tagValueStart[tagCount] = vs;
        tagValueEnd[tagCount] = ve;
        tagCount++;
    }

    private int parseFields(int i, int end) {
        byte[] b = buf;
        if (i >= end) {
            return failAt(i, "invalid field format");
        }
        while (true) {
            int kStart = i;
            while (true) {
                if (i >= end) {
                    return failAt(i, "invalid field format");
                }
                byte c = b[i];
                if (c == '\\' && i + 1 < end) {
                    i += 2;
                    continue;
                }
                if (c == '=') {
                    break;
                }
                if (c == ' ' || c == ',') {
                    return failAt(i, "invalid field format");
                }
                i++;
            }
            if (i == kStart) {
                return failAt(i, "missing field key");
            }
            int kEnd = i;
            i++;
            if (i >= end || b[i] == ',' || b[i] == ' ') {
                return failAt(i, "missing field value");
            }
            if (fieldCount == maxFields) {
                tooWide = true;
                return failAt(kStart, "more than " + maxFields + " fields");
            }
            int slot = newField(kStart, kEnd);
            i = parseValue(slot, i, end);
            if (i < 0) {
                return -1;
            }
            if (i >= end || b[i] == ' ') {
                return i;
            }
            if (b[i] != ',') {
                return failAt(i, "invalid field format");
            }
            i++;
            if (i >= end || b[i] == ' ') {
                return failAt(i, "invalid field format");
            }
        }
    }

    private int newField(int ks, int ke) {
        if (fieldCount == fieldKeyStart.length) {
            growFields(fieldCount * 2);
        }
        fieldKeyStart[fieldCount] = ks;
        fieldKeyEnd[fieldCount] = ke;
        longestFieldKey = Math.max(longestFieldKey, ke - ks);
        return fieldCount++;
    }

    private void growTags(int n) {
        tagKeyStart = Arrays.copyOf(tagKeyStart, n);
        tagKeyEnd = Arrays.copyOf(tagKeyEnd, n);
        tagValueStart = Arrays.copyOf(tagValueStart, n);
        tagValueEnd = Arrays.copyOf(tagValueEnd, n);
    }

    private void growFields(int n) {
        fieldKeyStart = Arrays.copyOf(fieldKeyStart, n);
        fieldKeyEnd = Arrays.copyOf(fieldKeyEnd, n);
        fieldType = Arrays.copyOf(fieldType, n);
        fieldLong = Arrays.copyOf(fieldLong, n);
        fieldDouble = Arrays.copyOf(fieldDouble, n);
        fieldValueStart = Arrays.copyOf(fieldValueStart, n);
        fieldValueEnd = Arrays.copyOf(fieldValueEnd, n);
    }

    private static final ValueType[] TYPES = ValueType.values();

    /**
     * Appends what the last parse, which found a point in a line without a backslash, holds to {@code out}: for
     * another thread's parser to {@link #load}. What a point needs only (an error's place and reason are not kept).
     */
    void save(LinePipeline.Batch out) {
        out.putInts(measurementStart, measurementEnd, keyEnd, tagCount, fieldCount, longestFieldKey,
            (hasTimestamp ? 1 : 0) | (tagsCut ? 2 : 0), timestampAt, timestampEnd);
        for (int t = 0; t < tagCount; t++) {
            out.putInts(tagKeyStart[t], tagKeyEnd[t], tagValueStart[t], tagValueEnd[t]);
        }
        for (int f = 0; f < fieldCount; f++) {
            ValueType type = fieldType[f];
            out.putInts(fieldKeyStart[f], fieldKeyEnd[f], fieldValueStart[f], fieldValueEnd[f], type.ordinal());
            out.putLong(type == ValueType.FLOAT ? Double.doubleToRawLongBits(fieldDouble[f]) : fieldLong[f]);
        }
        out.putLong(timestamp);
    }

    /**
     * The usual line at {@code b[pos]}, parsed without scanning it first: with no backslash before the first newline,
     * that newline ends the line unless it is inside a quoted string value, and a line that parses as a point up to it
     * has none (with nothing escaped, the parser and {@link LineProtocolSyntax#scanLine} agree on where quoted values
     * start and end, once the line does not begin with whitespace). True when the line parsed so, with {@code scan}
     * as the scan would have left it; anything else (a backslash, a parse error, a blank or comment line, no newline
     * before {@code limit}) is left to the scan.
     */
    boolean parsePlainPoint(byte[] b, int pos, int limit, LineProtocolSyntax.LineScan scan) {
        int nl = LineProtocolSyntax.plainLineEnd(b, pos, limit, scan);
        // a space after leading whitespace would start the scan's field section before the parser's (which skips it)
        if (nl < 0 || isWhitespace(b[pos])) {
            return false;
        }
        int contentEnd = nl > pos && b[nl - 1] == '\r' ? nl - 1 : nl;
        if (parse(b, pos, contentEnd, false) != Result.POINT) {
            return false;
        }
        scan.plainLine(nl);
        return true;
    }

    /** Holds the point {@link #save} wrote to {@code in}, as the parse of {@code b} that found it left it. */
    void load(LinePipeline.Batch in, byte[] b) {
        buf = b;
        escapes = false;
        tooWide = false;
        measurementStart = in.nextInt();
        measurementEnd = in.nextInt();
        keyEnd = in.nextInt();
        tagCount = in.nextInt();
        fieldCount = in.nextInt();
        longestFieldKey = in.nextInt();
        int flags = in.nextInt();
        hasTimestamp = (flags & 1) != 0;
        tagsCut = (flags & 2) != 0;
        timestampAt = in.nextInt();
        timestampEnd = in.nextInt();
        if (tagCount > tagKeyStart.length) {
            growTags(Math.max(tagCount, 2 * tagKeyStart.length));
        }
        for (int t = 0; t < tagCount; t++) {
            tagKeyStart[t] = in.nextInt();
            tagKeyEnd[t] = in.nextInt();
            tagValueStart[t] = in.nextInt();
            tagValueEnd[t] = in.nextInt();
        }
        if (fieldCount > fieldKeyStart.length) {
            growFields(Math.max(fieldCount, 2 * fieldKeyStart.length));
        }
        for (int f = 0; f < fieldCount; f++) {
            fieldKeyStart[f] = in.nextInt();
            fieldKeyEnd[f] = in.nextInt();
            fieldValueStart[f] = in.nextInt();
            fieldValueEnd[f] = in.nextInt();
            ValueType type = TYPES[in.nextInt()];
            fieldType[f] = type;
            long value = in.nextLong();
            if (type == ValueType.FLOAT) {
                fieldDouble[f] = Double.longBitsToDouble(value);
            } else {
                fieldLong[f] = value;
            }
        }
        timestamp = in.nextLong();
    }

    private int parseValue(int f, int i, int end) {
        byte[] b = buf;
        byte c = b[i];
        if (c == '"') {
            int s = i + 1;
            int j = s;
            while (true) {
                j = LineProtocolSyntax.nextQuoteOrBackslash(b, j, end);
                if (j >= end) {
                    return failAt(i, "unbalanced quotes");
                }
                if (b[j] == '\\' && j + 1 < end) {
                    j += 2;
                    continue;
                }
                if (b[j] == '"') {
                    break;
                }
                j++;
            }
            fieldType[f] = ValueType.STRING;
            fieldValueStart[f] = s;
            fieldValueEnd[f] = j;
            j++;
            if (j < end && b[j] != ',' && b[j] != ' ') {
                return failAt(j, "invalid field format");
            }
            return j;
        }
        int j = i;
        while (j < end && b[j] != ',' && b[j] != ' ') {
            j++;
        }
        fieldValueStart[f] = i;
        fieldValueEnd[f] = j;
        if (c >= '0' && c <= '9' || c == '.' || c == '-' || c == 'N' || c == 'n') {
            return parseNumber(f, i, j) ? j : -1;
        }
        return parseBoolean(f, i, j) ? j : -1;
    }

    private boolean parseNumber(int f, int s, int e) {
        byte[] b = buf;
        byte last = b[e - 1];
        if (last == 'i' || last == 'u') {
            int ds = s;
            boolean negative = b[ds] == '-';
            if (negative) {
                ds++;
            }
            if (ds >= e - 1) {
                return failB(s, "invalid number");
            }
            for (int k = ds; k < e - 1; k++) {
                if (b[k] < '0' || b[k] > '9') {
                    return failB(k, "invalid number");
                }
            }
            if (last == 'u') {
                if (negative) {
                    return failB(s, "invalid number: an unsigned value cannot be negative");
                }
                long v = 0;
                for (int k = ds; k < e - 1; k++) {
                    long d = b[k] - '0';
                    if (Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, 10)) > 0) {
                        return failB(s, "unable to parse unsigned " + text(s, e - 1) + ": value out of range");
                    }
                    v = v * 10 + d;
                }
                fieldType[f] = ValueType.UNSIGNED;
                fieldLong[f] = v;
                return true;
            }
            long v = 0;
            boolean shortNumber = e - 1 - ds <= 18;
            for (int k = ds; k < e - 1; k++) {
                int d = b[k] - '0';
                if (!shortNumber && v < (Long.MIN_VALUE + d) / 10) {
                    return failB(s, "unable to parse integer " + text(s, e - 1) + ": value out of range");
                }
                v = v * 10 - d;
            }
            if (!negative) {
                if (v == Long.MIN_VALUE) {
                    return failB(s, "unable to parse integer " + text(s, e - 1) + ": value out of range");
                }
                v = -v;
            }
            fieldType[f] = ValueType.INTEGER;
            fieldLong[f] = v;
            return true;
        }
        return parseFloat(f, s, e);
    }

    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22};

    /**
     * Checks the float grammar 1.x accepts ({@code -?digits[.digits][(e|E)[+-]digits]}, a lone dot allowed on either
     * side) and converts. Short decimals take Clinger's exact fast path; the rest go through the JDK.
     */
    private boolean parseFloat(int f, int s, int e) {
        byte[] b = buf;
        int i = s;
        boolean negative = b[i] == '-';
        if (negative) {
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int significant = 0;
        int scale = 0;
        boolean dot = false;
        for (; i < e; i++) {
            byte c = b[i];
            if (c >= '0' && c <= '9') {
                digits++;
                if (significant < 18) {
                    if (mantissa != 0 || c != '0') {
                        significant++;
                    }
                    mantissa = mantissa * 10 + (c - '0');
                    if (dot) {
                        scale--;
                    }
                } else {
                    significant++;
                    if (!dot) {
                        scale++;
                    }
                }
            } else if (c == '.' && !dot) {
                dot = true;
            } else {
                break;
            }
        }
        if (digits == 0) {
            return failB(s, "invalid number");
        }
        int exponent = 0;
        if (i < e && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            boolean expNegative = false;
            if (i < e && (b[i] == '+' || b[i] == '-')) {
                expNegative = b[i] == '-';
                i++;
            }
            int expDigits = 0;
            for (; i < e && b[i] >= '0' && b[i] <= '9'; i++) {
                expDigits++;
                if (exponent < 100_000) {
                    exponent = exponent * 10 + (b[i] - '0');
                }
            }
            if (expDigits == 0) {
                return failB(s, "invalid float");
            }
            if (expNegative) {
                exponent = -exponent;
            }
        }
        if (i != e) {
            return failB(i, "invalid number");
        }
        double v;
        int p = scale + exponent;
        if (significant <= 15 && p >= -22 && p <= 22) {
            v = p >= 0 ? mantissa * POWERS_OF_TEN[p] : mantissa / POWERS_OF_TEN[-p];
        } else {
            v = Double.parseDouble(text(negative ? s + 1 : s, e));
        }
        if (Double.isInfinite(v)) {
            return failB(s, "invalid float: out of range");
        }
        fieldType[f] = ValueType.FLOAT;
        fieldDouble[f] = negative ? -v : v;
        return true;
    }

    private boolean parseBoolean(int f, int s, int e) {
        int n = e - s;
        byte[] b = buf;
        boolean value;
        if (n == 1 && (b[s] == 't' || b[s] == 'T')) {
            value = true;
        } else if (n == 1 && (b[s] == 'f' || b[s] == 'F')) {
            value = false;
        } else if (n == 4 && (matches(s, "true") || matches(s, "True") || matches(s, "TRUE"))) {
            value = true;
        } else if (n == 5 && (matches(s, "false") || matches(s, "False") || matches(s, "FALSE"))) {
            value = false;
        } else {
            return failB(s, "invalid boolean");
        }
        fieldType[f] = ValueType.BOOLEAN;
        fieldLong[f] = value ? 1 : 0;
        return true;
    }

    private boolean matches(int s, String word) {
        for (int k = 0; k < word.length(); k++) {
            if (buf[s + k] != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private boolean parseTimestamp(int i, int end) {
        byte[] b = buf;
        while (i < end && isWhitespace(b[i])) {
            i++;
        }
        if (i >= end) {
            return true;
        }
        int s = i;
        boolean negative = b[i] == '-';
        if (negative) {
            i++;
        }
        int ds = i;
        long v = 0;
        int converted = ds;
        if (ds + 16 <= end) {
            // the usual nanosecond timestamp: its first sixteen digits eight at a time
            long high = LineProtocolSyntax.eightDigits(b, ds);
            long low = high < 0 ? -1 : LineProtocolSyntax.eightDigits(b, ds + 8);
            if (low >= 0) {
                v = -(high * 100_000_000L + low);
                converted = ds + 16;
                i = converted;
            }
        }
        while (i < end && b[i] != ' ') {
            if (b[i] < '0' || b[i] > '9') {
                return failB(i, "bad timestamp");
            }
            i++;
        }
        if (i == ds) {
            return failB(s, "bad timestamp");
        }
        // 18 digits cannot overflow: no range check for them (nanosecond timestamps have 19)
        int unchecked = Math.min(i, ds + 18);
        for (int k = converted; k < unchecked; k++) {
            v = v * 10 - (b[k] - '0');
        }
        // v * 10 - d stays in range while v > MIN / 10, or v == MIN / 10 and d <= 8 (MIN ends in 8)
        long limit = Long.MIN_VALUE / 10;
        for (int k = unchecked; k < i; k++) {
            int d = b[k] - '0';
            if (v < limit || v == limit && d > 8) {
                return failB(s, "bad timestamp " + text(s, i) + ": value out of range");
            }
            v = v * 10 - d;
        }
        if (!negative) {
            if (v == Long.MIN_VALUE) {
                return failB(s, "bad timestamp " + text(s, i) + ": value out of range");
            }
            v = -v;
        }
        for (int k = i; k < end; k++) {
            if (b[k] != ' ') {
                return failB(k, "point is invalid: unexpected text after the timestamp");
            }
        }
        hasTimestamp = true;
        timestamp = v;
        timestampAt = s;
        timestampEnd = i;
        return true;
    }

    String text(int s, int e) {
        return new String(buf, s, e - s, java.nio.charset.StandardCharsets.UTF_8);
    }

    private Result fail(int at, String message) {
        errorAt = at;
        error = message;
        return Result.ERROR;
    }

    private boolean failB(int at, String message) {
        fail(at, message);
        return false;
    }

    private int failAt(int at, String message) {
        fail(at, message);
        return -1;
    }
}
