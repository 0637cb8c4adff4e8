package dev.cardinal.traffic.synthetic;

import static dev.cardinal.traffic.synthetic.SyntheticSamples.counts;
import static dev.cardinal.traffic.synthetic.SyntheticSamples.generate;
import static dev.cardinal.traffic.synthetic.SyntheticSamples.listingEvents;
import static dev.cardinal.traffic.synthetic.SyntheticSamples.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleAttribute;
import dev.cardinal.traffic.SampleLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SyntheticTrafficTest {
    private static final long DAY_NANOS = 86_400_000_000_000L;

    @Test
    void theSameSeedGivesTheSameSample() {
        List<String> first = rows(generate(listingEvents(7)).eventKinds().get(0));
        assertEquals(28_000, first.size());
        assertEquals(first, rows(generate(listingEvents(7)).eventKinds().get(0)));
        assertNotEquals(first, rows(generate(listingEvents(8)).eventKinds().get(0)));
    }

    @Test
    void attributesArriveAsTheProfileSaysTagsFirst() {
        EventKindSample k = generate(listingEvents(7)).eventKinds().get(0);
        assertEquals(List.of("event", "user_id", "count", "price"), k.attributes().stream().map(SampleAttribute::name).toList());
        assertEquals(List.of(true, true, false, false), k.attributes().stream().map(SampleAttribute::arrivedAsTag).toList());
        assertEquals(List.of(ValueType.STRING, ValueType.STRING, ValueType.INTEGER, ValueType.FLOAT),
            k.attributes().stream().map(SampleAttribute::type).toList());
        assertTrue(k.column("event").text(0).matches("v0[1-5]"));
        assertTrue(k.column("user_id").text(0).matches("u\\d{6}"), k.column("user_id").text(0));
    }

    @Test
    void anAttributesValuesDoNotDependOnTheOthers() {
        TrafficProfile p = listingEvents(7);
        List<AttributeProfile> more = new ArrayList<>(p.attributes());
        more.add(0, new AttributeProfile.Constant("host", "web-01", true));
        Collections.reverse(more);
        TrafficProfile changed = new TrafficProfile(p.eventKind(), p.pointsPerDay(), p.span(), p.seed(), more);
        EventKindSample a = generate(p).eventKinds().get(0);
        EventKindSample b = generate(changed).eventKinds().get(0);
        for (int r = 0; r < a.rows(); r += 997) {
            assertEquals(a.column("user_id").text(r), b.column("user_id").text(r));
            assertEquals(a.column("price").text(r), b.column("price").text(r));
            assertEquals(a.timestamp(r), b.timestamp(r));
            assertEquals("web-01", b.column("host").text(r));
        }
    }

    @Test
    void timestampsIncreaseAcrossTheSpanFromTheFixedStart() {
        EventKindSample k = generate(listingEvents(7)).eventKinds().get(0);
        long start = SyntheticRows.START.getEpochSecond() * 1_000_000_000L;
        assertTrue(k.timestamp(0) >= start && k.timestamp(0) < start + 14 * DAY_NANOS / 28_000);
        for (int r = 1; r < k.rows(); r++) {
            assertTrue(k.timestamp(r) > k.timestamp(r - 1), "row " + r);
        }
        assertTrue(k.timestamp(k.rows() - 1) < start + 14 * DAY_NANOS);
        assertTrue(k.timestamp(k.rows() - 1) > start + 14 * DAY_NANOS - DAY_NANOS / 100);
    }

    @ParameterizedTest
    @CsvSource({"1, 0", "5, 1.2", "40, 0", "40, 1.5", "300, 0.8"})
    void aClosedSetStaysWithinItsValuesAndReachesThemAll(int n, double skew) {
        TrafficProfile p = new TrafficProfile("k", 5_000, Duration.ofDays(10), 3, List.of(
            new AttributeProfile.ClosedSet("c", n, skew, true), new AttributeProfile.Measure("m", ValueType.INTEGER)));
        EventKindSample k = generate(p).eventKinds().get(0);
        assertEquals(n, k.column("c").distinct());
    }

    @Test
    void aClosedSetUsesTheGivenValueNames() {
        TrafficProfile p = new TrafficProfile("k", 1_000, Duration.ofDays(1), 3, List.of(
            new AttributeProfile.ClosedSet("device", 3, 0, List.of("web", "ios", "android"), false)));
        assertEquals(java.util.Set.of("web", "ios", "android"), counts(generate(p).eventKinds().get(0), "device").keySet());
    }

    @ParameterizedTest
    @CsvSource({"2000, 30, 50000, 1.0", "50, 14, 2000, 0", "500, 7, 20000, 2.5"})
    void aGrowingIdBringsAboutKNewValuesPerDay(double k, int days, double perDay, double repeatSkew) {
        TrafficProfile p = new TrafficProfile("k", perDay, Duration.ofDays(days), 11, List.of(
            AttributeProfile.GrowingId.perDay("user_id", k, repeatSkew, true), new AttributeProfile.Measure("m", ValueType.INTEGER)));
        long distinct = generate(p).eventKinds().get(0).column("user_id").distinct();
        double expected = k * days;
        assertEquals(expected, distinct, expected * 0.03 + 3, "distinct ids");
    }

    @Test
    void aGrowingIdCanBeCountedPerThousandPoints() {
        TrafficProfile p = new TrafficProfile("k", 10_000, Duration.ofDays(10), 11, List.of(
            AttributeProfile.GrowingId.perThousandPoints("session_id", 25, 1.5, false)));
        long distinct = generate(p).eventKinds().get(0).column("session_id").distinct();
        assertEquals(2_500, distinct, 2_500 * 0.03);
    }

    @Test
    void skewMakesTheFirstValueCommon() {
        double uniform = topShare(0);
        double skewed = topShare(1.5);
        assertEquals(0.10, uniform, 0.01); // 1 of 10
        double h = 0;
        for (int i = 1; i <= 10; i++) {
            h += Math.pow(i, -1.5);
        }
        assertEquals(1 / h, skewed, 0.015); // Zipf: about half
    }

    private static double topShare(double skew) {
        TrafficProfile p = new TrafficProfile("k", 20_000, Duration.ofDays(1), 5, List.of(
            new AttributeProfile.ClosedSet("c", 10, skew, false)));
        EventKindSample k = generate(p).eventKinds().get(0);
        Map<String, Integer> n = counts(k, "c");
        return (double) Collections.max(n.values()) / k.rows();
    }

    @Test
    void theRowCapStopsGeneratingWithACappedProblem() {
        Sample s = SyntheticTraffic.generate(listingEvents(7), SampleLimits.defaults().withMaxRows(1_000), ReadMonitor.NONE);
        assertEquals(1_000, s.rows());
        assertTrue(s.report().capped());
        assertEquals(ReadProblem.Kind.CAPPED, s.report().problems().get(0).kind());
        List<String> full = rows(generate(listingEvents(7)).eventKinds().get(0));
        assertEquals(full.subList(0, 1_000), rows(s.eventKinds().get(0)), "the first rows are kept");
    }

    @Test
    void theMemoryBudgetStopsGenerating() {
        Sample s = SyntheticTraffic.generate(listingEvents(7), SampleLimits.defaults().withMaxBytes(64 * 1024), ReadMonitor.NONE);
        assertTrue(s.report().capped());
        assertTrue(s.rows() < 28_000);
    }

    @Test
    void cancellingStopsWithinAFewThousandRows() {
        AtomicInteger polls = new AtomicInteger();
        List<Long> progress = new ArrayList<>();
        ReadMonitor monitor = new ReadMonitor() {
            @Override
            public boolean cancelled() {
                return polls.incrementAndGet() > 2;
            }

            @Override
            public void progress(String file, long done, long total) {
                progress.add(done);
                assertEquals(28_000, total);
            }
        };
        assertThrows(CancellationException.class, () -> SyntheticTraffic.generate(listingEvents(7), SampleLimits.defaults(), monitor));
        assertEquals(3, polls.get());
        assertEquals(List.of(4_096L, 8_192L), progress);
    }

    @Test
    void theReportCountsOneSyntheticSource() {
        Sample s = generate(listingEvents(7));
        assertEquals(1, s.report().files());
        assertEquals(28_000, s.report().points());
        assertEquals(0, s.report().badLines());
        assertFalse(s.report().capped());
    }
}
