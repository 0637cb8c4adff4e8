package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.traffic.EventKindSample;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Exact numbers of each sample layout, checked against counts computed here independently with plain collections. */
class LayoutMeasurerTest {

    /** Distinct tuples of the given attributes' texts (absent values left out, as tags are). */
    private static long distinct(EventKindSample s, String... attrs) {
        Set<List<String>> seen = new HashSet<>();
        for (int r = 0; r < s.rows(); r++) {
            List<String> key = new ArrayList<>();
            for (String a : attrs) {
                key.add(s.column(a).text(r));
            }
            seen.add(key);
        }
        return seen.size();
    }

    /** Sum over UTC days (1d shard groups) of the distinct tuples in each day. */
    private static long distinctPerDay(EventKindSample s, String... attrs) {
        Map<Long, Set<List<String>>> days = new HashMap<>();
        for (int r = 0; r < s.rows(); r++) {
            List<String> key = new ArrayList<>();
            for (String a : attrs) {
                key.add(s.column(a).text(r));
            }
            days.computeIfAbsent(Math.floorDiv(s.timestamp(r), 86_400_000_000_000L), d -> new HashSet<>()).add(key);
        }
        return days.values().stream().mapToLong(Set::size).sum();
    }

    @Test
    void weatherThreeTags() {
        Scenario w = Scenario.of("weather");
        LayoutMeasure m = w.measure("three-tags");
        assertEquals(38_016, m.points());
        assertEquals(1, m.measurements());
        assertEquals(distinct(w.sample, "crop", "plot", "region"), m.series());
        assertEquals(72, m.series());
        assertEquals(Map.of("crop", 3L, "plot", 6L, "region", 4L), m.tags());
        assertEquals(1, m.fieldKeys());
        assertEquals(2, m.shardGroups(), "11 days from a Monday span two 7-day shard groups");
        assertEquals(144, m.shardGroupSeries(), "1.x up to 1.7.7 counts each series once per shard group");
        assertEquals(72, m.liveSeries(), "1.7.8 and later count each series once");
        assertEquals(100, m.seriesGrowth().size());
        assertEquals(72, m.seriesGrowth().last());
    }

    @Test
    void weatherBadLayoutsMoveTheSameFactsElsewhere() {
        Scenario w = Scenario.of("weather");
        LayoutMeasure inName = w.measure("data-in-measurement");
        assertEquals(72, inName.measurements());
        assertEquals(72, inName.series());
        assertEquals(72, inName.fieldKeys(), "one temp field per measurement");
        assertEquals(1, inName.distinctFieldKeyNames());
        assertEquals(Map.of(), inName.tags());

        LayoutMeasure inKeys = w.measure("data-in-field-keys");
        assertEquals(1, inKeys.measurements());
        assertEquals(1, inKeys.series());
        assertEquals(72, inKeys.fieldKeys());
        assertEquals(73, inKeys.maxColumnsPerMeasurement(), "time plus 72 fields");
        assertEquals(2, inKeys.shardGroupSeries());
        assertEquals(1, inKeys.liveSeries());

        LayoutMeasure packed = w.measure("several-facts-in-one-tag");
        assertEquals(72, packed.series());
        assertEquals(Map.of("crop", 3L, "location", distinct(w.sample, "plot", "region")), packed.tags());
    }

    @Test
    void adMarketplaceIdsAsTagsAndAsFields() {
        Scenario ads = Scenario.of("ad-marketplace");
        LayoutMeasure tags = ads.measure("ids-as-tags");
        assertEquals(distinct(ads.sample, "event", "listing_id", "user_id", "device", "session_id"), tags.series());
        assertEquals(Map.of("event", 5L, "listing_id", distinct(ads.sample, "listing_id"),
            "user_id", distinct(ads.sample, "user_id"), "device", 5L,
            "session_id", distinct(ads.sample, "session_id")), tags.tags());
        assertEquals(2, tags.fieldKeys());

        LayoutMeasure fields = ads.measure("ids-as-fields");
        assertEquals(5, fields.series());
        assertEquals(6, fields.fieldKeys());
        assertEquals(distinctPerDay(ads.sample, "event"), fields.shardGroupSeries(),
            "a 1d shard group duration: each event type counts once per day");
        assertEquals(5, fields.liveSeries());
        assertTrue(tags.series() > 100 * fields.series());
    }

    @Test
    void customMetricsSlotsBoundTheFieldKeys() {
        Scenario cm = Scenario.of("custom-metrics");
        LayoutMeasure names = cm.measure("metric-names-as-field-keys");
        assertEquals(distinct(cm.sample, "metric"), names.fieldKeys());
        assertEquals(20, names.series());
        LayoutMeasure slots = cm.measure("fixed-slots");
        Map<String, Set<String>> perTenant = new HashMap<>();
        for (int r = 0; r < cm.sample.rows(); r++) {
            perTenant.computeIfAbsent(cm.sample.column("tenant").text(r), t -> new HashSet<>()).add(cm.sample.column("metric").text(r));
        }
        long mostPerTenant = perTenant.values().stream().mapToLong(Set::size).max().orElseThrow();
        assertEquals(mostPerTenant, slots.fieldKeys(), "slots run from 1 to the most metrics any tenant has");
        assertEquals(20, slots.series());
    }

    @Test
    void togglingARoleChangesTheSeriesToTheExactCount() {
        Scenario ads = Scenario.of("ad-marketplace");
        Layout fields = ads.layout("ids-as-fields");
        LayoutMeasure withDevice = new LayoutMeasurer(ads.index).measure(fields.withRole("device", Role.TAG));
        assertEquals(distinct(ads.sample, "event", "device"), withDevice.series());
    }

    @Test
    void rowsWithoutAnyFieldAreNotPoints() {
        Scenario ads = Scenario.of("ad-marketplace");
        Layout allTags = new Layout("t", "t", "listing_event", Template.literal("listing_event"),
            List.of(TagSpec.of("event"), TagSpec.of("device")), List.of(), RetentionPlan.AUTOGEN);
        LayoutMeasure m = new LayoutMeasurer(ads.index).measure(allTags);
        assertEquals(0, m.points());
        assertEquals(0, m.series());
        assertEquals(20_000, m.skippedRows());
    }

    @Test
    void aTagNamedTimeDropsEveryPointAndAFieldNamedTimeIsIgnored() {
        Scenario w = Scenario.of("weather");
        Layout timeTag = new Layout("t", "t", "weather", Template.literal("weather"),
            List.of(new TagSpec("time", Template.ref("crop"))), List.of(FieldSpec.of("temp")), RetentionPlan.AUTOGEN);
        assertEquals(0, new LayoutMeasurer(w.index).measure(timeTag).points());
        Layout timeField = new Layout("t", "t", "weather", Template.literal("weather"), List.of(),
            List.of(new FieldSpec(Template.literal("time"), "temp")), RetentionPlan.AUTOGEN);
        assertEquals(0, new LayoutMeasurer(w.index).measure(timeField).points());
    }

    @Test
    void onlyShardGroupsInsideTheRetentionCount() {
        Scenario w = Scenario.of("weather");
        Layout shortLived = w.layout("three-tags").withRetention(new RetentionPlan("rp", Duration.ofDays(3), Duration.ofDays(1), 1));
        LayoutMeasure m = new LayoutMeasurer(w.index).measure(shortLived);
        assertEquals(4, m.shardGroups(), "the last day's group and the three before it end within 3 days of the last point");
        assertEquals(4 * 72, m.shardGroupSeries());
        assertEquals(72, m.liveSeries(), "every sensor reports in the last four days");
        assertEquals(72, m.series());
    }

    @Test
    void templatesThatRenderAlikeMakeOneSeries(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("t.lp"),
            "m,a=1,b=11 f=1 1\nm,a=11,b=1 f=2 2\nm,a=2,b=2 f=3 3\n");
        dev.cardinal.traffic.Sample s = dev.cardinal.traffic.SampleReader.read(List.of(new dev.cardinal.traffic.SampleReader.Source(
            file, dev.cardinal.model.SampleBinding.lineProtocol("t", "t.lp", "ns"))),
            dev.cardinal.traffic.SampleLimits.defaults(), dev.cardinal.traffic.ReadMonitor.NONE);
        SampleIndex index = new SampleIndex(s.eventKinds().get(0));
        Layout joined = new Layout("t", "t", "m", Template.literal("m"),
            List.of(new TagSpec("ab", Template.parse("{a}{b}"))), List.of(FieldSpec.of("f")), RetentionPlan.AUTOGEN);
        LayoutMeasure m = new LayoutMeasurer(index).measure(joined);
        assertEquals(2, m.series(), "a=1,b=11 and a=11,b=1 both write ab=111");
        assertEquals(Map.of("ab", 2L), m.tags());
        assertEquals(2, m.seriesGrowth().last());
    }

    @Test
    void theIndexFootprintSumsEverySeriesKey() {
        Scenario ads = Scenario.of("ad-marketplace");
        Layout layout = ads.layout("ids-as-tags");
        Set<List<String>> series = new HashSet<>();
        for (int r = 0; r < ads.sample.rows(); r++) {
            List<String> key = new ArrayList<>();
            for (TagSpec t : layout.tags()) {
                key.add(ads.sample.column(t.value().singleRef().get()).text(r));
            }
            series.add(key);
        }
        long keyBytes = 0;
        long pairs = 0;
        long tagBytes = 0;
        for (List<String> s : series) {
            keyBytes += layout.measurement().literalText().length();
            for (int i = 0; i < s.size(); i++) {
                int v = s.get(i).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
                if (v > 0) {
                    int k = layout.tags().get(i).key().length();
                    keyBytes += 2 + k + v;
                    tagBytes += k + v;
                    pairs++;
                }
            }
        }
        IndexFootprint f = ads.measure("ids-as-tags").footprint();
        assertEquals(series.size(), f.series());
        assertEquals(keyBytes, f.seriesKeyBytes());
        assertEquals(pairs, f.tagPairs());
        assertEquals(tagBytes, f.tagBytes());
        // uuids have one length, events do not: both ways of summing lengths are taken
        assertEquals(36, ads.index.fixedLength(ads.sample.attributeIndex("session_id")));
        assertEquals(-1, ads.index.fixedLength(ads.sample.attributeIndex("event")));
    }

    /**
     * Four tags of 70,000 distinct values each need 4 x 17 = 68 bits, more than one long packs: the series are
     * numbered instead, by both measurers, and every number still matches a plain count.
     */
    @Test
    void tagsTooDistinctToPackInOneLongAreCountedExactly(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        int rows = 70_000;
        StringBuilder lp = new StringBuilder();
        long keyBytes = 0;
        for (int i = 0; i < rows; i++) {
            String key = "m,a=a" + i + ",b=b" + (i * 7L) + ",c=c" + (i * 13L) + ",d=d" + (i * 31L);
            keyBytes += key.length();
            lp.append(key).append(" v=1i ").append(1_767_571_200_000_000_000L + i * 1_000_000_000L).append('\n');
        }
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("wide.lp"), lp);
        var sample = dev.cardinal.traffic.SampleReader.read(List.of(new dev.cardinal.traffic.SampleReader.Source(file,
            dev.cardinal.model.SampleBinding.lineProtocol("m", file.toString(), "ns"))), dev.cardinal.traffic.SampleLimits.defaults(),
            dev.cardinal.traffic.ReadMonitor.NONE).eventKinds().get(0);
        Layout asWritten = dev.cardinal.traffic.SchemaInference.asWritten(sample, "wide");
        SampleIndex index = new SampleIndex(sample);
        for (LayoutMeasurer measurer : List.of(new LayoutMeasurer(index), LayoutMeasurer.interactive(index))) {
            measurer.prepare(asWritten);
            LayoutMeasure m = measurer.measure(asWritten);
            assertEquals(rows, m.series());
            assertEquals(rows, m.shardGroupSeries(), "70,000 s span one shard group");
            assertEquals(rows, m.liveSeries());
            assertEquals(Map.of("a", 70_000L, "b", 70_000L, "c", 70_000L, "d", 70_000L), m.tags());
            assertEquals(keyBytes, m.footprint().seriesKeyBytes(), "each series' key, as written");
            assertEquals(rows, m.seriesGrowth().distinct()[m.seriesGrowth().size() - 1]);
        }
        // one tag fewer packs again (51 bits): the same series
        Layout threeTags = asWritten.withRole("d", Role.FIELD);
        assertEquals(rows, new LayoutMeasurer(index).measure(threeTags).series());
    }

    /**
     * The same numbered path with every series written twice, a minute apart and out of file order: each series'
     * key is summed once, from a row of its own, however the rows lie.
     */
    @Test
    void numberedSeriesAreSizedOncePerSeries(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        int series = 40_000; // 4 x 16 bits: 64, one more than a long packs
        StringBuilder lp = new StringBuilder();
        long keyBytes = 0;
        for (int pass = 1; pass >= 0; pass--) {
            for (int i = 0; i < series; i++) {
                String key = "m,a=a" + i + ",b=b" + (i * 7L) + ",c=" + "c".repeat(1 + i % 5) + i + ",d=d" + (i * 31L);
                if (pass == 0) {
                    keyBytes += key.length();
                }
                lp.append(key).append(" v=1i ").append(1_767_571_200_000_000_000L + (pass * 60L + i % 60) * 1_000_000_000L).append('\n');
            }
        }
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("twice.lp"), lp);
        var sample = dev.cardinal.traffic.SampleReader.read(List.of(new dev.cardinal.traffic.SampleReader.Source(file,
            dev.cardinal.model.SampleBinding.lineProtocol("m", file.toString(), "ns"))), dev.cardinal.traffic.SampleLimits.defaults(),
            dev.cardinal.traffic.ReadMonitor.NONE).eventKinds().get(0);
        Layout asWritten = dev.cardinal.traffic.SchemaInference.asWritten(sample, "twice");
        LayoutMeasure m = new LayoutMeasurer(new SampleIndex(sample)).measure(asWritten);
        assertEquals(2L * series, m.points());
        assertEquals(series, m.series());
        assertEquals(keyBytes, m.footprint().seriesKeyBytes(), "each series' key once");
        assertEquals(4L * series, m.footprint().tagPairs());
    }

    @Test
    void perFieldKeyCountsEachSeriesOncePerKey() {
        Scenario w = Scenario.of("weather");
        LayoutMeasurer m = new LayoutMeasurer(w.index);
        assertEquals(72, m.seriesPerFieldKey(w.layout("three-tags")), "one field: the series themselves");
        assertEquals(72, m.seriesPerFieldKey(w.layout("data-in-field-keys")), "one series, 72 field keys");
        assertEquals(72, m.seriesPerFieldKey(w.layout("data-in-measurement")), "72 measurements of one series and key each");
        Scenario ads = Scenario.of("ad-marketplace");
        LayoutMeasurer a = new LayoutMeasurer(ads.index);
        assertEquals(5 * 6, a.seriesPerFieldKey(ads.layout("ids-as-fields")), "every event type carries all six fields");
    }
}
