package dev.cardinal.spark;

import java.io.Serializable;

/**
 * One chunk of records of one input file as bytes, before it is read: small enough to move between tasks, so the
 * records of one gzipped file (one task to decompress) are read by every core. Where it came from (file, partition
 * of the file, chunk of the partition) is what orders its points among points with the same time, as Cardinal's own
 * reader orders them. A plain class rather than a record so that Kryo can write it.
 */
final class RawChunk implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Which {@link TrafficRows} reads it (one per format and event kind of the inputs). */
    int reader;
    int file;
    int partition;
    long chunk;
    /** Lines of its partition before its first record (a CSV file's header among them). */
    long firstLine;
    /** Lines of records it holds. */
    int lines;
    /** True for the last chunk of its partition. */
    boolean last;
    byte[] bytes;

    RawChunk() {
    }

    RawChunk(int reader, int file, int partition, long chunk, long firstLine, int lines, byte[] bytes) {
        this.reader = reader;
        this.file = file;
        this.partition = partition;
        this.chunk = chunk;
        this.firstLine = firstLine;
        this.lines = lines;
        this.bytes = bytes;
    }

    /** File and partition in one number, in their order (both are non-negative ints). */
    long filePartition() {
        return (long) file << 32 | partition;
    }
}
