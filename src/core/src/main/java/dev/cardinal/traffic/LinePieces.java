package dev.cardinal.traffic;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The pieces of one parsed line, unescaped, and the attribute of each key: piece 0 the measurement, then each tag's
 * key and value, then each field's key and value. A piece is a slice of the read buffer itself when it holds no
 * backslash (the usual case), else of an unescaped copy in a scratch buffer; both are reused from line to line, so
 * a line costs no allocation. The point check fills them, the point writer writes them.
 */
final class LinePieces {
    enum Escapes { NAME, TAG, STRING }

    private byte[] scratch = new byte[4096];
    private int used;
    byte[][] array = new byte[32][];
    int[] start = new int[32];
    int[] length = new int[32];
    /** The attribute of each key, tags first, then fields: -1 when new, -2 for a field named time. */
    int[] attrs = new int[32];
    /** Whether key {@code i}'s attribute came from the {@link KeyCache}. */
    boolean[] fromCache = new boolean[32];
    /** The event kind of the line checked. */
    EventKindBuilder kind;

    /** Makes room for {@code pieces} pieces and {@code bytes} bytes unescaped, and forgets the last line's. */
    void reset(int pieces, int bytes) {
        if (pieces > start.length) {
            int n = Math.max(pieces, start.length * 2);
            start = new int[n];
            length = new int[n];
            array = new byte[n][];
            attrs = new int[n];
            fromCache = new boolean[n];
        }
        if (bytes > scratch.length) {
            scratch = new byte[Math.max(bytes, scratch.length * 2)];
        }
        used = 0;
    }

    /** Makes piece {@code piece} the unescaped text of {@code src[from, to)} ({@code backslash}: the line has one). */
    void piece(int piece, byte[] src, int from, int to, Escapes escapes, boolean backslash) {
        if (!backslash || !hasBackslash(src, from, to)) {
            array[piece] = src;
            start[piece] = from;
            length[piece] = to - from;
            return;
        }
        int n = switch (escapes) {
            case NAME -> unescape(src, from, to, scratch, used, true);
            case TAG -> unescape(src, from, to, scratch, used, false);
            case STRING -> unescapeString(src, from, to, scratch, used);
        };
        array[piece] = scratch;
        start[piece] = used;
        length[piece] = n;
        used += n;
    }

    boolean isTime(int piece) {
        int s = start[piece];
        byte[] a = array[piece];
        return length[piece] == 4 && a[s] == 't' && a[s + 1] == 'i' && a[s + 2] == 'm' && a[s + 3] == 'e';
    }

    /**
     * True when keys {@code a} and {@code c} (tags first, then fields) both came from the key cache with different
     * attributes: then their raw bytes differ, for the cache maps equal raw keys to the same attribute.
     */
    boolean knownApart(int a, int c) {
        return fromCache[a] && fromCache[c] && attrs[a] != attrs[c];
    }

    boolean same(int a, int c) {
        return Arrays.equals(array[a], start[a], start[a] + length[a], array[c], start[c], start[c] + length[c]);
    }

    String text(int piece) {
        return new String(array[piece], start[piece], length[piece], StandardCharsets.UTF_8);
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
}
