package dev.cardinal.engine.influxdb3;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.projection.Growth;
import dev.cardinal.projection.GrowthFit;
import dev.cardinal.projection.SampleIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The caches a layout would likely have, sized over the sample. Both are keyed by the layout's closed-set tags whose
 * value is one attribute (a tag that grows with traffic would grow the cache with it):
 * <ul>
 * <li>the distinct value cache holds each distinct combination of its columns, at most {@code --max-cardinality}
 * (default 100000), pruning the oldest beyond it ({@code DistinctCache::prune} in
 * {@code influxdb3_cache/src/distinct_cache/cache.rs}, defaults in {@code influxdb3/src/commands/create.rs} at v3.9.6);</li>
 * <li>the last value cache holds {@code --count} rows (default 1) for each distinct combination of its key columns,
 * never more than the product of the columns' distinct values.</li>
 * </ul>
 */
final class Caches {
    /** {@code --max-cardinality}'s default. */
    static final long MAX_CARDINALITY = 100_000;
    /** {@code --count}'s default. */
    static final long LAST_COUNT = 1;
    /** Where the defaults are defined. */
    static final String SOURCE = "influxdb3/src/commands/create.rs at influxdb v3.9.6";

    private Caches() {
    }

    /**
     * @param keys        the tag keys the caches are keyed by, in the layout's order
     * @param attributes  the attribute behind each key
     * @param combinations distinct combinations of the keys' values in the sample
     * @param product     the product of each key's distinct values (the bound of the combinations)
     */
    record Sizing(List<String> keys, List<String> attributes, long combinations, long product) {
        long lastCacheRows() {
            return combinations * LAST_COUNT;
        }
    }

    /** The closed-set tags of {@code layout} whose value is one attribute, with that attribute, by key in layout order. */
    static List<TagSpec> closedTags(Layout layout, Map<String, Growth> growth) {
        List<TagSpec> out = new ArrayList<>();
        for (TagSpec t : layout.tags()) {
            Optional<String> a = t.value().singleRef();
            if (a.isPresent() && growth.get(a.get()) == Growth.CLOSED) {
                out.add(t);
            }
        }
        return out;
    }

    /** The growth class of each attribute of the sample, fitted as the projection fits it ({@link GrowthFit#overPoints}). */
    static Map<String, Growth> growth(SampleIndex index) {
        Map<String, Growth> out = new HashMap<>();
        for (int a = 0; a < index.sample().attributes().size(); a++) {
            out.put(index.sample().attributes().get(a).name(), GrowthFit.overPoints(index.growth(a)).growth());
        }
        return out;
    }

    /** The caches' sizes over the sample, or empty when the layout has no closed-set tag to key them by. */
    static Optional<Sizing> size(Layout layout, Map<String, Growth> growth, SampleIndex index) {
        List<TagSpec> tags = closedTags(layout, growth);
        if (tags.isEmpty()) {
            return Optional.empty();
        }
        List<String> attributes = tags.stream().map(t -> t.value().singleRef().orElseThrow()).toList();
        int[] columns = attributes.stream().mapToInt(a -> index.sample().attributeIndex(a)).toArray();
        Set<Key> seen = new HashSet<>();
        for (int row = 0; row < index.rows(); row++) {
            int[] ids = new int[columns.length];
            for (int c = 0; c < columns.length; c++) {
                ids[c] = index.id(columns[c], row);
            }
            seen.add(new Key(ids));
        }
        long product = 1;
        for (int c : columns) {
            long d = Math.max(1, index.distinct(c));
            product = product > Long.MAX_VALUE / d ? Long.MAX_VALUE : product * d;
        }
        return Optional.of(new Sizing(tags.stream().map(TagSpec::key).toList(), attributes, seen.size(), product));
    }

    /** Value ids of one row, compared by content. */
    private record Key(int[] ids) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(ids, k.ids);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ids);
        }
    }
}
