package dev.cardinal.traffic;

/**
 * Byte-level rules of InfluxDB 1.x line protocol, as its parser ({@code models/points.go}) applies them. The
 * evidence, checked against a real 1.6.7 server, is in {@code src/test/resources/influxdb-1x-line-protocol.md}.
 */
final class LineProtocolSyntax {
    static final int MAX_KEY_LENGTH = 65535;
    static final long MIN_NANOS = Long.MIN_VALUE + 2;
    static final long MAX_NANOS = Long.MAX_VALUE - 1;

    private LineProtocolSyntax() {
    }

    /** Where {@code lineEnd} should stop for the line starting at {@code i}; mirrors 1.x's scanLine. */
    static final class LineScan {
        int end;
        int newlinesInside;
    }

    /**
     * Finds the end of the logical line starting at {@code i}: the first newline that is neither escaped nor inside
     * a quoted string field value. Returns false when {@code limit} is reached first and {@code eof} is false
     * (more bytes are needed to decide).
     */
    static boolean scanLine(byte[] buf, int i, int limit, boolean eof, LineScan out) {
        boolean quoted = false;
        boolean fields = false;
        int equals = 0;
        int commas = 0;
        int newlines = 0;
        while (i < limit) {
            byte b = buf[i];
            if (b == '\\') {
                if (i + 2 < limit) {
                    if (buf[i + 1] == '\n') {
                        newlines++;
                    }
                    i += 2;
                    continue;
                }
                if (!eof) {
                    return false;
                }
            }
            if (b == ' ') {
                fields = true;
            }
            if (fields && !quoted && b == '=') {
                equals++;
            } else if (fields && !quoted && b == ',') {
                commas++;
            } else if (fields && b == '"' && equals > commas) {
                quoted = !quoted;
            } else if (b == '\n') {
                if (!quoted) {
                    out.end = i;
                    out.newlinesInside = newlines;
                    return true;
                }
                newlines++;
            }
            i++;
        }
        if (!eof) {
            return false;
        }
        out.end = limit;
        out.newlinesInside = newlines;
        return true;
    }

    static boolean isWhitespace(byte b) {
        return b == ' ' || b == '\t' || b == 0;
    }

    /** True when the byte at {@code i} is escaped in the measurement/tag sections: the previous byte is a backslash. */
    static boolean escapedAt(byte[] buf, int sectionStart, int i) {
        return i > sectionStart && buf[i - 1] == '\\';
    }

    /**
     * Copies {@code buf[from, to)} to {@code out} at {@code at}, replacing {@code \,} {@code \ } {@code \=} (and
     * {@code \"} when {@code quotes}) with the bare character; any other backslash is kept. Returns the length.
     */
    static int unescape(byte[] buf, int from, int to, byte[] out, int at, boolean quotes) {
        int n = at;
        int i = from;
        while (i < to) {
            byte b = buf[i];
            if (b == '\\' && i + 1 < to) {
                byte c = buf[i + 1];
                if (c == ',' || c == ' ' || c == '=' || quotes && c == '"') {
                    out[n++] = c;
                    i += 2;
                    continue;
                }
            }
            out[n++] = b;
            i++;
        }
        return n - at;
    }

    /** Unescapes a string field value: {@code \"} and {@code \\}; other backslashes are kept. */
    static int unescapeString(byte[] buf, int from, int to, byte[] out, int at) {
        int n = at;
        int i = from;
        while (i < to) {
            byte b = buf[i];
            if (b == '\\' && i + 1 < to && (buf[i + 1] == '"' || buf[i + 1] == '\\')) {
                out[n++] = buf[i + 1];
                i += 2;
            } else {
                out[n++] = b;
                i++;
            }
        }
        return n - at;
    }

    static boolean hasBackslash(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == '\\') {
                return true;
            }
        }
        return false;
    }

    /** Nanoseconds per unit of a sample file's precision. */
    static long precisionMultiplier(String precision) {
        return switch (precision == null ? "ns" : precision) {
            case "ns", "n" -> 1L;
            case "us", "u" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            default -> throw new IllegalArgumentException("unknown precision '" + precision + "' (expected ns, us, ms or s)");
        };
    }
}
