package dev.cardinal.projection;

import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.DictionaryColumn;
import dev.cardinal.traffic.DoubleColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.IdColumn;
import dev.cardinal.traffic.LongColumn;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;

/**
 * What every projection of one event kind's sample shares, computed once: the rows in time order, and for each
 * attribute a dense value id per row (dictionary ids as they are; numbers numbered on first use). Id 0 means
 * "absent", and an empty string counts as absent too, since a tag with an empty value is not written.
 */
public final class SampleIndex {
    private final EventKindSample sample;
    private final int[] timeOrder;
    private final IdColumn[] ids;
    private final int[][] lengths;
    private final int[] distinct;
    private final int[] present;
    private final int[] emptyIds;

    public SampleIndex(EventKindSample sample) {
        this.sample = sample;
        this.timeOrder = sortedByTime(sample);
        int n = sample.attributes().size();
        this.ids = new IdColumn[n];
        this.lengths = new int[n][];
        this.present = new int[n];
        this.distinct = new int[n];
        this.emptyIds = new int[n];
        Arrays.fill(distinct, -1);
        Arrays.fill(emptyIds, -1);
    }

    /** True when the rows are already in time order (so file order and time order agree). */
    public boolean timeSorted() {
        return timeOrder == null;
    }

    public EventKindSample sample() {
        return sample;
    }

    public int rows() {
        return sample.rows();
    }

    private final java.util.Map<Integer, GrowthCurve> curves = new java.util.concurrent.ConcurrentHashMap<>();

    /** Distinct values of attribute {@code a} as the sample is replayed in time order, at evenly spaced checkpoints. */
    public GrowthCurve growth(int a) {
        return curves.computeIfAbsent(a, x -> curveOf(x));
    }

    private GrowthCurve curveOf(int a) {
        int n = rows();
        long[] at = GrowthCurve.positions(n, LayoutMeasurer.CHECKPOINTS);
        long[] points = new long[at.length];
        double[] seconds = new double[at.length];
        long[] distinctAt = new long[at.length];
        IdColumn values = ids(a);
        long[] seen = new long[(distinct(a) + 64) >>> 6];
        long count = 0;
        int cp = 0;
        long first = n == 0 ? 0 : timestampAt(0);
        for (int i = 0; i < n; i++) {
            int id = values.get(rowAt(i));
            if (id != 0 && (seen[id >>> 6] & (1L << id)) == 0) {
                seen[id >>> 6] |= 1L << id;
                count++;
            }
            while (cp < at.length && i + 1 == at[cp]) {
                points[cp] = i + 1;
                seconds[cp] = (timestampAt(i) - first) / 1e9;
                distinctAt[cp] = count;
                cp++;
            }
        }
        return new GrowthCurve(points, seconds, distinctAt);
    }

    /** Seconds between the first and the last point. */
    public double spanSeconds() {
        if (rows() < 2) {
            return 0;
        }
        // last minus first is at most 2^64 - 5 ns (timestamps at both int64 edges): a long overflows, unsigned does not
        long nanos = timestampAt(rows() - 1) - timestampAt(0);
        return ((nanos >>> 1) * 2.0 + (nanos & 1)) / 1e9;
    }

    /** Rows in time order, or null when that is file order (the array is shared: do not change it). */
    int[] timeOrder() {
        return timeOrder;
    }

    /** The row at position {@code i} in time order (stable for equal timestamps). */
    public int rowAt(int i) {
        return timeOrder == null ? i : timeOrder[i];
    }

    public long timestampAt(int i) {
        return sample.timestamp(rowAt(i));
    }

    /** The value id of attribute {@code a} in row {@code row}: 0 when absent. For loops, take {@link #ids(int)} once. */
    public int id(int a, int row) {
        return ids(a).get(row);
    }

    /** Distinct non-empty values of attribute {@code a} in the whole sample (ids run from 1 to this). */
    public int distinct(int a) {
        ids(a);
        return distinct[a];
    }

    /** Rows that carry attribute {@code a} (a non-empty value). */
    public int present(int a) {
        ids(a);
        return present[a];
    }

    /** Byte length of each value id of attribute {@code a} (index 0, absent, is 0). */
    public synchronized int[] lengths(int a) {
        if (lengths[a] == null) {
            IdColumn ids = ids(a);
            int[] len = new int[distinct[a] + 1];
            Column c = sample.column(a);
            if (c instanceof DictionaryColumn d) {
                for (int id = 1; id <= d.dictionary().size(); id++) {
                    if (id != emptyIds[a]) {
                        len[remap(a, id)] = d.dictionary().length(id);
                    }
                }
            } else {
                for (int r = 0; r < rows(); r++) {
                    int id = ids.get(r);
                    if (id != 0 && len[id] == 0) {
                        len[id] = c.text(r).length();
                    }
                }
            }
            lengths[a] = len;
        }
        return lengths[a];
    }

    private final java.util.Map<Integer, Integer> fixedLengths = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The one byte length every value of attribute {@code a} has (uuids, zero-padded ids), or -1 when lengths vary:
     * then nothing needs looking up per value to sum lengths.
     */
    public int fixedLength(int a) {
        return fixedLengths.computeIfAbsent(a, x -> {
            int[] len = lengths(x);
            int fixed = len.length > 1 ? len[1] : -1;
            for (int i = 2; i < len.length && fixed >= 0; i++) {
                if (len[i] != fixed) {
                    fixed = -1;
                }
            }
            return fixed;
        });
    }

    private final java.util.Map<Integer, byte[]> shortLengths = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * {@link #lengths} in a byte each (unsigned), or null when a value is longer than 255 bytes: a quarter of the
     * cache for loops that look lengths up at random.
     */
    public byte[] shortLengths(int a) {
        byte[] cached = shortLengths.computeIfAbsent(a, x -> {
            int[] len = lengths(x);
            byte[] out = new byte[len.length];
            for (int i = 0; i < len.length; i++) {
                if (len[i] > 255) {
                    return new byte[0];
                }
                out[i] = (byte) len[i];
            }
            return out;
        });
        return cached.length == 0 ? null : cached;
    }

    /**
     * The value ids of attribute {@code a}, one per row, 0 when absent, in the narrowest width that holds them:
     * dictionary ids as the sample holds them (shared, not copied) unless the dictionary holds an empty string,
     * whose id is then folded to 0 and the ids above it shifted down; numbers numbered in order of first appearance.
     */
    public synchronized IdColumn ids(int a) {
        if (ids[a] != null) {
            return ids[a];
        }
        Column c = sample.column(a);
        int n = sample.rows();
        IdColumn out;
        int count = 0;
        if (c instanceof DictionaryColumn d) {
            IdColumn raw = d.ids();
            int empty = d.dictionary().find(new byte[0], 0, 0);
            emptyIds[a] = empty == 0 ? -1 : empty;
            distinct[a] = d.dictionary().size() - (empty == 0 ? 0 : 1);
            out = empty == 0 ? raw : IdColumn.of(n, r -> {
                int id = raw.get(r);
                return id < empty ? id : id == empty ? 0 : id - 1;
            });
            for (int r = 0; r < n; r++) {
                if (out.get(r) != 0) {
                    count++;
                }
            }
        } else {
            Long2IntOpenHashMap numbering = new Long2IntOpenHashMap();
            out = IdColumn.of(n, r -> {
                if (!c.present(r)) {
                    return 0;
                }
                long bits = c instanceof LongColumn l ? l.get(r) : Double.doubleToLongBits(((DoubleColumn) c).get(r));
                int id = numbering.get(bits);
                if (id == 0) {
                    id = numbering.size() + 1;
                    numbering.put(bits, id);
                }
                return id;
            });
            for (int r = 0; r < n; r++) {
                if (c.present(r)) {
                    count++;
                }
            }
            distinct[a] = numbering.size();
        }
        present[a] = count;
        ids[a] = out;
        return out;
    }

    private int remap(int a, int dictionaryId) {
        return emptyIds[a] > 0 && dictionaryId > emptyIds[a] ? dictionaryId - 1 : dictionaryId;
    }

    private static int[] sortedByTime(EventKindSample s) {
        int n = s.rows();
        boolean sorted = true;
        for (int r = 1; r < n && sorted; r++) {
            sorted = s.timestamp(r - 1) <= s.timestamp(r);
        }
        if (sorted) {
            return null;
        }
        int[] order = new int[n];
        for (int r = 0; r < n; r++) {
            order[r] = r;
        }
        it.unimi.dsi.fastutil.ints.IntArrays.mergeSort(order, (x, y) -> Long.compare(s.timestamp(x), s.timestamp(y)));
        return order;
    }
}
