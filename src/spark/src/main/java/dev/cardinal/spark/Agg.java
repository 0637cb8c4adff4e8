package dev.cardinal.spark;

import java.io.Serializable;
import java.util.Arrays;

/**
 * What is kept of one distinct key (an attribute's value, a tag's combination or value, a layout's series) over the
 * rows that have it: the earliest checkpoint interval, the day buckets and shard groups it occurs in, and the covered
 * layouts it occurs under. Merging is exact (a minimum, unions), so any grouping of the rows gives the same result.
 * A plain class so that Kryo can write it.
 */
final class Agg implements Serializable {
    private static final long serialVersionUID = 1L;
    /** The earliest checkpoint interval; {@code Integer.MAX_VALUE} when not counted. */
    int interval = Integer.MAX_VALUE;
    /** Sorted day buckets, or null. */
    long[] days;
    /** Sorted shard groups, or null. */
    long[] groups;
    /** Covered layouts, or null. */
    long[] layouts;

    Agg() {
    }

    static Agg value(int interval, long day) {
        Agg a = new Agg();
        a.interval = interval;
        a.days = new long[]{day};
        return a;
    }

    static Agg combination(int interval) {
        Agg a = new Agg();
        a.interval = interval;
        return a;
    }

    static Agg tagValue(long[] layouts) {
        Agg a = new Agg();
        a.layouts = layouts;
        return a;
    }

    static Agg series(int interval, long group, long day) {
        Agg a = value(interval, day);
        a.groups = new long[]{group};
        return a;
    }

    /** This and {@code o} together (this one, changed). */
    Agg merge(Agg o) {
        interval = Math.min(interval, o.interval);
        days = union(days, o.days);
        groups = union(groups, o.groups);
        if (layouts == null) {
            layouts = o.layouts;
        } else if (o.layouts != null) {
            for (int i = 0; i < layouts.length; i++) {
                layouts[i] |= o.layouts[i];
            }
        }
        return this;
    }

    /** The union of two sorted sets; {@code a} itself when it holds {@code b}. */
    static long[] union(long[] a, long[] b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        if (b.length == 1 && Arrays.binarySearch(a, b[0]) >= 0) {
            return a;
        }
        long[] out = new long[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length || j < b.length) {
            long next = j >= b.length || i < a.length && a[i] <= b[j] ? a[i] : b[j];
            if (i < a.length && a[i] == next) {
                i++;
            }
            if (j < b.length && b[j] == next) {
                j++;
            }
            out[n++] = next;
        }
        return n == a.length ? a : Arrays.copyOf(out, n);
    }
}
