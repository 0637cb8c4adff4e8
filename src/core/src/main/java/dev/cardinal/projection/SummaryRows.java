package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.DictionaryColumn;
import dev.cardinal.traffic.DoubleColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LongColumn;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * What a traffic summary counts, row by row, for a part of the traffic read by Cardinal's own reader: each
 * attribute's value as a key (two rows share a key exactly when {@link SampleIndex} gives them one value id), and
 * for each covered layout whether the row makes a point ({@link PointRules}), the series it writes and the shard
 * group it falls in. The Spark job counts these keys over all of the traffic; one machine never holds them all.
 * The covered layouts share most of their tags (a layout one toggle away shares all but one with its source), so each
 * distinct tag template is rendered once per row; an instance is therefore for one thread.
 */
public final class SummaryRows {
    /** The separator inside a series key; a rendered name or value can hold any character but this pair. */
    private static final String SEP = "\u0000\u0001";

    private final EventKindSample sample;
    private final List<Layout> layouts;
    private final TemplateText text;
    private final long[][] written;
    private final ShardGroups[] shards;
    /** The distinct tag templates of the layouts; per layout and tag, its template's number. */
    private final Template[] templates;
    private final int[][] tagTemplate;
    /** Per layout: its tags' indexes in the order a series key lists them (by key). */
    private final int[][] keyOrder;
    /** Per layout: its measurement when literal, else null. */
    private final String[] literalMeasurement;
    /** The templates rendered for {@link #memoRow}, null where not yet. */
    private final String[] memo;
    private int memoRow = -1;

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
        Map<Template, Integer> ids = new HashMap<>();
        this.tagTemplate = new int[layouts.size()][];
        this.keyOrder = new int[layouts.size()][];
        this.literalMeasurement = new String[layouts.size()];
        for (int j = 0; j < layouts.size(); j++) {
            List<TagSpec> tags = layouts.get(j).tags();
            tagTemplate[j] = tags.stream().mapToInt(t -> ids.computeIfAbsent(t.value(), x -> ids.size())).toArray();
            keyOrder[j] = IntStream.range(0, tags.size()).boxed()
                .sorted(Comparator.comparing(t -> tags.get(t).key())).mapToInt(Integer::intValue).toArray();
            Template m = layouts.get(j).measurement();
            literalMeasurement[j] = m.isLiteral() ? m.literalText() : null;
        }
        this.templates = new Template[ids.size()];
        ids.forEach((t, id) -> templates[id] = t);
        this.memo = new String[templates.length];
    }

    /** Tag template {@code id} rendered for {@code row}, once per row. */
    private String rendered(int id, int row) {
        if (row != memoRow) {
            Arrays.fill(memo, null);
            memoRow = row;
        }
        String v = memo[id];
        if (v == null) {
            v = text.render(templates[id], row);
            memo[id] = v;
        }
        return v;
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
        StringBuilder key = new StringBuilder(literalMeasurement[j] != null ? literalMeasurement[j]
            : text.render(l.measurement(), row));
        for (int t : keyOrder[j]) {
            String v = rendered(tagTemplate[j][t], row);
            if (!v.isEmpty()) {
                key.append(SEP).append(l.tags().get(t).key()).append(SEP).append(v);
            }
        }
        return key.toString();
    }

    /** The value of tag {@code t} of covered layout {@code j} as written in {@code row}, null when not written. */
    public String tagValue(int j, int t, int row) {
        String v = rendered(tagTemplate[j][t], row);
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
