package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LpFixture;
import dev.cardinal.traffic.SchemaInference;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tag pairs that make the most series, counted once per series, not per point. */
class TagPairsTest {
    @Test
    void eachSeriesCountsOncePerPairItCarries() {
        EventKindSample k = LpFixture.read("""
            m,host=a,region=eu f=1 1000000000
            m,host=a,region=eu f=2 2000000000
            m,host=b,region=eu f=1 3000000000
            m,host=c,region=us f=1 4000000000
            m,host=a,region=us f=1 5000000000
            """).eventKinds().get(0);
        List<TagPairs.Pair> top = TagPairs.top(new SampleIndex(k), SchemaInference.asWritten(k, "w"), 10);
        assertEquals(List.of(
            new TagPairs.Pair("host", "a", 2), new TagPairs.Pair("region", "eu", 2), new TagPairs.Pair("region", "us", 2),
            new TagPairs.Pair("host", "b", 1), new TagPairs.Pair("host", "c", 1)), top,
            "four series: the repeated point adds none; ties by key, then value");
        assertEquals(top.subList(0, 2), TagPairs.top(new SampleIndex(k), SchemaInference.asWritten(k, "w"), 2));
    }

    @Test
    void countsFromAnEnginesOwnSeriesAreRankedAlike() {
        assertEquals(List.of(new TagPairs.Pair("__name__", "up", 3), new TagPairs.Pair("job", "x", 2)),
            TagPairs.top(Map.of("job", Map.of("x", 2L, "y", 1L), "__name__", Map.of("up", 3L)), 2));
        assertThrows(IllegalArgumentException.class, () -> TagPairs.top(Map.of(), 0));
    }
}
