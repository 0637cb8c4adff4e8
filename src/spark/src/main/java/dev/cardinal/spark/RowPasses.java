package dev.cardinal.spark;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.projection.SummaryRows;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleAttribute;
import dev.cardinal.traffic.SummaryCoverage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Function;
import org.apache.spark.util.LongAccumulator;
import scala.Tuple2;

/**
 * The two reads of the traffic, one chunk at a time: the first gives each row's place in time order ({@link Pos});
 * the second, knowing the {@link Checkpoints}, gives each row's keys to count, with the checkpoint interval they are
 * seen in. A chunk's keys are made row by row, so a chunk's rows never sit in memory twice.
 */
final class RowPasses {
    /** Each sketch covers one day of traffic, so summaries of different days merge. */
    static final long BUCKET_NANOS = SummaryCounts.BUCKET_SECONDS * 1_000_000_000L;
    /** Rows whose keys are merged before they leave the task. */
    static final int WINDOW_ROWS = 8192;

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

    /** Each row's place in time order; bad records are counted in {@code badLines}. */
    Iterator<Pos> positions(Iterator<RawChunk> chunks, LongAccumulator badLines) {
        return rows(chunks, c -> {
            long[] bad = new long[1];
            Sample sample = readers.get(c.reader).read(c, bad);
            badLines.add(bad[0]);
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

    /** Each row's keys with what is kept of them ({@link Agg}). */
    Iterator<Tuple2<String, Agg>> entries(Iterator<RawChunk> chunks, Checkpoints cp) {
        return rows(chunks, c -> readers.get(c.reader).read(c, new long[1]), (c, k) -> entries(c, k, cp));
    }

    private Iterator<Tuple2<String, Agg>> entries(RawChunk c, RowKeys k, Checkpoints cp) {
        String kind = k.sample.name();
        Checkpoints.Group rowsInOrder = cp.kinds.get(kind);
        Checkpoints.Group[] points = cp.layouts.get(kind);
        List<SampleAttribute> attributes = k.sample.attributes();
        SummaryRows sr = k.rows;
        // each key is its slot's prefix and the value ({@link Keys#of}), made once per chunk rather than per key
        String[] values = new String[attributes.size()];
        for (int a = 0; a < values.length; a++) {
            values[a] = Keys.of(Keys.VALUE, kind, attributes.get(a).name(), "");
        }
        String[] combinations = new String[k.patterns.length];
        String[] tagValues = new String[k.patterns.length];
        for (int p = 0; p < k.patterns.length; p++) {
            combinations[p] = Keys.of(Keys.COMBINATION, kind, k.patterns[p], "");
            tagValues[p] = Keys.of(Keys.TAG_VALUE, kind, k.patterns[p], "");
        }
        String[] series = new String[k.layouts];
        for (int j = 0; j < series.length; j++) {
            series[j] = Keys.of(Keys.SERIES, kind, Integer.toString(j), "");
        }
        // the keys of a window of rows, merged: a closed set's values and a small layout's series leave the task once
        // per window instead of once per row, and the map dies young
        return new Iterator<>() {
            private final Map<String, Agg> window = new HashMap<>();
            private Iterator<Map.Entry<String, Agg>> out = Collections.emptyIterator();
            private int r;

            @Override
            public boolean hasNext() {
                if (!out.hasNext() && r < k.sample.rows()) {
                    window.clear();
                    for (int end = Math.min(k.sample.rows(), r + WINDOW_ROWS); r < end; r++) {
                        keys(r);
                    }
                    out = window.entrySet().iterator();
                }
                return out.hasNext();
            }

            @Override
            public Tuple2<String, Agg> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Map.Entry<String, Agg> e = out.next();
                return new Tuple2<>(e.getKey(), e.getValue());
            }

            private void add(String key, Agg agg) {
                window.merge(key, agg, Agg::merge);
            }

            private void keys(int r) {
                long ts = k.sample.timestamp(r);
                long fp = c.filePartition();
                long seq = c.chunk << 32 | r;
                int interval = rowsInOrder.interval(ts, fp, seq);
                long day = Math.floorDiv(ts, BUCKET_NANOS);
                for (int a = 0; a < attributes.size(); a++) {
                    String v = sr.valueKey(a, r);
                    if (v != null) {
                        add(values[a] + v, Agg.value(interval, day));
                    }
                }
                long[] written = k.written(r);
                for (int p = 0; p < k.patterns.length; p++) {
                    int[] jt = k.patternTag[p];
                    if (k.patternAttribute[p] == null) {
                        String tuple = sr.tagTuple(jt[0], jt[1], r);
                        if (tuple != null) {
                            add(combinations[p] + tuple, Agg.combination(interval));
                        }
                    }
                    long[] under = RowKeys.and(written, k.patternLayouts[p]);
                    String v = under == null ? null : sr.tagValue(jt[0], jt[1], r);
                    if (v != null) {
                        add(tagValues[p] + v, Agg.tagValue(under));
                    }
                }
                for (int j = 0; j < k.layouts; j++) {
                    if (RowKeys.has(written, j)) {
                        add(series[j] + sr.seriesKey(j, r),
                            Agg.series(points[j].interval(ts, fp, seq), sr.shardGroup(j, r), day));
                    }
                }
            }
        };
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
