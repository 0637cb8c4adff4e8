package dev.cardinal.projection;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fit's range of each number at the horizon (each edge of the Heaps fit's band, {@link GrowthFit.Band});
 * points when the projection is withheld or a set is closed.
 *
 * @param memory index memory from the model's low at the fit's low edge to its high at the fit's high edge
 */
public record Ranges(Range series, Map<String, Range> tags, Range fieldKeys, Range measurements, Range columns,
                     Map<String, Range> attributes, MemoryEstimate memory) {
    public Ranges {
        // sorted, so that reports list them in the same order on every run (Map.copyOf's order is salted)
        tags = Collections.unmodifiableSortedMap(new TreeMap<>(tags));
        attributes = Collections.unmodifiableSortedMap(new TreeMap<>(attributes));
    }
}
