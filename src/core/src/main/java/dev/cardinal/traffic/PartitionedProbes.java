package dev.cardinal.traffic;

import java.util.Arrays;

/**
 * The string values a read sets in large dictionaries, probed in batches on two threads with exactly the ids one thread
 * gives (issue 33). A dictionary that reaches {@link #threshold} values is {@linkplain ByteDictionary#partition cut into
 * regions} by the hash's top bits; from then on each value written to it is copied here with its column, row and hash
 * instead of being looked up. A batch is then taken in three steps:
 * <ol>
 * <li>on the reading thread, the values are sorted by region (keeping their order) and each table made roomy enough;
 * <li>on both threads ({@link ProbeHelper}), each region, claimed by one thread, probes its values in order: a value the
 *     table has gets its id; a new one leaves its mark (the value's place in the batch) in an empty slot, so that a
 *     later copy of it in the batch finds that mark;
 * <li>on the reading thread, in the batch's order, each new value gets the next id of its dictionary and every value
 *     its id in its column, as one thread would have given them; the marks are replaced by the ids at the start of the
 *     next batch, each region by the thread that probes it.
 * </ol>
 * Before the memory budget decides anything the batch is probed ({@link SampleBuilder}), and after each batch every
 * table is as large as one thread's would be, so the budget stops a read where it stops one thread. A region crowded
 * by its values' hashes may make a table grow where one thread's would not: {@link PartitionedRead} then reads the file
 * again on one thread.
 */
final class PartitionedProbes implements AutoCloseable {
    /** Values a batch holds before it is probed: about 3,000 lines of three ids. */
    static final int BATCH = 8192;
    /** Dictionaries of this many values or more are probed here: smaller ones stay in the processor's cache. */
    static final int DEFAULT_THRESHOLD = 4096;

    private final int threshold;
    /** Told of the new values' bytes, as {@link EventKindBuilder#setString} tells it; null in tests. */
    private final SampleBuilder budget;
    private final ProbeHelper helper;
    /** What compares a value with an earlier one of the batch, for the calling thread (0) and the helper (1). */
    private final Probe[] probes = {new Probe(), new Probe()};
    private final int[] next = new int[ByteDictionary.REGIONS];
    private int n;
    private DictionaryColumn[] columns = new DictionaryColumn[BATCH];
    private int[] rows = new int[BATCH];
    private int[] hashes = new int[BATCH];
    /** Where each value's bytes are in {@link #bytes}: value {@code i} is {@code [starts[i], starts[i + 1])}. */
    private int[] starts = new int[BATCH + 1];
    private byte[] bytes = new byte[BATCH * 48];
    /** The batch's values by region, each region's in batch order: region r is {@code order[regionStart[r]..]}. */
    private int[] order = new int[BATCH];
    private final int[] regionStart = new int[ByteDictionary.REGIONS + 1];
    /** What each value's probe found: {@code (slot << 32) | id or mark}. */
    private long[] found = new long[BATCH];
    /** The id each new value got, by its place in the batch (for the later copies of it, which found its mark). */
    private int[] newIds = new int[BATCH];
    /** Marks to replace by ids, by region like {@link #order}: the dictionary, the slot and the entry. */
    private ByteDictionary[] markDictionaries = new ByteDictionary[BATCH];
    private int[] markSlots = new int[BATCH];
    private int[] markHashes = new int[BATCH];
    private int[] markIds = new int[BATCH];
    private final int[] marks = new int[ByteDictionary.REGIONS];
    private final int[] markStart = new int[ByteDictionary.REGIONS + 1];
    /** The dictionaries with values in the batch, and how many values each had before it. */
    private ByteDictionary[] dictionaries = new ByteDictionary[4];
    private int[] sizesBefore = new int[4];
    private int dictionaryCount;
    private long pendingBytes;
    private boolean diverged;

    /** Probes on the calling thread and one helper thread, for dictionaries of {@code threshold} values or more. */
    PartitionedProbes(int threshold, SampleBuilder budget) {
        this.threshold = threshold;
        this.budget = budget;
        this.helper = new ProbeHelper((region, worker) -> probeRegion(region, probes[worker]));
    }

    /** True when values of {@code d} go through here (from now on, once it has {@link #threshold} values). */
    boolean takes(ByteDictionary d) {
        if (d.partitioned()) {
            return true;
        }
        return d.size() >= threshold && d.partition();
    }

    /** Sets {@code row} of {@code column} to the id of {@code buf[off, off + len)} once the batch is probed. */
    void add(DictionaryColumn column, int row, byte[] buf, int off, int len) {
        ByteDictionary d = column.dictionary();
        int h = ByteWords.hash(buf, off, len);
        if (!d.reserve(h)) {
            flush();
            if (!d.reserve(h)) {
                // a region crowded by the values' hashes: the table grows where one thread's would not
                enterMarks();
                d.growBeyondOneThread();
                diverged = true;
                d.reserve(h);
            }
        }
        int at = starts[n];
        if (at + len > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, at + len));
        }
        System.arraycopy(buf, off, bytes, at, len);
        columns[n] = column;
        rows[n] = row;
        hashes[n] = h;
        starts[n + 1] = at + len;
        n++;
        pendingBytes += len + 16L;
        if (n == BATCH) {
            flush();
        }
    }

    /** At most what the values held add to the memory budget, when all are new ({@link SampleBuilder#grew}). */
    long pendingBytes() {
        return pendingBytes;
    }

    /**
     * True when a table grew where one thread's would not have ({@link ByteDictionary#growBeyondOneThread}): the
     * memory budget then saw other figures than on one thread.
     */
    boolean diverged() {
        return diverged;
    }

    /**
     * Probes the values held and sets their ids; each table then grows as one thread's would have, so that the memory
     * budget, asked after this, sees what it sees on one thread.
     */
    void flush() {
        if (n == 0) {
            return;
        }
        sortByRegion();
        helper.run(ByteDictionary.REGIONS);
        assign();
        for (int d = 0; d < dictionaryCount; d++) {
            if (dictionaries[d].growAsOneThread(sizesBefore[d])) {
                dropMarks(dictionaries[d]);
            }
            dictionaries[d] = null;
        }
        n = 0;
        pendingBytes = 0;
        dictionaryCount = 0;
    }

    /** Probes what is held, enters every mark and stops the helper thread: the dictionaries are whole again. */
    void finish() {
        try {
            flush();
            enterMarks();
        } finally {
            helper.close();
        }
    }

    @Override
    public void close() {
        helper.close();
    }

    /** Fills {@link #order}, {@link #regionStart} and the batch's dictionaries. */
    private void sortByRegion() {
        Arrays.fill(regionStart, 0);
        dictionaryCount = 0;
        for (int i = 0; i < n; i++) {
            regionStart[(hashes[i] >>> ByteDictionary.REGION_SHIFT) + 1]++;
            ByteDictionary d = columns[i].dictionary();
            int k = 0;
            while (k < dictionaryCount && dictionaries[k] != d) {
                k++;
            }
            if (k == dictionaryCount) {
                if (k == dictionaries.length) {
                    dictionaries = Arrays.copyOf(dictionaries, k * 2);
                    sizesBefore = Arrays.copyOf(sizesBefore, k * 2);
                }
                dictionaries[k] = d;
                sizesBefore[k] = d.size();
                dictionaryCount++;
            }
        }
        for (int r = 0; r < ByteDictionary.REGIONS; r++) {
            regionStart[r + 1] += regionStart[r];
        }
        System.arraycopy(regionStart, 0, next, 0, ByteDictionary.REGIONS);
        for (int i = 0; i < n; i++) {
            order[next[hashes[i] >>> ByteDictionary.REGION_SHIFT]++] = i;
        }
    }

    /**
     * Step 2 for region {@code r}, on whichever thread claimed it: the last batch's marks in it become ids, then its
     * values are probed in order.
     */
    private void probeRegion(int r, Probe probe) {
        enterMarks(r);
        int from = regionStart[r];
        int to = regionStart[r + 1];
        // three passes over the values before probing them, each reading what the next needs: the slots, where a
        // slot's value is in the arena, its bytes; each pass's reads are independent, so their cache misses overlap
        long sum = 0;
        for (int k = from; k < to; k++) {
            int i = order[k];
            found[i] = columns[i].dictionary().firstEntry(hashes[i]);
        }
        for (int k = from; k < to; k++) {
            int i = order[k];
            found[i] = columns[i].dictionary().startIfSameHash(found[i], hashes[i]);
        }
        for (int k = from; k < to; k++) {
            int i = order[k];
            sum += columns[i].dictionary().arenaByte((int) found[i]);
        }
        probe.fetched += sum;
        for (int k = from; k < to; k++) {
            int i = order[k];
            probe.value = i;
            found[i] = columns[i].dictionary().probeOrMark(bytes, starts[i], starts[i + 1] - starts[i], hashes[i],
                -(i + 1), probe);
        }
    }

    /** Compares the value being probed with the earlier value of the batch whose mark a probe met. */
    final class Probe implements java.util.function.IntPredicate {
        int value;
        /** What the reads ahead read, kept so that they are not optimised away. */
        long fetched;

        @Override
        public boolean test(int mark) {
            int j = -mark - 1;
            int len = starts[value + 1] - starts[value];
            return starts[j + 1] - starts[j] == len && ByteWords.same(bytes, starts[j], bytes, starts[value], len);
        }
    }

    /** Step 3: ids in batch order, new values added to their dictionaries, columns set, marks kept for the next batch. */
    private void assign() {
        System.arraycopy(regionStart, 0, markStart, 0, ByteDictionary.REGIONS + 1);
        for (int i = 0; i < n; i++) {
            long f = found[i];
            int v = (int) f;
            int id;
            if (v > 0) {
                id = v;
            } else if (v == -(i + 1)) {
                ByteDictionary d = columns[i].dictionary();
                int from = starts[i];
                int len = starts[i + 1] - from;
                id = d.append(bytes, from, len, hashes[i]);
                newIds[i] = id;
                int r = hashes[i] >>> ByteDictionary.REGION_SHIFT;
                int m = markStart[r] + marks[r]++;
                markDictionaries[m] = d;
                markSlots[m] = (int) (f >>> 32);
                markHashes[m] = hashes[i];
                markIds[m] = id;
                if (budget != null) {
                    budget.grew(len + 16L);
                }
            } else {
                id = newIds[-v - 1];
            }
            columns[i].ids().set(rows[i], id);
            columns[i] = null;
        }
    }

    /** Replaces every mark left by the last batch with its id (before a table grows, and at the end). */
    private void enterMarks() {
        for (int r = 0; r < ByteDictionary.REGIONS; r++) {
            enterMarks(r);
        }
    }

    /** Replaces the marks of region {@code r} left by the last batch with their ids. */
    private void enterMarks(int r) {
        for (int m = markStart[r], end = markStart[r] + marks[r]; m < end; m++) {
            if (markDictionaries[m] != null) {
                markDictionaries[m].enter(markSlots[m], markHashes[m], markIds[m]);
                markDictionaries[m] = null;
            }
        }
        marks[r] = 0;
    }

    /** Forgets the marks in {@code d}, whose table was rebuilt from its values (the marks' slots are stale). */
    private void dropMarks(ByteDictionary d) {
        for (int r = 0; r < ByteDictionary.REGIONS; r++) {
            for (int m = markStart[r], end = markStart[r] + marks[r]; m < end; m++) {
                if (markDictionaries[m] == d) {
                    markDictionaries[m] = null;
                }
            }
        }
    }
}
