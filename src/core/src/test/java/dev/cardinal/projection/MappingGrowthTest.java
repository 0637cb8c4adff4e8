package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.traffic.NdjsonDocuments;
import dev.cardinal.traffic.scenarios.CustomMetricsDocuments;
import dev.cardinal.traffic.scenarios.DocumentShape;
import dev.cardinal.traffic.scenarios.NamedMetricsDocuments;
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

    private static MappingProjection byTenants(int documents) {
        MappingProjector p = new MappingProjector(DocumentMapping.DEFAULT_TOTAL_FIELDS, "tenant");
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

    @Test
    void fromTheTenantsHalfTheSamplePredictsTheTimeWithinFivePercentAndItsRangeHoldsIt() {
        double exact = project(DOCUMENTS.size()).firstLimitRefusal().seconds();
        MappingProjection half = byTenants(DOCUMENTS.size() / 2);
        LimitForecast f = half.tenantForecast();
        assertNull(f.cannotTell(), f.cannotTell());
        assertEquals(exact, half.secondsToLimit().orElseThrow(), 0.05 * exact);
        assertTrue(f.holds(exact), f.range() + " holds " + exact);
        assertTrue(half.whenLimitRefuses().contains("range"), half.whenLimitRefuses());
    }

    @Test
    void fromTheTenantsOfAFifthTheRangeHoldsTheTime() {
        double exact = project(DOCUMENTS.size()).firstLimitRefusal().seconds();
        MappingProjection fifth = byTenants(DOCUMENTS.size() / 5);
        LimitForecast f = fifth.tenantForecast();
        assertNull(f.cannotTell(), f.cannotTell());
        // 6.3% early: a fifth shows tenants to the age of two days, when some still name metrics (see opensearch.md)
        assertEquals(exact, fifth.secondsToLimit().orElseThrow(), 0.07 * exact);
        assertTrue(f.holds(exact), f.range() + " holds " + exact);
    }

    @Test
    void aFewTenantsWithMostOfTheNamesMakeAFifthSayItCannotTell() throws IOException {
        StringWriter out = new StringWriter();
        NamedMetricsDocuments.write(out, 60_000, DocumentShape.WHALES, 36);
        List<NdjsonDocuments.Document> whales = new ArrayList<>();
        assertTrue(NdjsonDocuments.read(new ByteArrayInputStream(out.toString().getBytes(StandardCharsets.UTF_8)), "whales",
            whales::add).isEmpty());
        MappingProjector all = new MappingProjector();
        whales.forEach(all::accept);
        double exact = all.result().firstLimitRefusal().seconds();
        MappingProjector p = new MappingProjector(DocumentMapping.DEFAULT_TOTAL_FIELDS, "tenant");
        whales.subList(0, whales.size() / 5).forEach(p::accept);
        MappingProjection fifth = p.result();
        LimitForecast f = fifth.tenantForecast();
        assertNotNull(f.cannotTell());
        assertTrue(f.high() > LimitForecast.WIDEST * f.low(), f.range());
        assertTrue(fifth.secondsToLimit().isEmpty(), "no number where the sample cannot tell");
        assertTrue(f.holds(exact), f.range() + " holds " + exact);
        assertTrue(fifth.whenLimitRefuses().startsWith("the sample cannot tell: the tenants seen put it between"),
            fifth.whenLimitRefuses());
    }

    @Test
    void aFewTenantsSayNothingAboutHowTenantsArrive() {
        MappingProjection first = byTenants(40);
        LimitForecast f = first.tenantForecast();
        assertTrue(f.tenants() < TenantGrowth.FEWEST_TENANTS, "tenants " + f.tenants());
        assertTrue(f.cannotTell().contains(f.tenants() + " tenant(s)"), f.cannotTell());
        assertTrue(first.secondsToLimit().isEmpty());
    }
}
