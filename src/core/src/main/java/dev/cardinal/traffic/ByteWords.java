package dev.cardinal.traffic;

import java.util.Arrays;

/**
 * Byte strings compared and hashed eight bytes at a time, for the dictionaries ({@link ByteDictionary}) and the caches
 * beside them: values there are short (ids, names), where {@link Arrays#equals} spends more on its range checks and
 * set-up than on comparing.
 */
final class ByteWords {
    private ByteWords() {
    }

    /**
     * Equal bytes, eight at a time. Values here are short (ids, names), where {@link Arrays#equals} spends more on
     * its range checks and set-up than on comparing.
     */
    static boolean same(byte[] a, int aOff, byte[] b, int bOff, int len) {
        if (len < 8 && aOff + 8 <= a.length && bOff + 8 <= b.length) {
            // a short value (a device, an event, most keys): one word each, the bytes past it masked off
            long x = (long) LONGS.get(a, aOff) ^ (long) LONGS.get(b, bOff);
            return (x & lowBytes(len)) == 0;
        }
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            if ((long) LONGS.get(a, aOff + i) != (long) LONGS.get(b, bOff + i)) {
                return false;
            }
        }
        if (i == len) {
            return true;
        }
        if (len >= 8) {
            // the last eight bytes, overlapping the words already compared
            return (long) LONGS.get(a, aOff + len - 8) == (long) LONGS.get(b, bOff + len - 8);
        }
        for (; i < len; i++) {
            if (a[aOff + i] != b[bOff + i]) {
                return false;
            }
        }
        return true;
    }

    /** Per character of {@code ascii} (each below 0x80), a word holding it in every byte, for {@link #holdsAny}. */
    static long[] byteMasks(String ascii) {
        long[] masks = new long[ascii.length()];
        for (int i = 0; i < masks.length; i++) {
            char c = ascii.charAt(i);
            if (c >= 0x80) {
                throw new IllegalArgumentException("not ASCII: " + ascii);
            }
            masks[i] = 0x0101010101010101L * c;
        }
        return masks;
    }

    /**
     * Whether {@code buf[from, to)} holds a byte of {@code masks} ({@link #byteMasks}), eight bytes at a time: a
     * word's bytes equal to the character become zero under XOR, and a zero byte is found with the classic
     * {@code (x - 0x01..) & ~x & 0x80..} test, which is exact for "some byte is zero".
     */
    static boolean holdsAny(byte[] buf, int from, int to, long[] masks) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(buf, i);
            for (long m : masks) {
                long x = w ^ m;
                if (((x - 0x0101010101010101L) & ~x & 0x8080808080808080L) != 0) {
                    return true;
                }
            }
        }
        for (; i < to; i++) {
            for (long m : masks) {
                if (buf[i] == (byte) m) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A mask of the low {@code n} bytes of a little-endian word, {@code n} from 0 to 7. */
    static long lowBytes(int n) {
        return (1L << (n << 3)) - 1;
    }

    private static final java.lang.invoke.VarHandle LONGS =
        java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /**
     * Eight bytes at a time, each word multiplied in and rotated (the wyhash/xxh style of mixing), then a murmur
     * finaliser so that the low bits spread well for the power-of-two table.
     */
    static int hash(byte[] buf, int off, int len) {
        long h = 0x9E3779B97F4A7C15L ^ len;
        int i = off;
        int end = off + len;
        for (; i + 8 <= end; i += 8) {
            long w = (long) LONGS.get(buf, i);
            h = Long.rotateLeft(h ^ (w * 0xC2B2AE3D27D4EB4FL), 31) * 0x9E3779B97F4A7C15L;
        }
        long tail = 0;
        if (i < end && len >= 8) {
            // the last eight bytes, overlapping the words already mixed in
            tail = (long) LONGS.get(buf, end - 8);
        } else if (off + 8 <= buf.length) {
            // shorter than a word: the same bytes as the loop below would gather, read as one word and masked
            tail = (long) LONGS.get(buf, off) & lowBytes(len);
        } else {
            for (int shift = 0; i < end; i++, shift += 8) {
                tail |= (buf[i] & 0xFFL) << shift;
            }
        }
        h = Long.rotateLeft(h ^ (tail * 0xC2B2AE3D27D4EB4FL), 31) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        return (int) h ^ (int) (h >>> 32);
    }
}
