package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.traffic.NdjsonDocuments;
import dev.cardinal.traffic.scenarios.CustomMetricsDocuments;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The time to the total-fields limit: observed in the whole sample, predicted from its first fifth. */
class MappingGrowthTest {
    private static final List<NdjsonDocuments.Document> DOCUMENTS = new ArrayList<>();

    @BeforeAll
    static void read() throws IOException {
        StringWriter out = new StringWriter();
        CustomMetricsDocuments.write(out, CustomMetricsDocuments.defaultRows());
        byte[] bytes = out.toString().getBytes(StandardCharsets.UTF_8);
        assertTrue(NdjsonDocuments.read(new ByteArrayInputStream(bytes), "docs", DOCUMENTS::add).isEmpty());
    }

    private static MappingProjection project(int documents) {
        MappingProjector p = new MappingProjector();
        DOCUMENTS.subList(0, documents).forEach(p::accept);
        return p.result();
    }

    @Test
    void theWholeSampleReachesTheLimitAndSaysWhen() {
        MappingProjection whole = project(DOCUMENTS.size());
        MappingProjection.Refused first = whole.firstLimitRefusal();
        assertNotNull(first, "the sample reaches the limit");
        assertTrue(whole.limitReachedInSample());
        assertEquals(first.seconds(), whole.secondsToLimit().getAsDouble());
        assertTrue(whole.fields() <= 1000 && whole.fields() > 990, "the mapping is full: " + whole.fields());
        assertFalse(whole.truncations().isEmpty(), "integers then fractions are truncations");
    }

    @Test
    void theFirstFifthPredictsTheTimeWithinFivePercent() {
        double exact = project(DOCUMENTS.size()).firstLimitRefusal().seconds();
        MappingProjection fifth = project(DOCUMENTS.size() / 5);
        assertFalse(fifth.limitReachedInSample());
        double predicted = fifth.secondsToLimit().orElseThrow();
        assertEquals(exact, predicted, 0.05 * exact);
    }
}
