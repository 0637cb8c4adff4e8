package dev.cardinal.engine.influxdb3;

import dev.cardinal.lint.Evidence;
import dev.cardinal.lint.Finding;
import dev.cardinal.lint.Fix;
import dev.cardinal.lint.LayoutTraffic;
import dev.cardinal.lint.LintContext;
import dev.cardinal.lint.Rule;
import dev.cardinal.lint.Severity;
import dev.cardinal.model.TagSpec;
import dev.cardinal.projection.Growth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The tag order fixes the table's primary key and sort order at the first write, and cannot change after it
 * (docs.influxdata.com/influxdb3/enterprise/write-data/best-practices/schema-design, "Sort tags by query priority").
 * Queries filter and group by the closed-set tags; a tag that grows with traffic before them sorts each of their
 * groups apart. The finding proposes the closed-set tags first, each group in the layout's order.
 */
final class TagOrderRule implements Rule {
    @Override
    public String id() {
        return "influxdb3-tag-order";
    }

    @Override
    public String description() {
        return "a tag that grows with traffic before a closed-set tag in InfluxDB 3's primary key";
    }

    @Override
    public List<Finding> check(LintContext c) {
        if (!(c.traffic() instanceof LayoutTraffic.Rows rows)) {
            return List.of();
        }
        Map<String, Growth> growth = Caches.growth(rows.index());
        List<TagSpec> closed = Caches.closedTags(c.layout(), growth);
        List<TagSpec> tags = c.layout().tags();
        int firstOpen = -1;
        for (int i = 0; i < tags.size() && firstOpen < 0; i++) {
            if (!closed.contains(tags.get(i))) {
                firstOpen = i;
            }
        }
        int open0 = firstOpen;
        if (open0 < 0 || closed.stream().noneMatch(t -> tags.indexOf(t) > open0)) {
            return List.of();
        }
        List<TagSpec> reordered = new ArrayList<>(closed);
        tags.stream().filter(t -> !closed.contains(t)).forEach(reordered::add);
        String open = tags.get(firstOpen).key();
        String layoutId = c.layout().id();
        String order = String.join(", ", reordered.stream().map(TagSpec::key).toList());
        return List.of(new Finding(id(), Severity.INFO, layoutId, open, "'" + open + "' grows with traffic and comes before"
            + " closed-set tags in the primary key; the first write fixes this order for good. Put the tags queries filter"
            + " by first: " + order + ".",
            List.of(new Evidence("designed order", String.join(", ", tags.stream().map(TagSpec::key).toList())),
                new Evidence("closed-set tags", String.join(", ", closed.stream().map(TagSpec::key).toList()))),
            new Fix("order the tags " + order, ws -> ws.withLayout(ws.layout(layoutId).orElseThrow().withTags(
                ws.layout(layoutId).orElseThrow().tags().stream().sorted(java.util.Comparator.comparingInt(t ->
                    reordered.stream().map(TagSpec::key).toList().indexOf(t.key()))).toList())))));
    }
}
