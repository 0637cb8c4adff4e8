package dev.cardinal.spark;

import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.Sample;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Cuts the records of one partition of one input file into chunks and reads a chunk with Cardinal's own readers as
 * {@link InputSpec} says, so a point is a point and a value a value exactly as {@code cardinal analyze} reads them.
 * Nothing is kept across chunks.
 */
final class TrafficRows implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Lines read at once by default: enough to amortize the reader, few enough to stay small per task. */
    static final int CHUNK_LINES = 50_000;

    private final InputSpec spec;
    private final int chunkLines;

    TrafficRows(InputSpec spec, int chunkLines) {
        this.spec = spec;
        this.chunkLines = chunkLines;
    }

    /**
     * The chunks of one partition of one file: its records {@code chunkLines} at a time (a CSV chunk never ends inside
     * a quoted cell, and the partition at the start of a CSV file skips the header, which every chunk gets).
     */
    Iterator<RawChunk> chunks(int reader, int file, int partition, Iterator<String> lines) {
        long header = 0;
        if (spec.csv() && partition == 0 && lines.hasNext()) {
            lines.next();
            header = 1;
        }
        long skipped = header;
        // one chunk at a time: a partition (a whole gzipped file) never sits in memory
        return new Iterator<>() {
            private final List<String> records = new ArrayList<>(Math.min(chunkLines, CHUNK_LINES));
            private long chunk;
            private long before = skipped;

            @Override
            public boolean hasNext() {
                return lines.hasNext();
            }

            @Override
            public RawChunk next() {
                if (!hasNext()) {
                    throw new java.util.NoSuchElementException();
                }
                records.clear();
                boolean quoted = false;
                while (lines.hasNext() && (records.size() < chunkLines || quoted)) {
                    String line = lines.next();
                    records.add(line);
                    quoted ^= spec.csv() && InputSpec.quotes(line) % 2 != 0;
                }
                RawChunk c = new RawChunk(reader, file, partition, chunk++, before, records.size(),
                    InputSpec.chunk(spec.header(), records));
                before += records.size();
                c.last = !lines.hasNext();
                return c;
            }
        };
    }

    /** Reads one chunk as Cardinal reads a file; counts its bad records in {@code bad[0]}. */
    Sample read(RawChunk chunk, long[] bad) {
        return spec.read(chunk.bytes, bad, null);
    }

    /** As {@link #read(RawChunk, long[])}, adding the first of its refused lines' problems to {@code problems}. */
    Sample read(RawChunk chunk, long[] bad, List<ReadProblem> problems) {
        return spec.read(chunk.bytes, bad, problems);
    }

    /** Lines a CSV chunk starts with before its records (the file's header); none in the other formats. */
    int headerLines() {
        return spec.csv() ? 1 : 0;
    }
}
