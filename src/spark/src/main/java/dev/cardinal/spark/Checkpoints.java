package dev.cardinal.spark;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * Where the checkpoints fall in time order, per event kind (over its rows) and per covered layout (over its points):
 * the row at each checkpoint position, by its time-order key. A row's checkpoint interval is then the first checkpoint
 * whose row is not before it, which is what its position would give, found without the position: a value's first-seen
 * interval is the interval of its earliest row, so the minimum interval over its rows, exactly.
 */
final class Checkpoints implements Serializable {
    private static final long serialVersionUID = 1L;

    /** One event kind's rows or one covered layout's points in time order. */
    static final class Group implements Serializable {
        private static final long serialVersionUID = 1L;
        final long count;
        final long first;
        final long last;
        /** 1-based positions of the checkpoints. */
        final long[] positions;
        final long[] ts;
        final long[] filePartition;
        final long[] seq;

        Group(long count, long first, long last, long[] positions) {
            this.count = count;
            this.first = first;
            this.last = last;
            this.positions = positions;
            this.ts = new long[positions.length];
            this.filePartition = new long[positions.length];
            this.seq = new long[positions.length];
        }

        /** The checkpoint interval of the row with this key: the first checkpoint whose row is not before it. */
        int interval(long rowTs, long rowFp, long rowSeq) {
            int lo = 0;
            int hi = positions.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (Pos.compare(ts[mid], filePartition[mid], seq[mid], rowTs, rowFp, rowSeq) < 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if (lo == positions.length) {
                throw new IllegalStateException("a row after the last checkpoint: the traffic changed between two reads");
            }
            return lo;
        }

        /** Seconds from the first row to the row at each checkpoint. */
        double[] seconds() {
            double[] out = new double[ts.length];
            for (int i = 0; i < ts.length; i++) {
                out[i] = (ts[i] - first) / 1e9;
            }
            return out;
        }
    }

    /** Per event kind: its rows. */
    final Map<String, Group> kinds = new HashMap<>();
    /** Per event kind: per covered layout, its points (null for a layout without any). */
    final Map<String, Group[]> layouts = new HashMap<>();

    /** Group {@code g} of a kind: 0 its rows, 1 + j covered layout j's points. */
    Group group(String kind, int g) {
        return g == 0 ? kinds.get(kind) : layouts.get(kind)[g - 1];
    }
}
