package dev.cardinal.traffic;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Maps distinct byte strings to dense int ids starting at 1 (0 means "absent" in every column). Keys live
 * back to back in one byte arena and the hash table holds ids only, so a dictionary of a million values is a few
 * arrays, not a million objects, and looking up a slice of a read buffer allocates nothing.
 */
public final class ByteDictionary {
    private byte[] arena = new byte[64];
    private int arenaSize;
    /** offsets[id] is where value id starts; offsets[id + 1] where it ends. */
    private int[] offsets = new int[16];
    private int[] hashes = new int[16];
    private int size;
    /** Open addressing; each slot is {@code (hash << 32) | id}, 0 when empty, so a probe reads one array. */
    private long[] table = new long[32];
    private int mask = 31;
    /**
     * Slots per region, less one: the table is one region ({@code mask}) until {@link #partition} cuts it into {@link
     * #REGIONS} regions by the hash's top bits, each probed within itself, so that threads may probe and add to
     * different regions at once ({@link PartitionedProbes}). A value's region never changes as the table grows.
     */
    private int regionMask = 31;
    /** Values per region once partitioned, else null; a region is grown before it is three quarters full. */
    private int[] regionCount;
    /**
     * Values met lately, direct-mapped by hash, each slot {@code (hash << 32) | id}: ids, sessions and users come
     * in bursts, and a hit here costs no probe of the big table (a cache miss at high cardinality); the bytes are
     * still compared, in the arena, where a value met lately is likely still cached. Made once the dictionary
     * outgrows the cache-friendly sizes (small dictionaries, of which a sample may have thousands, need none).
     */
    private long[] recent;
    /**
     * Spare bytes kept past the last value, so that any value in the arena can be read as a whole word by
     * {@link #sameBytes}; other arrays compared with it (the key cache's) keep as many.
     */
    static final int WORD_SLACK = 8;
    private static final int RECENT = 4096;
    /** The regions of a partitioned table ({@link #partition}), chosen by the hash's top {@code 32 - REGION_SHIFT} bits. */
    static final int REGIONS = 16;
    static final int REGION_SHIFT = 28;
    /** The fewest slots a region of a partitioned table has. */
    private static final int MIN_REGION_SLOTS = 64;

    public ByteDictionary() {
        offsets[1] = 0;
    }

    /** Number of distinct values. Ids run from 1 to {@code size()}. */
    public int size() {
        return size;
    }

    /** The id of the slice, adding it when new. */
    public int getOrAdd(byte[] buf, int off, int len) {
        return getOrAdd(buf, off, len, hash(buf, off, len));
    }

    /** The id of value {@code id} of {@code other}, adding it when new (its hash is not computed again). */
    int getOrAdd(ByteDictionary other, int id) {
        other.checkId(id);
        int from = other.offsets[id];
        return getOrAdd(other.arena, from, other.offsets[id + 1] - from, other.hashes[id]);
    }

    private int getOrAdd(byte[] buf, int off, int len, int h) {
        int r = (h >>> 16) & (RECENT - 1);
        if (recent != null) {
            long last = recent[r];
            if (last != 0 && (int) (last >>> 32) == h && equalsAt((int) last, buf, off, len)) {
                return (int) last;
            }
        }
        int slot = slotOf(h);
        int id;
        while (true) {
            long e = table[slot];
            if (e == 0) {
                id = add(buf, off, len, h, slot);
                break;
            }
            if ((int) (e >>> 32) == h && equalsAt((int) e, buf, off, len)) {
                id = (int) e;
                break;
            }
            slot = nextSlot(slot);
        }
        if (recent != null) {
            recent[r] = entry(h, id);
        } else if (size > RECENT / 4) {
            recent = new long[RECENT];
        }
        return id;
    }

    /** The id of the slice, or 0 when it is not in the dictionary. */
    public int find(byte[] buf, int off, int len) {
        int h = hash(buf, off, len);
        int slot = slotOf(h);
        while (true) {
            long e = table[slot];
            if (e == 0) {
                return 0;
            }
            int id = (int) e;
            if ((int) (e >>> 32) == h && equalsAt(id, buf, off, len)) {
                return id;
            }
            slot = nextSlot(slot);
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
        return arena.length + 4L * (offsets.length + hashes.length) + 8L * (table.length + (recent == null ? 0 : recent.length));
    }

    /** Drops spare capacity once reading is done. */
    void trim() {
        arena = Arrays.copyOf(arena, arenaSize + WORD_SLACK);
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
        return offsets[id + 1] - start == len && sameBytes(arena, start, buf, off, len);
    }

    /**
     * Equal bytes, eight at a time. Values here are short (ids, names), where {@link Arrays#equals} spends more on
     * its range checks and set-up than on comparing.
     */
    static boolean sameBytes(byte[] a, int aOff, byte[] b, int bOff, int len) {
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

    private int add(byte[] buf, int off, int len, int h, int slot) {
        int id = append(buf, off, len, h);
        table[slot] = entry(h, id);
        if (regionCount != null) {
            regionCount[h >>> REGION_SHIFT]++;
        }
        if (size * 2 > mask || regionCount != null && regionCount[h >>> REGION_SHIFT] * 4 > (regionMask + 1) * 3) {
            rehash(table.length * 2);
        }
        return id;
    }

    /** Adds the slice as value {@code size() + 1} without entering it in the table (the caller does, or did). */
    int append(byte[] buf, int off, int len, int h) {
        int id = size + 1;
        if (id + 1 >= offsets.length) {
            int n = offsets.length + (offsets.length >> 1);
            offsets = Arrays.copyOf(offsets, n);
            hashes = Arrays.copyOf(hashes, n);
        }
        if (arenaSize + len + WORD_SLACK > arena.length) {
            long n = Math.max((long) arena.length + (arena.length >> 1), (long) arenaSize + len + WORD_SLACK);
            if (n > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("dictionary arena over 2 GiB");
            }
            arena = Arrays.copyOf(arena, (int) n);
        }
        System.arraycopy(buf, off, arena, arenaSize, len);
        arenaSize += len;
        offsets[id + 1] = arenaSize;
        hashes[id] = h;
        size = id;
        return id;
    }

    /** Rebuilds the table with {@code n} slots (a power of two), in one region or {@link #REGIONS}. */
    private void rehash(int n) {
        long[] t = new long[n];
        table = t;
        mask = n - 1;
        regionMask = regionCount == null ? mask : n / REGIONS - 1;
        if (regionCount != null) {
            java.util.Arrays.fill(regionCount, 0);
        }
        for (int id = 1; id <= size; id++) {
            int h = hashes[id];
            int slot = slotOf(h);
            while (t[slot] != 0) {
                slot = nextSlot(slot);
            }
            t[slot] = entry(h, id);
            if (regionCount != null) {
                regionCount[h >>> REGION_SHIFT]++;
            }
        }
    }

    /** Where a probe for hash {@code h} starts: in its region, if the table is partitioned. */
    private int slotOf(int h) {
        return regionCount == null ? h & mask : (h >>> REGION_SHIFT) * (regionMask + 1) | (h & regionMask);
    }

    /** The slot after {@code slot} in its region (the whole table when not partitioned). */
    private int nextSlot(int slot) {
        return (slot & ~regionMask) | ((slot + 1) & regionMask);
    }

    /** True once {@link #partition} cut the table into regions. */
    boolean partitioned() {
        return regionCount != null;
    }

    /** Cuts the table into {@link #REGIONS} regions (ids, values and lookups stay as they are). */
    void partition() {
        if (regionCount == null) {
            regionCount = new int[REGIONS];
            rehash(Math.max(table.length, REGIONS * MIN_REGION_SLOTS));
        }
    }

    /**
     * Grows a partitioned table, before a batch, until every region can take {@code more[from + r]} more values in
     * region {@code r} while at most three quarters full. The caller has entered every pending value in the table.
     */
    void makeRoom(int[] more, int from) {
        while (!hasRoom(more, from)) {
            rehash(table.length * 2);
        }
    }

    /** True when every region {@code r} can take {@code more[from + r]} more values while at most three quarters full. */
    boolean hasRoom(int[] more, int from) {
        for (int r = 0; r < REGIONS; r++) {
            if ((long) (regionCount[r] + more[from + r]) * 4 > (long) (regionMask + 1) * 3) {
                return false;
            }
        }
        return true;
    }

    /**
     * One probe of a batch, in the region of {@code h} only (which one thread at a time probes): the slot and what it
     * holds, {@code (slot << 32) | v}, {@code v} being the value's id when the table has it, the mark of an earlier value
     * of the batch that is the same ({@code same} compares them), or {@code mark} itself, which this probe entered in
     * an empty slot (the value is new). Marks are negative; {@link #enter} replaces them by ids.
     */
    long probeOrMark(byte[] buf, int off, int len, int h, int mark, java.util.function.IntPredicate same) {
        long[] t = table;
        int slot = slotOf(h);
        while (true) {
            long e = t[slot];
            if (e == 0) {
                t[slot] = entry(h, mark);
                regionCount[h >>> REGION_SHIFT]++;
                return ((long) slot << 32) | (mark & 0xFFFFFFFFL);
            }
            if ((int) (e >>> 32) == h) {
                int v = (int) e;
                if (v > 0 ? equalsAt(v, buf, off, len) : same.test(v)) {
                    return ((long) slot << 32) | (v & 0xFFFFFFFFL);
                }
            }
            slot = nextSlot(slot);
        }
    }

    /**
     * The first slot a probe for {@code h} reads. Read for many values in a row, before they are probed, the
     * processor fetches those slots from memory at once instead of one probe after the other ({@link
     * PartitionedProbes}).
     */
    long firstEntry(int h) {
        return table[slotOf(h)];
    }

    /**
     * For a first slot {@code e} of hash {@code h} that holds a value of that hash: where the value starts in the
     * arena; else 0. Read ahead, as {@link #firstEntry}, and then the first byte there ({@link #arenaByte}).
     */
    int startIfSameHash(long e, int h) {
        int id = (int) e;
        return id > 0 && (int) (e >>> 32) == h ? offsets[id] : 0;
    }

    /** The arena's byte at {@code at}, to have its cache line fetched ahead of a comparison. */
    byte arenaByte(int at) {
        return arena[at];
    }

    /** Puts id {@code id}, of hash {@code h}, in {@code slot}, where {@link #probeOrMark} left its mark. */
    void enter(int slot, int h, int id) {
        table[slot] = entry(h, id);
    }

    /** The hash of value {@code id}. */
    int hashOf(int id) {
        return hashes[id];
    }

    /** A mask of the low {@code n} bytes of a little-endian word, {@code n} from 0 to 7. */
    static long lowBytes(int n) {
        return (1L << (n << 3)) - 1;
    }

    private static long entry(int hash, int id) {
        return ((long) hash << 32) | (id & 0xFFFFFFFFL);
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
