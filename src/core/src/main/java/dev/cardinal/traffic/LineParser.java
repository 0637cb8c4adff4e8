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
    boolean escapes = true;

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
        return LineNumbers.timestamp(this, i, end) ? Result.POINT : Result.ERROR;
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

    void growTags(int n) {
        tagKeyStart = Arrays.copyOf(tagKeyStart, n);
        tagKeyEnd = Arrays.copyOf(tagKeyEnd, n);
        tagValueStart = Arrays.copyOf(tagValueStart, n);
        tagValueEnd = Arrays.copyOf(tagValueEnd, n);
    }

    void growFields(int n) {
        fieldKeyStart = Arrays.copyOf(fieldKeyStart, n);
        fieldKeyEnd = Arrays.copyOf(fieldKeyEnd, n);
        fieldType = Arrays.copyOf(fieldType, n);
        fieldLong = Arrays.copyOf(fieldLong, n);
        fieldDouble = Arrays.copyOf(fieldDouble, n);
        fieldValueStart = Arrays.copyOf(fieldValueStart, n);
        fieldValueEnd = Arrays.copyOf(fieldValueEnd, n);
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
            return LineNumbers.number(this, f, i, j) ? j : -1;
        }
        return LineNumbers.bool(this, f, i, j) ? j : -1;
    }

    String text(int s, int e) {
        return new String(buf, s, e - s, java.nio.charset.StandardCharsets.UTF_8);
    }

    private Result fail(int at, String message) {
        errorAt = at;
        error = message;
        return Result.ERROR;
    }

    boolean failB(int at, String message) {
        fail(at, message);
        return false;
    }

    private int failAt(int at, String message) {
        fail(at, message);
        return -1;
    }
}
