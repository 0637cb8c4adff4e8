package dev.cardinal.traffic;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Maps distinct byte strings to dense int ids starting at 1 (0 means "absent" in every column). Keys live
 * back to back in one byte arena and the hash table holds ids only, so a dictionary of a million values is a few
 * arrays, not a million objects, and looking up a slice of a read buffer allocates nothing.
 */
public final class ByteDictionary {
    private byte[] arena = new byte[1024];
    private int arenaSize;
    /** offsets[id] is where value id starts; offsets[id + 1] where it ends. */
    private int[] offsets = new int[64];
    private int[] hashes = new int[64];
    private int size;
    private int[] table = new int[128];
    private int mask = 127;

    public ByteDictionary() {
        offsets[1] = 0;
    }

    /** Number of distinct values. Ids run from 1 to {@code size()}. */
    public int size() {
        return size;
    }

    /** The id of the slice, adding it when new. */
    public int getOrAdd(byte[] buf, int off, int len) {
        int h = hash(buf, off, len);
        int slot = h & mask;
        while (true) {
            int id = table[slot];
            if (id == 0) {
                return add(buf, off, len, h, slot);
            }
            if (hashes[id] == h && equalsAt(id, buf, off, len)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The id of the slice, or 0 when it is not in the dictionary. */
    public int find(byte[] buf, int off, int len) {
        int h = hash(buf, off, len);
        int slot = h & mask;
        while (true) {
            int id = table[slot];
            if (id == 0) {
                return 0;
            }
            if (hashes[id] == h && equalsAt(id, buf, off, len)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }

    public int getOrAdd(String value) {
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        return getOrAdd(b, 0, b.length);
    }

    public int find(String value) {
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        return find(b, 0, b.length);
    }

    /** The value of {@code id} as text (decoded from UTF-8 on each call). */
    public String value(int id) {
        checkId(id);
        return new String(arena, offsets[id], offsets[id + 1] - offsets[id], StandardCharsets.UTF_8);
    }

    /** The raw bytes of {@code id}. */
    public byte[] bytes(int id) {
        checkId(id);
        return Arrays.copyOfRange(arena, offsets[id], offsets[id + 1]);
    }

    public int length(int id) {
        checkId(id);
        return offsets[id + 1] - offsets[id];
    }

    /** Bytes held, for the memory budget. */
    public long footprintBytes() {
        return arena.length + 4L * (offsets.length + hashes.length + table.length);
    }

    /** Drops spare capacity once reading is done. */
    void trim() {
        arena = Arrays.copyOf(arena, arenaSize);
        offsets = Arrays.copyOf(offsets, size + 2);
        hashes = Arrays.copyOf(hashes, size + 1);
    }

    private void checkId(int id) {
        if (id < 1 || id > size) {
            throw new IndexOutOfBoundsException("id " + id + " not in 1.." + size);
        }
    }

    private boolean equalsAt(int id, byte[] buf, int off, int len) {
        int start = offsets[id];
        return offsets[id + 1] - start == len && Arrays.equals(arena, start, start + len, buf, off, off + len);
    }

    private int add(byte[] buf, int off, int len, int h, int slot) {
        int id = size + 1;
        if (id + 1 >= offsets.length) {
            int n = offsets.length + (offsets.length >> 1);
            offsets = Arrays.copyOf(offsets, n);
            hashes = Arrays.copyOf(hashes, n);
        }
        if (arenaSize + len > arena.length) {
            long n = Math.max((long) arena.length + (arena.length >> 1), (long) arenaSize + len);
            if (n > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("dictionary arena over 2 GiB");
            }
            arena = Arrays.copyOf(arena, (int) n);
        }
        System.arraycopy(buf, off, arena, arenaSize, len);
        arenaSize += len;
        offsets[id + 1] = arenaSize;
        hashes[id] = h;
        table[slot] = id;
        size = id;
        if (size * 2 > mask) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        int n = table.length * 2;
        int[] t = new int[n];
        int m = n - 1;
        for (int id = 1; id <= size; id++) {
            int slot = hashes[id] & m;
            while (t[slot] != 0) {
                slot = (slot + 1) & m;
            }
            t[slot] = id;
        }
        table = t;
        mask = m;
    }

    /** FNV-1a over the bytes, then a murmur finaliser so that low bits spread well for the power-of-two table. */
    static int hash(byte[] buf, int off, int len) {
        int h = 0x811c9dc5;
        for (int i = off, end = off + len; i < end; i++) {
            h = (h ^ buf[i]) * 0x01000193;
        }
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }
}
