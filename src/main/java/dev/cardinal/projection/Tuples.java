package dev.cardinal.projection;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;

/**
 * Numbers the distinct combinations of values of some attributes: every row gets a dense tuple id, assigned in the
 * order rows are visited, so id {@code k} is the {@code k}-th combination to appear. Attribute ids are packed into a
 * 64-bit key; when they need more bits, the first attributes are numbered first and their dense id is packed with
 * the next ones, so any number of attributes works with one long per row.
 */
final class Tuples {
    /** Row id of rows that are not counted (the point would not be written). */
    static final int SKIPPED = -1;

    /** Which rows take part; null means all. */
    interface RowFilter {
        boolean test(int row);
    }

    final int[] idOfRow;
    final int count;
    /** A row that carries each tuple, for rendering it as text. */
    final int[] firstRow;

    private Tuples(int[] idOfRow, int count, int[] firstRow) {
        this.idOfRow = idOfRow;
        this.count = count;
        this.firstRow = firstRow;
    }

    /** Numbers the tuples of {@code attrs}, visiting rows in time order ({@code timeOrder}) or file order. */
    static Tuples of(SampleIndex index, int[] attrs, RowFilter filter, boolean timeOrder) {
        int n = index.rows();
        int[] current = null;
        int currentBits = 0;
        int at = 0;
        int count = 1;
        int[] firstRow = new int[]{firstCounted(index, filter, timeOrder)};
        if (attrs.length == 0) {
            int[] ids = new int[n];
            if (filter != null) {
                for (int r = 0; r < n; r++) {
                    ids[r] = filter.test(r) ? 0 : SKIPPED;
                }
            }
            return new Tuples(ids, firstRow[0] < 0 ? 0 : 1, firstRow[0] < 0 ? new int[0] : firstRow);
        }
        while (at < attrs.length) {
            int budget = 63 - currentBits;
            int end = at;
            int bits = 0;
            while (end < attrs.length && bits + bitsFor(index.distinct(attrs[end])) <= budget) {
                bits += bitsFor(index.distinct(attrs[end]));
                end++;
            }
            if (end == at) {
                throw new IllegalStateException("an attribute needs more than 32 bits of ids");
            }
            Long2IntOpenHashMap dense = new Long2IntOpenHashMap();
            dense.defaultReturnValue(-1);
            int width = end - at;
            int[][] columns = new int[width][];
            int[] shifts = new int[width];
            for (int j = 0; j < width; j++) {
                columns[j] = index.ids(attrs[at + j]);
                shifts[j] = bitsFor(index.distinct(attrs[at + j]));
            }
            int[] next = new int[n];
            int[] first = new int[Math.min(n, 1 << 16)];
            int k = 0;
            for (int i = 0; i < n; i++) {
                int r = timeOrder ? index.rowAt(i) : i;
                if (filter != null && !filter.test(r) || current != null && current[r] == SKIPPED) {
                    next[r] = SKIPPED;
                    continue;
                }
                long key = current == null ? 0 : current[r];
                for (int j = 0; j < width; j++) {
                    key = (key << shifts[j]) | columns[j][r];
                }
                int id = dense.putIfAbsent(key, k);
                if (id < 0) {
                    if (k == first.length) {
                        first = Arrays.copyOf(first, first.length * 2);
                    }
                    first[k] = r;
                    id = k++;
                }
                next[r] = id;
            }
            current = next;
            count = k;
            firstRow = Arrays.copyOf(first, k);
            currentBits = bitsFor(k);
            at = end;
        }
        return new Tuples(current, count, firstRow);
    }

    private static int firstCounted(SampleIndex index, RowFilter filter, boolean timeOrder) {
        for (int i = 0; i < index.rows(); i++) {
            int r = timeOrder ? index.rowAt(i) : i;
            if (filter == null || filter.test(r)) {
                return r;
            }
        }
        return -1;
    }

    /** Bits that hold ids 0..maxId. */
    static int bitsFor(int maxId) {
        return 32 - Integer.numberOfLeadingZeros(Math.max(1, maxId));
    }
}
