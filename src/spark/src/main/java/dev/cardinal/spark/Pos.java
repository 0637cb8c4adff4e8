package dev.cardinal.spark;

import java.io.Serializable;

/**
 * One row's place in time order and the covered layouts it makes a point under: its event kind, its time, then
 * file, partition and record as Cardinal's own reader breaks ties in time. The first row of each chunk also carries
 * the chunk's attributes ({@code name \0 type \0 arrivedAsTag}), in the order the chunk met them. A plain class so
 * that Kryo can write it.
 */
final class Pos implements Serializable, Comparable<Pos> {
    private static final long serialVersionUID = 1L;
    String kind;
    long ts;
    long filePartition;
    long seq;
    long[] written;
    String[] meta;

    Pos() {
    }

    Pos(String kind, long ts, long filePartition, long seq, long[] written, String[] meta) {
        this.kind = kind;
        this.ts = ts;
        this.filePartition = filePartition;
        this.seq = seq;
        this.written = written;
        this.meta = meta;
    }

    @Override
    public int compareTo(Pos o) {
        int c = kind.compareTo(o.kind);
        return c != 0 ? c : compare(ts, filePartition, seq, o.ts, o.filePartition, o.seq);
    }

    /** Time order within an event kind. */
    static int compare(long ts, long fp, long seq, long ts2, long fp2, long seq2) {
        int c = Long.compare(ts, ts2);
        if (c == 0) {
            c = Long.compare(fp, fp2);
        }
        return c != 0 ? c : Long.compare(seq, seq2);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pos p && compareTo(p) == 0;
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + Long.hashCode(ts ^ filePartition ^ seq);
    }
}
