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
        /** True when the line holds a backslash: only then can anything in it be escaped. */
        boolean backslash;
        /**
         * Where the quote is that opened the first string value holding a newline, or -1: a line that runs over
         * several because of a string, which a quote left open makes of the rest of a file.
         */
        int stringOpened;
        private int openQuote;
        /**
         * Set by {@link #plainLineEnd}: false when the line surely holds no NUL and no byte that is not ASCII (true
         * may be a false alarm from the bytes just past its end).
         */
        boolean odd;

        /** Where a scan that needs more bytes stopped: it goes on from there. */
        int resumeAt;

        /**
         * As {@link #scanLine} leaves a line that ends at the newline at {@code end} with no backslash and no newline
         * inside a string ({@link LineParser#parsePlainPoint}).
         */
        void plainLine(int end) {
            this.end = end;
            newlinesInside = 0;
            backslash = false;
            stringOpened = -1;
        }

        /** The buffer's bytes moved {@code by} towards its start (those before were dropped): so do the positions. */
        void shift(int by) {
            skipUntil -= by;
            openQuote -= by;
            stringOpened = stringOpened < 0 ? -1 : Math.max(0, stringOpened - by);
        }

        /** True when the line ended (at the end of the input) inside a string value: a quote was left open. */
        boolean endedInString() {
            return quoted;
        }
        // state while scanning
        private boolean quoted;
        private boolean fields;
        private int equals;
        private int commas;
        private int skipUntil;

        private static final int GO_ON = 0;
        private static final int ENDED = 1;
        private static final int MORE = 2;

        /** One byte of 1.x's scanLine loop; only the bytes {@link #interesting} finds can do anything. */
        private int step(byte[] buf, int i, int limit, boolean eof) {
            byte b = buf[i];
            if (b == '\\') {
                backslash = true;
                if (i + 2 < limit) {
                    if (buf[i + 1] == '\n') {
                        newlinesInside++;
                    }
                    skipUntil = i + 2;
                    return GO_ON;
                }
                if (!eof) {
                    return MORE;
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
                if (quoted) {
                    openQuote = i;
                }
            } else if (b == '\n') {
                if (!quoted) {
                    end = i;
                    return ENDED;
                }
                newlinesInside++;
                if (stringOpened < 0) {
                    stringOpened = openQuote;
                }
            }
            return GO_ON;
        }
    }

    private static final java.lang.invoke.VarHandle LONGS =
        java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;

    /** 0x80 in each byte of {@code word} that equals {@code b}, exactly (no false positives). */
    private static long bytesEqual(long word, byte b) {
        long x = word ^ (ONES * (b & 0xFF));
        return ~(((x & LOW7) + LOW7) | x | LOW7);
    }

    /**
     * The index of the first {@code ','}, {@code ' '} or {@code '='} in {@code [i, end)}, or {@code end}: where a tag
     * key or value ends when the line holds no backslash (so nothing is escaped). Eight bytes at a time.
     */
    static int nextSeparator(byte[] b, int i, int end) {
        while (i + 8 <= end) {
            long w = (long) LONGS.get(b, i);
            long m = bytesEqual(w, (byte) ',') | bytesEqual(w, (byte) ' ') | bytesEqual(w, (byte) '=');
            if (m != 0) {
                return i + (Long.numberOfTrailingZeros(m) >>> 3);
            }
            i += 8;
        }
        while (i < end) {
            byte c = b[i];
            if (c == ',' || c == ' ' || c == '=') {
                return i;
            }
            i++;
        }
        return end;
    }

    /** Where the text of an input starting {@code b[0, limit)} starts: past a UTF-8 byte order mark and whitespace. */
    static int textStart(byte[] b, int limit) {
        int i = 0;
        if (limit >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF) {
            i = 3;
        }
        while (i < limit && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
            i++;
        }
        return i;
    }

    /**
     * The index of the first newline in {@code [i, limit)} when no backslash comes before it, else -1 (also when
     * there is no newline). Eight bytes at a time; on the way, {@code out.odd} is set when a byte before the newline
     * (or a few past it, in the same word) is a NUL or not ASCII, which saves the usual line a second look.
     */
    static int plainLineEnd(byte[] b, int i, int limit, LineScan out) {
        long odd = 0;
        while (i + 8 <= limit) {
            long w = (long) LONGS.get(b, i);
            // a byte's high bit set, or (as (w - ONES) & ~w has it, exactly when some byte is 0) a NUL
            odd |= w | (w - ONES) & ~w;
            long m = bytesEqual(w, (byte) '\n') | bytesEqual(w, (byte) '\\');
            if (m != 0) {
                int at = i + (Long.numberOfTrailingZeros(m) >>> 3);
                out.odd = (odd & HIGH) != 0;
                return b[at] == '\n' ? at : -1;
            }
            i += 8;
        }
        for (; i < limit; i++) {
            odd |= b[i] <= 0 ? HIGH : 0;
            if (b[i] == '\n') {
                out.odd = (odd & HIGH) != 0;
                return i;
            }
            if (b[i] == '\\') {
                return -1;
            }
        }
        return -1;
    }

    /** The index of the first {@code '"'} or backslash in {@code [i, end)}, or {@code end}. Eight bytes at a time. */
    static int nextQuoteOrBackslash(byte[] b, int i, int end) {
        while (i + 8 <= end) {
            long w = (long) LONGS.get(b, i);
            long m = bytesEqual(w, (byte) '"') | bytesEqual(w, (byte) '\\');
            if (m != 0) {
                return i + (Long.numberOfTrailingZeros(m) >>> 3);
            }
            i += 8;
        }
        while (i < end && b[i] != '"' && b[i] != '\\') {
            i++;
        }
        return i;
    }

    /**
     * The value of the eight ASCII digits at {@code b[i, i + 8)}, or -1 when any of them is not a digit; the caller
     * makes sure the eight bytes exist.
     */
    static long eightDigits(byte[] b, int i) {
        long w = (long) LONGS.get(b, i);
        // each byte 0x30..0x3F, and still so after adding 6 (so no byte is above '9')
        if ((w & 0xF0F0F0F0F0F0F0F0L) != 0x3030303030303030L
            || ((w + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) != 0x3030303030303030L) {
            return -1;
        }
        // pairs, then fours, then all eight (the first digit is in the lowest byte)
        w = ((w & 0x0F0F0F0F0F0F0F0FL) * 2561) >>> 8;
        w = ((w & 0x00FF00FF00FF00FFL) * 6553601) >>> 16;
        return ((w & 0x0000FFFF0000FFFFL) * 42949672960001L) >>> 32;
    }

    /**
     * The bytes scanLine can react to in its present state; every other byte leaves the state as it was. Before the
     * first space only a space, a backslash or a newline can matter, and inside a quoted value only a quote, a
     * backslash or a newline: skipping the rest spares a step for each tag's {@code =} and {@code ,} and for the
     * separators inside string values such as URLs.
     */
    private static long interesting(long word, LineScan state) {
        long m = bytesEqual(word, (byte) '\n') | bytesEqual(word, (byte) '\\');
        if (!state.fields) {
            return m | bytesEqual(word, (byte) ' ');
        }
        if (state.quoted) {
            return m | bytesEqual(word, (byte) '"');
        }
        return m | bytesEqual(word, (byte) '"') | bytesEqual(word, (byte) ' ') | bytesEqual(word, (byte) '=')
            | bytesEqual(word, (byte) ',');
    }

    /**
     * Finds the end of the logical line starting at {@code i}: the first newline that is neither escaped nor inside
     * a quoted string field value. Returns false when {@code limit} is reached first and {@code eof} is false
     * (more bytes are needed to decide). Reads eight bytes at a time and steps only through the ones that matter.
     */
    static boolean scanLine(byte[] buf, int i, int limit, boolean eof, LineScan out) {
        out.quoted = false;
        out.fields = false;
        out.equals = 0;
        out.commas = 0;
        out.newlinesInside = 0;
        out.backslash = false;
        out.stringOpened = -1;
        out.skipUntil = i;
        return continueScan(buf, i, limit, eof, out);
    }

    /**
     * Goes on with a scan that returned false, from {@code i} (where {@link LineScan#resumeAt} was, less what the
     * buffer moved by, see {@link LineScan#shift}): a line too long to hold is scanned through this way.
     */
    static boolean continueScan(byte[] buf, int i, int limit, boolean eof, LineScan out) {
        int w = i;
        for (; w + 8 <= limit; w += 8) {
            long word = (long) LONGS.get(buf, w);
            long m = interesting(word, out);
            while (m != 0) {
                int at = w + (Long.numberOfTrailingZeros(m) >>> 3);
                m &= m - 1;
                if (at < out.skipUntil) {
                    continue;
                }
                boolean fields = out.fields;
                boolean quoted = out.quoted;
                int r = out.step(buf, at, limit, eof);
                if (r != LineScan.GO_ON) {
                    out.resumeAt = at;
                    return r == LineScan.ENDED;
                }
                if (out.fields != fields || out.quoted != quoted) {
                    // the state changed: the rest of this word is read with the new state's bytes
                    int shift = (at - w + 1) * 8;
                    m = shift == 64 ? 0 : interesting(word, out) & (-1L << shift);
                }
            }
        }
        for (int at = Math.max(w, out.skipUntil); at < limit; at = Math.max(at + 1, out.skipUntil)) {
            int r = out.step(buf, at, limit, eof);
            if (r != LineScan.GO_ON) {
                out.resumeAt = at;
                return r == LineScan.ENDED;
            }
        }
        if (!eof) {
            out.resumeAt = Math.max(limit, out.skipUntil);
            return false;
        }
        out.end = limit;
        return true;
    }

    private static final long HIGH = 0x8080808080808080L;

    /**
     * The index of the first byte in {@code [i, end)} that is a NUL or not ASCII, or -1: nearly every line has none,
     * and then nothing in it needs a closer look for bytes that are not UTF-8 (see {@link Utf8#firstInvalid}). Eight
     * bytes at a time.
     */
    static int firstNulOrNonAscii(byte[] b, int i, int end) {
        for (; i + 8 <= end; i += 8) {
            long w = (long) LONGS.get(b, i);
            long m = (w & HIGH) | bytesEqual(w, (byte) 0);
            if (m != 0) {
                return i + (Long.numberOfTrailingZeros(m) >>> 3);
            }
        }
        for (; i < end; i++) {
            if (b[i] <= 0) {
                return i;
            }
        }
        return -1;
    }

    static boolean isWhitespace(byte b) {
        return b == ' ' || b == '\t' || b == 0;
    }

    /** True when the byte at {@code i} is escaped in the measurement/tag sections: the previous byte is a backslash. */
    static boolean escapedAt(byte[] buf, int sectionStart, int i) {
        return i > sectionStart && buf[i - 1] == '\\';
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
