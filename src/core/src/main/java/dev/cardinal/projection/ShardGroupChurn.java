package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The tags that make the most churn where the index is kept per shard group (InfluxDB 1.x and 2.x: each shard holds
 * its own index, so a series costs again in every shard group it is written in): {@link AttributeChurn} over the
 * layout's series as the sample writes them, its windows the layout's shard groups (the retention plan's shard group
 * duration, counted from Go's zero time as the server cuts them). The attributes are the tag keys; a measurement made
 * from an attribute is not one of them.
 */
public final class ShardGroupChurn {
    private ShardGroupChurn() {
    }

    /** The {@code n} tags of the layout's series (measurement and tag set) with the most churn per shard group. */
    public static List<AttributeChurn.Churn> top(SampleIndex index, Layout layout, int n) {
        return top(index, layout, List.of(layout), n);
    }

    /**
     * The same where a series holds its field key too ({@link FieldKeySeries}, as InfluxDB Cloud (TSM) keys them): each
     * series once per field key it is written with, from the first to the last point that carries it.
     */
    public static List<AttributeChurn.Churn> topPerFieldKey(SampleIndex index, Layout layout, int n) {
        return top(index, layout, FieldKeySeries.variants(layout), n);
    }

    private static List<AttributeChurn.Churn> top(SampleIndex index, Layout layout, List<Layout> keyed, int n) {
        Duration window = layout.retention().effectiveShardGroupDuration();
        LayoutMeasurer measurer = new LayoutMeasurer(index);
        List<Map<String, String>> tags = new ArrayList<>();
        List<long[]> spans = new ArrayList<>();
        keyed.forEach(l -> measurer.forEachSeries(l, (measurement, t, firstNs, lastNs) -> {
            tags.add(t);
            spans.add(new long[] {firstNs, lastNs});
        }));
        return AttributeChurn.top(AttributeChurn.Series.of(tags.size(), tags::get, i -> spans.get(i)[0], i -> spans.get(i)[1]),
            window, new ShardGroups(window).start(0), n);
    }
}
