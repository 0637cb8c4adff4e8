package dev.cardinal.projection;

/**
 * A sample's rows collapsed once into their distinct combinations of some attributes, per shard group: what every
 * layout whose tags are among those attributes needs to count its series, in fewer entries than rows. A role
 * toggle then counts over the entries instead of the rows (the ad marketplace: 643,000 entries for 1,000,000 rows).
 *
 * <p>Entries are partitioned by the most distinct attribute, and within a partition kept in order of first appearance
 * in time, so for a layout that keeps that attribute as a tag all entries of a series share a partition, its
 * earliest entry is met first and its shard groups come in order, as {@link SeriesCounter} needs; where each
 * checkpoint and shard group starts in each partition is noted once. Keys pack the attributes' ids (the last
 * attribute in the lowest bits); a layout over a subset masks the others out.
 */
final class Collapse {
    final int[] attrs;
    final int[] widths;
    final long shardGroupNanos;
    /** The attribute entries are partitioned by (the most distinct one): a layout must have it among its tags. */
    final int partitionAttribute;
    /** Entry keys, partition after partition, in order of first appearance within each. */
    final long[] keys;
    final int[] start;
    /** Per checkpoint and per shard group, where its entries start in each partition (see {@link HashPartitions}). */
    final int[][][] cutOffsets;
    /** The time position of each checkpoint's point (every row is a point). */
    final int[] checkpointAt;
    /**
     * Per attribute, the byte length of its value in each entry (in {@link #keys}' order), or null where its values
     * all have one length or one is longer than 255 bytes: the series key sizes of a toggle are then summed reading
     * along the entries instead of looking each value's length up at random (two fifths of a toggle's time before).
     */
    final byte[][] entryLengths;
    private final int[] shifts;

    private Collapse(int[] attrs, int[] widths, long shardGroupNanos, int partitionAttribute, long[] keys, int[] start,
                     int[][][] cutOffsets, int[] checkpointAt, byte[][] entryLengths) {
        this.attrs = attrs;
        this.widths = widths;
        this.shardGroupNanos = shardGroupNanos;
        this.partitionAttribute = partitionAttribute;
        this.keys = keys;
        this.start = start;
        this.cutOffsets = cutOffsets;
        this.checkpointAt = checkpointAt;
        this.entryLengths = entryLengths;
        this.shifts = shiftsOf(widths);
    }

    private static int[] shiftsOf(int[] widths) {
        int[] shifts = new int[widths.length];
        int below = 0;
        for (int j = widths.length - 1; j >= 0; j--) {
            shifts[j] = below;
            below += widths[j];
        }
        return shifts;
    }

    int size() {
        return keys.length;
    }

    /**
     * Collapses every row (all must be written) by {@code attrs} and shard group, and partitions the entries by
     * the most distinct attribute, once; null when the key and group do not fit one long (then rows are counted).
     */
    static Collapse build(SampleIndex index, int[] attrs, int[] groupStart, long shardGroupNanos) {
        int n = index.rows();
        Tuples.Keys packed = Tuples.keys(index, attrs, null, index.timeOrder());
        int groupBits = Tuples.bitsFor(groupStart.length - 1);
        if (packed.widths() == null || packed.bits() + groupBits > 63) {
            return null;
        }
        long[] k = packed.keys();
        // key and shard group in one long: the group above the key's bits
        int group = 0;
        for (int i = 0; i < n; i++) {
            while (group + 1 < groupStart.length && groupStart[group + 1] <= i) {
                group++;
            }
            k[i] |= (long) group << packed.bits();
        }
        Tuples.Numbering numbering = new Tuples.Keys(k, packed.bits() + groupBits, null).numbering();
        long[] entryKeys = new long[Math.min(n, numbering.bound(n))];
        int[] positions = new int[entryKeys.length];
        int count = 0;
        long keyMask = (1L << packed.bits()) - 1;
        for (int i = 0; i < n; i++) {
            numbering.next(k[i]);
            if (numbering.wasNew()) {
                entryKeys[count] = k[i] & keyMask;
                positions[count++] = i;
            }
        }
        k = null;
        numbering = null;

        // partition the entries by their most distinct attribute, so every layout that keeps it as a tag finds
        // its series inside one partition and needs no scatter of its own
        int[] widths = packed.widths();
        int[] shifts = shiftsOf(widths);
        int pj = 0;
        for (int j = 1; j < attrs.length; j++) {
            if (index.distinct(attrs[j]) > index.distinct(attrs[pj])) {
                pj = j;
            }
        }
        int bits = HashPartitions.partitionBits(count);
        // a few values cannot spread entries evenly: one partition then (the entries are few anyway)
        if (index.distinct(attrs[pj]) < 64L << bits) {
            bits = 0;
        }
        long[] at = GrowthCurve.positions(n, LayoutMeasurer.CHECKPOINTS);
        int[] checkpointAt = new int[at.length];
        int[] checkpointCuts = new int[at.length];
        for (int c = 0; c < at.length; c++) {
            checkpointAt[c] = (int) (at[c] - 1); // every row is a point: the c-th point is the c-th row in time
            checkpointCuts[c] = c == 0 ? 0 : firstAtOrAfter(positions, count, checkpointAt[c - 1] + 1);
        }
        int[] groupCuts = new int[groupStart.length];
        for (int g = 0; g < groupStart.length; g++) {
            groupCuts[g] = firstAtOrAfter(positions, count, groupStart[g]);
        }
        long[] entries = entryKeys.length == count ? entryKeys : java.util.Arrays.copyOf(entryKeys, count);
        HashPartitions parts = new HashPartitions(entries, ((1L << widths[pj]) - 1) << shifts[pj], shifts[pj], bits,
            new int[][]{checkpointCuts, groupCuts});
        return new Collapse(attrs.clone(), widths, shardGroupNanos, attrs[pj], parts.keys, parts.start, parts.cutOffsets,
            checkpointAt, entryLengths(index, attrs, widths, shifts, parts.keys));
    }

    private static byte[][] entryLengths(SampleIndex index, int[] attrs, int[] widths, int[] shifts, long[] keys) {
        byte[][] out = new byte[attrs.length][];
        for (int j = 0; j < attrs.length; j++) {
            byte[] small = index.fixedLength(attrs[j]) >= 0 ? null : index.shortLengths(attrs[j]);
            if (small == null) {
                continue;
            }
            byte[] lengths = new byte[keys.length];
            long mask = (1L << widths[j]) - 1;
            for (int e = 0; e < keys.length; e++) {
                lengths[e] = small[(int) ((keys[e] >>> shifts[j]) & mask)];
            }
            out[j] = lengths;
        }
        return out;
    }

    /** The first of {@code positions[0, count)} (ascending) at {@code pos} or later ({@code count} if none). */
    private static int firstAtOrAfter(int[] positions, int count, int pos) {
        int i = java.util.Arrays.binarySearch(positions, 0, count, pos);
        return i >= 0 ? i : -i - 1;
    }

    /** True when every one of {@code subset} is among the collapsed attributes, the partitioning one included. */
    boolean covers(int[] subset) {
        boolean partitioning = false;
        for (int a : subset) {
            if (indexOf(a) < 0) {
                return false;
            }
            partitioning |= a == partitionAttribute;
        }
        return partitioning;
    }

    /** The bits of the key that hold {@code subset}'s ids. */
    long mask(int[] subset) {
        long m = 0;
        for (int a : subset) {
            int j = indexOf(a);
            m |= ((1L << widths[j]) - 1) << shifts[j];
        }
        return m;
    }

    /** The entries as partitions the series counter walks. */
    HashPartitions partitions() {
        return new HashPartitions(keys, start, cutOffsets);
    }

    private int indexOf(int a) {
        for (int j = 0; j < attrs.length; j++) {
            if (attrs[j] == a) {
                return j;
            }
        }
        return -1;
    }
}
