package dev.cardinal.spark;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleAttribute;
import dev.cardinal.traffic.SummaryCoverage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * The two reads of the traffic, one chunk at a time: the first gives each row's place in time order ({@link Pos});
 * the second, knowing the {@link Checkpoints}, gives each row's keys to count as Spark rows ({@link KeyFacts}), with
 * the checkpoint interval they are seen in. A chunk's keys are made row by row, so a chunk's rows never sit in memory twice.
 */
final class RowPasses {
    /** Each sketch covers one day of traffic, so summaries of different days merge. */
    static final long BUCKET_NANOS = SummaryCounts.BUCKET_SECONDS * 1_000_000_000L;

    private final List<TrafficRows> readers;
    private final Workspace ws;
    private final Map<String, List<Layout>> coverage = new HashMap<>();

    RowPasses(List<TrafficRows> readers, byte[] workspace) {
        this.readers = readers;
        try {
            this.ws = WorkspaceReader.read(workspace, "workspace").workspace();
        } catch (dev.cardinal.model.WorkspaceFormatException e) {
            throw new IllegalStateException(e.getMessage(), e); // the driver read it first: not reached
        }
    }

    /** Each row's place in time order; bad records go to {@code problems}. */
    Iterator<Pos> positions(Iterator<RawChunk> chunks, ReadProblems problems) {
        return rows(chunks, c -> {
            long[] bad = new long[1];
            List<dev.cardinal.traffic.ReadProblem> found = new ArrayList<>();
            TrafficRows reader = readers.get(c.reader);
            Sample sample = reader.read(c, bad, found);
            problems.add(c, reader.headerLines(), bad[0], found);
            return sample;
        }, this::positions);
    }

    private Iterator<Pos> positions(RawChunk c, RowKeys k) {
        return new Iterator<Pos>() {
            private int r;

            @Override
            public boolean hasNext() {
                return r < k.sample.rows();
            }

            @Override
            public Pos next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                String[] meta = null;
                if (r == 0) {
                    List<SampleAttribute> as = k.sample.attributes();
                    meta = new String[as.size() * 3];
                    for (int a = 0; a < as.size(); a++) {
                        meta[3 * a] = as.get(a).name();
                        meta[3 * a + 1] = as.get(a).type().id();
                        meta[3 * a + 2] = Boolean.toString(as.get(a).arrivedAsTag());
                    }
                }
                Pos p = new Pos(k.sample.name(), k.sample.timestamp(r), c.filePartition(), c.chunk << 32 | r, k.written(r), meta);
                r++;
                return p;
            }
        };
    }

    /** Each row's keys as Spark rows ({@link KeyFacts}). */
    Iterator<org.apache.spark.sql.catalyst.InternalRow> facts(Iterator<RawChunk> chunks, Checkpoints cp, Slots slots,
                                                              long keyMask) {
        return rows(chunks, c -> readers.get(c.reader).read(c, new long[1]), (c, k) -> new KeyFacts(c, k, cp, slots, keyMask));
    }

    /** What {@code perKind} gives for each event kind of each chunk as {@code read} reads it, chunk after chunk. */
    private <T> Iterator<T> rows(Iterator<RawChunk> chunks, Function<RawChunk, Sample> read,
                                 java.util.function.BiFunction<RawChunk, RowKeys, Iterator<T>> perKind) {
        return new Iterator<>() {
            private Iterator<T> current = Collections.emptyIterator();
            private final List<Iterator<T>> kinds = new ArrayList<>();

            @Override
            public boolean hasNext() {
                while (!current.hasNext()) {
                    if (!kinds.isEmpty()) {
                        current = kinds.remove(0);
                    } else if (chunks.hasNext()) {
                        RawChunk c = chunks.next();
                        for (EventKindSample k : read.apply(c).eventKinds()) {
                            RowKeys keys = new RowKeys(k, coverage.computeIfAbsent(k.name(), n -> SummaryCoverage.layouts(ws, n)));
                            kinds.add(perKind.apply(c, keys));
                        }
                    } else {
                        return false;
                    }
                }
                return true;
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return current.next();
            }
        };
    }
}
