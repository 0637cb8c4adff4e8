package dev.cardinal.traffic;

/** Where a line's bytes stop being UTF-8, as the server's storage checks them. */
final class Utf8 {
    private Utf8() {
    }

    /**
     * The index of the first byte in {@code [i, end)} that does not belong to a well-formed UTF-8 sequence (overlong
     * forms, surrogates and code points past U+10FFFF are not well-formed, as for Go's {@code utf8.Valid}, which
     * the server's storage applies), or -1.
     */
    static int firstInvalid(byte[] b, int i, int end) {
        while (i < end) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                i++;
                continue;
            }
            int n;
            int min;
            if (c >= 0xC2 && c <= 0xDF) {
                n = 1;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                n = 2;
                min = 0x800;
            } else if (c >= 0xF0 && c <= 0xF4) {
                n = 3;
                min = 0x10000;
            } else {
                return i;
            }
            if (i + n >= end) {
                return i;
            }
            int cp = c & (0x3F >> n);
            for (int k = 1; k <= n; k++) {
                int cc = b[i + k] & 0xFF;
                if ((cc & 0xC0) != 0x80) {
                    return i;
                }
                cp = cp << 6 | cc & 0x3F;
            }
            if (cp < min || cp > 0x10FFFF || cp >= 0xD800 && cp <= 0xDFFF) {
                return i;
            }
            i += n + 1;
        }
        return -1;
    }
}
