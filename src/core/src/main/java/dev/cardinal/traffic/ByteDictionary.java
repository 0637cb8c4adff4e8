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
    /** Values per region once partitioned, else null. */
    private int[] regionCount;
    /** Values of a batch not probed yet, per region ({@link #reserve}). */
    private int[] pending;
    /** The table's length when {@link #partition} last found a region too crowded to cut it. */
    private int unfitLength;
    /**
     * Values met lately, direct-mapped by hash, each slot {@code (hash << 32) | id}: ids, sessions and users come
     * in bursts, and a hit here costs no probe of the big table (a cache miss at high cardinality); the bytes are
     * still compared, in the arena, where a value met lately is likely still cached. Made once the dictionary
     * outgrows the cache-friendly sizes (small dictionaries, of which a sample may have thousands, need none).
     */
    private long[] recent;
    /**
     * Spare bytes kept past the last value, so that any value in the arena can be read as a whole word by
     * {@link ByteWords#same}; other arrays compared with it (the key cache's) keep as many.
     */
    static final int WORD_SLACK = 8;
    private static final int RECENT = 4096;
    /** The regions of a partitioned table ({@link #partition}), chosen by the hash's top {@code 32 - REGION_SHIFT} bits. */
    static final int REGIONS = 16;
    static final int REGION_SHIFT = 28;

    public ByteDictionary() {
        offsets[1] = 0;
    }

    /** Number of distinct values. Ids run from 1 to {@code size()}. */
    public int size() {
        return size;
    }

    /** The id of the slice, adding it when new. */
    public int getOrAdd(byte[] buf, int off, int len) {
        return getOrAdd(buf, off, len, ByteWords.hash(buf, off, len));
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
        int h = ByteWords.hash(buf, off, len);
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

    /**
     * Whether any value holds one of {@code ascii}'s characters (all below 0x80, which UTF-8 never uses inside a
     * longer character, so the bytes are searched as they are). The values already searched are remembered: a
     * dictionary only grows, so a second question searches only what was added since (a projection asks for each tag
     * of each layout it measures; at 10M rows of ids the values are hundreds of megabytes).
     */
    public boolean holdsAnyOf(String ascii) {
        Searched last = searched;
        boolean again = last != null && last.ascii().equals(ascii);
        if (again && last.found()) {
            return true;
        }
        int to = arenaSize;
        boolean found = ByteWords.holdsAny(arena, again ? last.to() : 0, to, ByteWords.byteMasks(ascii));
        searched = new Searched(ascii, to, found);
        return found;
    }

    /** What {@link #holdsAnyOf} last searched for, how far, and whether it found one; replaced whole. */
    private record Searched(String ascii, int to, boolean found) {
    }

    private volatile Searched searched;

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
        return offsets[id + 1] - start == len && ByteWords.same(arena, start, buf, off, len);
    }

    private int add(byte[] buf, int off, int len, int h, int slot) {
        if (regionCount != null) {
            // one region again, so that the table grows as one that was never cut (and the budget sees the same)
            regionCount = null;
            pending = null;
            rehash(table.length);
            slot = emptySlot(h);
        }
        int id = append(buf, off, len, h);
        table[slot] = entry(h, id);
        if (size * 2 > mask) {
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

    /**
     * Cuts the table into {@link #REGIONS} regions, as long as it was (ids, values and lookups stay as they are), when
     * every region then keeps an empty slot; false, changing nothing, when a region would not (the values' hashes
     * crowd it: the table is tried again once it has grown).
     */
    boolean partition() {
        if (regionCount != null) {
            return true;
        }
        if (table.length == unfitLength) {
            return false;
        }
        int[] count = new int[REGIONS];
        int slots = table.length / REGIONS;
        for (int id = 1; id <= size; id++) {
            if (++count[hashes[id] >>> REGION_SHIFT] >= slots) {
                unfitLength = table.length;
                return false;
            }
        }
        regionCount = count;
        pending = new int[REGIONS];
        rehash(table.length);
        return true;
    }

    /**
     * Counts a value of hash {@code h} into the batch to be probed, when its region keeps an empty slot after every
     * value of the batch is added to it; false, counting nothing, when not.
     */
    boolean reserve(int h) {
        int r = h >>> REGION_SHIFT;
        if (regionCount[r] + pending[r] + 1 > regionMask) {
            return false;
        }
        pending[r]++;
        return true;
    }

    /**
     * After a batch added values {@code sizeBefore + 1} to {@link #size}: grows the table as one thread adding them one
     * by one would have grown it, so that it holds as many bytes. True when it was rebuilt (its marks are gone).
     */
    boolean growAsOneThread(int sizeBefore) {
        Arrays.fill(pending, 0);
        int m = mask;
        for (int s = sizeBefore + 1; s <= size; s++) {
            if (s * 2 > m) {
                m = m * 2 + 1;
            }
        }
        if (m == mask) {
            return false;
        }
        rehash(m + 1);
        return true;
    }

    /**
     * Doubles the table, which one thread would not have done, because a region is too full for the next value (the
     * values' hashes crowd it): a read that did so no longer holds the bytes one thread would.
     */
    void growBeyondOneThread() {
        Arrays.fill(pending, 0);
        rehash(table.length * 2);
    }

    /** The first empty slot of a probe for {@code h}. */
    private int emptySlot(int h) {
        int slot = slotOf(h);
        while (table[slot] != 0) {
            slot = nextSlot(slot);
        }
        return slot;
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

    private static long entry(int hash, int id) {
        return ((long) hash << 32) | (id & 0xFFFFFFFFL);
    }
}
