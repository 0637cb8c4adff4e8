package dev.cardinal.projection;

import dev.cardinal.traffic.IdColumn;
import java.util.Arrays;

/**
 * Numbers the distinct combinations of values of some attributes: every row gets a dense tuple id. Attribute ids
 * are packed into a 64-bit key; when they need more bits, the first attributes are numbered first and their dense
 * id is packed with the next ones, so any number of attributes works with one long per row.
 *
 * <p>Two orders: {@link #of} numbers tuples by first appearance as rows are visited (in time order or file order),
 * so the running maximum of ids is the distinct count so far, which growth curves need; {@link #grouped} gives
 * ids in no particular order, which is all counting needs and is cheaper. Callers that only need to see each row's
 * tuple once, in visit order, take the {@link Numbering} of the {@link #keys} and skip the per-row id array.
 *
 * <p>Speed: a key space of up to 2^22 is numbered through a plain array. Beyond, one global hash table would miss
 * the cache on nearly every row, so keys are scattered (stably) into partitions by hash, each partition is numbered
 * in a table that fits the cache, and rows then read their numbers back from their partition in the order the
 * scatter wrote them. Every pass streams; none reads memory at random.
 */
final class Tuples {
    /** Row id of rows that are not counted (the point would not be written). */
    static final int SKIPPED = -1;
    private static final int DIRECT_BITS = 22;

    /** Which rows take part; null means all. */
    interface RowFilter {
        boolean test(int row);
    }

    final int[] idOfRow;
    final int count;
    /** A row that carries each tuple, for rendering it as text. */
    final int[] firstRow;
    /** True when ids follow first appearance in the visit order. */
    private final boolean inOrder;

    private Tuples(int[] idOfRow, int count, int[] firstRow, boolean inOrder) {
        this.idOfRow = idOfRow;
        this.count = count;
        this.firstRow = firstRow;
        this.inOrder = inOrder;
    }

    /**
     * Numbers the tuples of {@code attrs} by first appearance, visiting rows in time order ({@code timeOrder}) or
     * file order: id {@code k} is the {@code k}-th combination to appear.
     */
    static Tuples of(SampleIndex index, int[] attrs, RowFilter filter, boolean timeOrder) {
        int[] visit = timeOrder ? index.timeOrder() : null;
        Tuples t = number(index, attrs, filter, visit);
        if (t.inOrder || t.count <= 1) {
            return t;
        }
        int[] renumber = new int[t.count];
        Arrays.fill(renumber, -1);
        int[] first = new int[t.count];
        int k = 0;
        for (int i = 0; i < t.idOfRow.length; i++) {
            int r = visit == null ? i : visit[i];
            int id = t.idOfRow[r];
            if (id == SKIPPED) {
                continue;
            }
            int to = renumber[id];
            if (to < 0) {
                to = k++;
                renumber[id] = to;
                first[to] = r;
            }
            t.idOfRow[r] = to;
        }
        return new Tuples(t.idOfRow, t.count, first, true);
    }

    /** Numbers the tuples of {@code attrs} in no particular order (cheaper than {@link #of}). */
    static Tuples grouped(SampleIndex index, int[] attrs, RowFilter filter) {
        return number(index, attrs, filter, null);
    }

    private static Tuples number(SampleIndex index, int[] attrs, RowFilter filter, int[] visit) {
        int n = index.rows();
        if (attrs.length == 0) {
            int[] ids = new int[n];
            int first = -1;
            for (int i = 0; i < n; i++) {
                int r = visit == null ? i : visit[i];
                boolean counted = filter == null || filter.test(r);
                ids[r] = counted ? 0 : SKIPPED;
                if (counted && first < 0) {
                    first = r;
                }
            }
            return first < 0 ? new Tuples(ids, 0, new int[0], true) : new Tuples(ids, 1, new int[]{first}, true);
        }
        return numbered(keys(index, attrs, filter, visit), n, visit);
    }

    /** Numbers packed keys (one per visited row, as {@link #keys} makes them) as tuples of {@code n} rows. */
    static Tuples numbered(Keys keys, int n, int[] visit) {
        Numbering numbering = keys.numbering();
        int[] ids = new int[n];
        int[] first = new int[numbering.bound(n)];
        long[] k = keys.keys;
        for (int i = 0; i < n; i++) {
            int r = visit == null ? i : visit[i];
            long key = k[i];
            if (key < 0) {
                ids[r] = SKIPPED;
                continue;
            }
            int id = numbering.next(key);
            if (numbering.wasNew()) {
                first[id] = r;
            }
            ids[r] = id;
        }
        return new Tuples(ids, numbering.count(), Arrays.copyOf(first, numbering.count()), numbering instanceof Direct);
    }

    /**
     * One packed key per visited row (-1 for rows not counted), how many bits the keys use, and the bit width of
     * each attribute when the key packs them all (null when the leading ones had to be numbered first). The last
     * attribute takes the lowest bits.
     */
    record Keys(long[] keys, int bits, int[] widths) {
        Numbering numbering() {
            return bits <= DIRECT_BITS ? new Direct(bits) : new Partitioned(keys);
        }
    }

    /**
     * The packed keys of {@code attrs}, one per row in visit order ({@code visit}, or file order when null). When the
     * attributes need more than 63 bits, the leading ones are numbered first and their ids packed with the rest.
     */
    static Keys keys(SampleIndex index, int[] attrs, RowFilter filter, int[] visit) {
        int n = index.rows();
        int[] current = null;
        int currentCount = 1;
        int at = 0;
        long[] keys = new long[n];
        while (true) {
            int bits = current == null ? 0 : bitsFor(currentCount);
            int end = at;
            while (end < attrs.length && bits + bitsFor(index.distinct(attrs[end])) <= 63) {
                bits += bitsFor(index.distinct(attrs[end]));
                end++;
            }
            IdColumn[] columns = new IdColumn[end - at];
            int[] shifts = new int[end - at];
            for (int j = 0; j < columns.length; j++) {
                columns[j] = index.ids(attrs[at + j]);
                shifts[j] = bitsFor(index.distinct(attrs[at + j]));
            }
            for (int i = 0; i < n; i++) {
                int r = visit == null ? i : visit[i];
                if (current != null ? current[r] == SKIPPED : filter != null && !filter.test(r)) {
                    keys[i] = -1;
                    continue;
                }
                long key = current == null ? 0 : current[r];
                for (int j = 0; j < columns.length; j++) {
                    key = (key << shifts[j]) | columns[j].get(r);
                }
                keys[i] = key;
            }
            if (end == attrs.length) {
                return new Keys(keys, bits, current == null ? shifts : null);
            }
            // too wide for one long: number what is packed so far, then pack its id with the next attributes
            Numbering numbering = new Keys(keys, bits, null).numbering();
            current = new int[n];
            for (int i = 0; i < n; i++) {
                int r = visit == null ? i : visit[i];
                current[r] = keys[i] < 0 ? SKIPPED : numbering.next(keys[i]);
            }
            currentCount = numbering.count();
            at = end;
        }
    }

    /**
     * Dense ids for keys met one by one in visit order: {@link #next} must be called once per counted key, in the
     * order of the key array the numbering was made for (the direct numbering accepts any order).
     */
    abstract static sealed class Numbering permits Direct, Partitioned {
        boolean wasNew;

        /** The id of the next key; afterwards {@link #wasNew()} says whether this was its first occurrence. */
        abstract int next(long key);

        final boolean wasNew() {
            return wasNew;
        }

        /** Distinct keys (for the direct numbering, so far). */
        abstract int count();

        /** At most how many distinct keys {@code n} keys can hold. */
        abstract int bound(int n);
    }

    /** Small key spaces: the key indexes a table of ids, assigned by first appearance. */
    static final class Direct extends Numbering {
        private final int[] slot;
        private int count;

        Direct(int bits) {
            slot = new int[1 << bits];
            Arrays.fill(slot, -1);
        }

        @Override
        int next(long key) {
            int id = slot[(int) key];
            wasNew = id < 0;
            if (wasNew) {
                id = count++;
                slot[(int) key] = id;
            }
            return id;
        }

        @Override
        int count() {
            return count;
        }

        @Override
        int bound(int n) {
            return Math.min(slot.length, n);
        }
    }

    /** Large key spaces: scattered by hash into cache-sized partitions and numbered there, up front. */
    static final class Partitioned extends Numbering {
        private final HashPartitions parts;
        private final int[] local;
        private final int[] base;
        private final int[] read;
        private final int[] nextNew;

        Partitioned(long[] keys) {
            parts = new HashPartitions(keys);
            int partitions = parts.partitions();
            // local numbers go to an array parallel to the scattered keys
            local = new int[parts.keys.length];
            base = new int[partitions + 1];
            int[] values = new int[parts.tableCapacity()];
            HashPartitions.Table table = parts.table();
            for (int p = 0; p < partitions; p++) {
                table.clear(p);
                int size = 0;
                for (int j = parts.start[p]; j < parts.start[p + 1]; j++) {
                    int slot = table.slot(parts.keys[j]);
                    if (slot < 0) {
                        values[~slot] = size++;
                        slot = ~slot;
                    }
                    local[j] = values[slot];
                }
                base[p + 1] = base[p] + size;
            }
            read = Arrays.copyOf(parts.start, partitions);
            nextNew = new int[partitions];
        }

        /**
         * The next unread entry of the key's partition is this key's; a partition's local numbers first appear in
         * increasing order, so "local == next new" marks a first occurrence.
         */
        @Override
        int next(long key) {
            int p = parts.partition(key);
            int l = local[read[p]++];
            wasNew = l == nextNew[p];
            if (wasNew) {
                nextNew[p]++;
            }
            return base[p] + l;
        }

        @Override
        int count() {
            return base[base.length - 1];
        }

        @Override
        int bound(int n) {
            return count();
        }
    }

    /** Bits that hold ids 0..maxId. */
    static int bitsFor(int maxId) {
        return 32 - Integer.numberOfLeadingZeros(Math.max(1, maxId));
    }
}
