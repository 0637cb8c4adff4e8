package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.DictionaryColumn;
import dev.cardinal.traffic.DoubleColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LongColumn;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What a traffic summary counts, row by row, for a part of the traffic read by Cardinal's own reader: each
 * attribute's value as a key (two rows share a key exactly when {@link SampleIndex} gives them one value id), and
 * for each covered layout whether the row makes a point ({@link PointRules}), the series it writes and the shard
 * group it falls in. The Spark job counts these keys over all of the traffic; one machine never holds them all.
 */
public final class SummaryRows {
    /** The separator inside a series key; a rendered name or value can hold any character but this pair. */
    private static final String SEP = "\u0000\u0001";

    private final EventKindSample sample;
    private final List<Layout> layouts;
    private final TemplateText text;
    private final long[][] written;
    private final ShardGroups[] shards;

    public SummaryRows(EventKindSample sample, List<Layout> layouts) {
        this.sample = sample;
        this.layouts = List.copyOf(layouts);
        SampleIndex index = new SampleIndex(sample);
        this.text = new TemplateText(index);
        this.written = new long[layouts.size()][];
        this.shards = new ShardGroups[layouts.size()];
        for (int j = 0; j < layouts.size(); j++) {
            Layout l = layouts.get(j);
            written[j] = new PointRules(index, text, l).writtenRows(l.measurement().isLiteral() ? named(l) : row ->
                !text.render(l.measurement(), row).isEmpty());
            shards[j] = new ShardGroups(l.retention().effectiveShardGroupDuration());
        }
    }

    private static java.util.function.IntPredicate named(Layout l) {
        return l.measurement().literalText().isEmpty() ? row -> false : null;
    }

    /** Checkpoint positions (1-based counts of points) for {@code n} points, as every growth curve uses. */
    public static long[] checkpoints(long n) {
        return GrowthCurve.positions(n, LayoutMeasurer.CHECKPOINTS);
    }

    public int rows() {
        return sample.rows();
    }

    /**
     * The key of attribute {@code a}'s value in {@code row}, null when absent (an empty string is absent, as
     * everywhere). Numbers are keyed by their bits, as {@link SampleIndex} numbers them; the type is part of the key.
     */
    public String valueKey(int a, int row) {
        Column c = sample.column(a);
        if (!c.present(row)) {
            return null;
        }
        if (c instanceof DictionaryColumn) {
            String s = c.text(row);
            return s.isEmpty() ? null : "s" + s;
        }
        if (c instanceof LongColumn l) {
            return "l" + l.get(row);
        }
        return "d" + Double.doubleToLongBits(((DoubleColumn) c).get(row));
    }

    /** True when {@code row} makes a point under covered layout {@code j}. */
    public boolean written(int j, int row) {
        return (written[j][row >>> 6] & (1L << row)) != 0;
    }

    /** The series key {@code row} writes under covered layout {@code j} (measurement and tags, as rendered). */
    public String seriesKey(int j, int row) {
        Layout l = layouts.get(j);
        StringBuilder key = new StringBuilder(text.render(l.measurement(), row));
        List<TagSpec> tags = new ArrayList<>(l.tags());
        tags.sort(Comparator.comparing(TagSpec::key));
        for (TagSpec t : tags) {
            String v = text.render(t.value(), row);
            if (!v.isEmpty()) {
                key.append(SEP).append(t.key()).append(SEP).append(v);
            }
        }
        return key.toString();
    }

    /** The value of tag {@code t} of covered layout {@code j} as written in {@code row}, null when not written. */
    public String tagValue(int j, int t, int row) {
        String v = text.render(layouts.get(j).tags().get(t).value(), row);
        return v.isEmpty() ? null : v;
    }

    /**
     * The combination of attributes tag {@code t} of layout {@code j} is made of, in {@code row}: what its growth
     * curve counts over all rows. A single attribute absent is no value; a combination of several is one even when
     * all are absent, as {@link Projector} counts them.
     */
    public String tagTuple(int j, int t, int row) {
        int[] attrs = text.attributes(layouts.get(j).tags().get(t).value());
        if (attrs.length == 1) {
            return valueKey(attrs[0], row);
        }
        StringBuilder key = new StringBuilder();
        for (int a : attrs) {
            String v = valueKey(a, row);
            key.append(v == null ? "" : v).append(SEP);
        }
        return key.toString();
    }

    /** The shard group (a number, consecutive groups consecutive) {@code row} falls in under covered layout {@code j}. */
    public long shardGroup(int j, int row) {
        return shards[j].index(sample.timestamp(row));
    }

    /** The start of shard group {@code group} under a shard group duration, in nanoseconds. */
    public static long shardGroupEndNanos(java.time.Duration shardGroupDuration, long group) {
        return new ShardGroups(shardGroupDuration).end(group);
    }
}
