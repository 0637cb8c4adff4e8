package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LpFixture;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SchemaInference;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * InfluxDB 2.x's shard groups and the churn counted over them, against the answers InfluxDB 2.7.10's own end-to-end
 * tests record from a real influxd (no 2.x server runs here), in cmd/influxd/launcher/storage_test.go at v2.7.10:
 * <ul>
 * <li>{@code TestLauncher_UpdateRetentionPolicy}: a bucket's shard group duration when none is given ({@code
 *     derivedSgd}): infinite retention 1 week, 1 week 1 day, 1 day 1 hour (shardGroupDuration in
 *     v1/services/meta/data.go: the 1.x rule);</li>
 * <li>{@code TestLauncher_FluxCardinality}: four points written through {@code /api/v2/write} fall in two shard groups
 *     ({@code require.Equal(t, 2, len(sgs))}), and {@code influxdb.cardinality()} answers 3 series for 2000-01-01, 4 for
 *     all time, 2 of {@code mem} for all time and 1 of {@code mem} before its last point.</li>
 * </ul>
 * A 2.x bucket is 1.x storage (storage/engine.go {@code WritePoints} writes the points as they are into the database
 * named by the bucket's id, retention policy autogen), so each shard group holds its own index and a series costs
 * again in every group it is written in: the churn window is the shard group, cut from Go's zero time. The recorded
 * points carry one field each, so these answers alone do not tell a count per series from one per (series, field
 * key); the source does: v1/services/storage/store.go {@code ReadSeriesCardinality} (v2.7.12) counts
 * {@code sfile.SeriesID(name, tags)}, measurement and tag set, so 2.x OSS counts each series once.
 */
class InfluxDb2ShardGroupsRecordedTest {
    private static final String POINTS = String.join("\n",
        "cpu,region=us-east-1 v=1 946684800000000000",
        "cpu,region=us-west-1 v=1 946684800000000000",
        "mem,region=us-west-1 v=1 946684800000000000",
        "mem,region=us-south-1 v=2 996684800000000000", "");

    @Test
    void aBucketsShardGroupIsTheOneTheServerDerives() {
        assertEquals(Duration.ofDays(7), RetentionPlan.AUTOGEN.effectiveShardGroupDuration(), "infinite: 1 week");
        assertEquals(Duration.ofDays(1), RetentionPlan.defaultShardGroupDuration(Duration.ofDays(7)), "1 week: 1 day");
        assertEquals(Duration.ofHours(1), RetentionPlan.defaultShardGroupDuration(Duration.ofDays(1)), "1 day: 1 hour");
    }

    @Test
    void theRecordedPointsFallInTwoShardGroupsAndChurnAcrossThem() {
        Sample sample = LpFixture.read(POINTS);
        ShardGroups groups = new ShardGroups(RetentionPlan.AUTOGEN.effectiveShardGroupDuration());
        Set<Long> used = new TreeSet<>();
        Set<String> allSeries = new TreeSet<>();
        Set<String> firstDay = new TreeSet<>();
        long dayStart = 946_684_800_000_000_000L;
        for (EventKindSample k : sample.eventKinds()) {
            Layout layout = SchemaInference.asWritten(k, "as-written");
            SampleIndex index = new SampleIndex(k);
            new LayoutMeasurer(index).forEachSeries(layout, (measurement, tags, firstNs, lastNs) -> {
                used.add(groups.index(firstNs));
                used.add(groups.index(lastNs));
                allSeries.add(measurement + tags);
                if (firstNs < dayStart + 86_400_000_000_000L) {
                    firstDay.add(measurement + tags);
                }
            });
        }
        assertEquals(2, used.size(), "require.Equal(t, 2, len(sgs))");
        assertEquals(3, firstDay.size(), "cardinality over 2000-01-01");
        assertEquals(4, allSeries.size(), "cardinality over 1990 to 2010");
        // 7-day groups from Go's zero time start on Mondays: 1999-12-27 and 2001-07-30 (the last point is a Wednesday)
        LocalDate first = LocalDate.ofEpochDay(Math.floorDiv(groups.start(used.iterator().next()), 86_400_000_000_000L));
        LocalDate last = LocalDate.ofEpochDay(Math.floorDiv(groups.start(((TreeSet<Long>) used).last()), 86_400_000_000_000L));
        assertEquals(LocalDate.of(1999, 12, 27), first);
        assertEquals(LocalDate.of(2001, 7, 30), last);
        long windows = ChronoUnit.WEEKS.between(first.atStartOfDay(ZoneOffset.UTC), last.atStartOfDay(ZoneOffset.UTC));

        EventKindSample mem = sample.eventKinds().stream().filter(k -> k.name().equals("mem")).findFirst().orElseThrow();
        Layout memLayout = SchemaInference.asWritten(mem, "as-written");
        // mem: 1 series before its last point, 2 in all; us-south-1 is new in the second group, us-west-1 is not written
        // after the first
        List<AttributeChurn.Churn> churn = List.of(new AttributeChurn.Churn("region", Duration.ofDays(7), 1, 1, windows));
        assertEquals(churn, ShardGroupChurn.top(new SampleIndex(mem), memLayout, AttributeChurn.TOP));
        assertEquals(churn, ShardGroupChurn.topPerFieldKey(new SampleIndex(mem), memLayout, AttributeChurn.TOP),
            "one field per point: per field key alike");
        EventKindSample cpu = sample.eventKinds().stream().filter(k -> k.name().equals("cpu")).findFirst().orElseThrow();
        assertEquals(List.of(), ShardGroupChurn.top(new SampleIndex(cpu), SchemaInference.asWritten(cpu, "w"), AttributeChurn.TOP),
            "cpu is in one shard group: nothing comes or goes");
    }
}
