package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RangesTest {
    /** Reports list the ranges in one order on every run (Map.copyOf's order changed with each JVM). */
    @Test
    void rangesAreInTheKeysOrderWhateverOrderTheyCameIn() {
        Map<String, Range> given = new LinkedHashMap<>();
        List<String> sorted = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            sorted.add("tag_" + (char) ('a' + i));
        }
        for (int i = sorted.size() - 1; i >= 0; i--) {
            given.put(sorted.get(i), new Range(i, i + 1));
        }
        Range one = new Range(1, 2);
        Ranges r = new Ranges(one, given, one, one, one, given, new MemoryEstimate(1, 2));
        assertEquals(sorted, List.copyOf(r.tags().keySet()));
        assertEquals(sorted, List.copyOf(r.attributes().keySet()));
        assertEquals(given, r.tags());
    }
}
