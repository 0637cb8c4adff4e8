package dev.cardinal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cardinal.projection.TagPairs;
import java.util.List;
import java.util.Map;

/** The pairs projected to make the most series, against the ones a real engine ranks first. */
public final class TopPairsCheck {
    private TopPairsCheck() {
    }

    /**
     * The server's ranking ({@code key=value} and its series, most first, as many as it shows) holds the same counts
     * in the same order as the projection's first pairs, and every pair both name has the same count. Pairs with equal
     * counts at the cut may differ (the server breaks ties its own way); their counts may not.
     */
    public static void sameAsTheServers(List<TagPairs.Pair> projected, List<Map.Entry<String, Long>> server, String what) {
        assertFalse(server.isEmpty(), what + ": the server ranks no pair");
        List<Long> serverCounts = server.stream().map(Map.Entry::getValue).sorted((a, b) -> Long.compare(b, a)).toList();
        List<Long> projectedCounts = projected.stream().limit(server.size()).map(TagPairs.Pair::series).toList();
        assertEquals(serverCounts, projectedCounts, what + ": series of the top pairs, " + server + " against " + projected);
        for (Map.Entry<String, Long> e : server) {
            projected.stream().filter(p -> (p.key() + "=" + p.value()).equals(e.getKey())).findFirst()
                .ifPresent(p -> assertEquals(e.getValue().longValue(), p.series(), what + ": " + e.getKey()));
        }
    }
}
