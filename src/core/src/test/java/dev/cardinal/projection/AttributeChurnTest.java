package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Churn per attribute, counted by hand over a few series: who starts a series, who ends one, and who only comes along. */
class AttributeChurnTest {
    private static final long H = 3_600_000_000_000L;

    private record S(Map<String, String> labels, long first, long last) {
    }

    private static AttributeChurn.Series of(List<S> all) {
        return AttributeChurn.Series.of(all.size(), i -> all.get(i).labels(), i -> all.get(i).first(), i -> all.get(i).last());
    }

    @Test
    void aNewValueStartsASeriesAndAValueThatEndsEndsIt() {
        // four hours (windows 0..3); region eu is there throughout, sessions come and go
        List<S> all = List.of(
            new S(Map.of("region", "eu", "session", "a"), 0, 4 * H - 1),     // whole range: no churn
            new S(Map.of("region", "eu", "session", "b"), 0, H + 5),         // gone in hour 1: session b ends with it
            new S(Map.of("region", "eu", "session", "c"), H + 1, 2 * H + 1), // created in hour 1, gone in hour 2
            new S(Map.of("region", "us", "session", "c"), 2 * H, 3 * H + 1), // hour 2: region us is new; session c is not
            new S(Map.of("region", "eu", "session", "d"), 3 * H, 3 * H + 9)); // created in the last hour: not gone
        List<AttributeChurn.Churn> churn = AttributeChurn.top(of(all), Duration.ofHours(1), 0, 5);
        // session: created by c (hour 1) and d (hour 3); gone by b (hour 1) only: c's eu series ends in hour 2, but c
        // goes on in us into the last hour. region: us is new in hour 2 (its series is created by region, not by
        // session c, seen before), and lasts into the last hour: not gone.
        assertEquals(List.of(
            new AttributeChurn.Churn("session", Duration.ofHours(1), 2, 1, 3),
            new AttributeChurn.Churn("region", Duration.ofHours(1), 1, 0, 3)), churn);
        assertEquals(2.0 / 3, churn.get(0).createdPerWindow(), 1e-12);
    }

    @Test
    void oneWindowSaysNothingComesOrGoes() {
        List<S> all = List.of(new S(Map.of("a", "1"), 0, 10), new S(Map.of("a", "2"), 5, H - 1));
        assertEquals(List.of(), AttributeChurn.top(of(all), Duration.ofHours(1), 0, 5));
        assertEquals(List.of(), AttributeChurn.top(of(List.of()), Duration.ofDays(1), 0, 5));
    }

    @Test
    void windowsAreCountedFromTheOrigin() {
        // 23:00 and 01:00 UTC are two days, though two hours apart
        long day = 24 * H;
        List<S> all = List.of(new S(Map.of("a", "1"), 23 * H, 23 * H), new S(Map.of("a", "2"), day + H, day + H));
        assertEquals(List.of(new AttributeChurn.Churn("a", Duration.ofDays(1), 1, 1, 1)),
            AttributeChurn.top(of(all), Duration.ofDays(1), 0, 5));
        assertEquals(List.of(), AttributeChurn.top(of(all), Duration.ofDays(1), 20 * H, 5), "one day from 20:00");
    }

    @Test
    void influxDbCountsItsSeriesPerShardGroupAndACloudSeriesPerFieldKey() {
        // three 1-day shard groups (Go's zero time is a UTC midnight, so they are UTC days): day 0, 1, 2
        long day = 86_400L;
        dev.cardinal.traffic.EventKindSample k = dev.cardinal.traffic.LpFixture.read(String.join("\n",
            "m,host=a,session=s1 f=1,g=1 " + 10 + "000000000",          // A: day 0 only, g too
            "m,host=a,session=s2 f=1 " + 20 + "000000000",              // B: days 0..1
            "m,host=a,session=s2 f=1 " + (day + 20) + "000000000",
            "m,host=b,session=s3 f=1 " + (day + 30) + "000000000",      // C: days 1..2
            "m,host=b,session=s3 f=1 " + (2 * day + 30) + "000000000",
            "m,host=a,session=s4 f=1 " + (2 * day + 40) + "000000000",  // D: day 2 only
            "")).eventKinds().get(0);
        dev.cardinal.model.Layout layout = dev.cardinal.traffic.SchemaInference.asWritten(k, "w")
            .withRetention(new dev.cardinal.model.RetentionPlan("rp", Duration.ofDays(30), Duration.ofDays(1), 1));
        // session: created by s3 (C, day 1) and s4 (D, day 2); gone by s1 (A, day 0) and s2 (B, day 1). host: created
        // by b (C); a is written on every day, b into the last: neither goes
        Duration d = Duration.ofDays(1);
        assertEquals(List.of(new AttributeChurn.Churn("session", d, 2, 2, 2), new AttributeChurn.Churn("host", d, 1, 0, 2)),
            ShardGroupChurn.top(new SampleIndex(k), layout, 5));
        // per field key (InfluxDB Cloud, TSM), A is two series (f and g), both gone with s1
        assertEquals(List.of(new AttributeChurn.Churn("session", d, 2, 3, 2), new AttributeChurn.Churn("host", d, 1, 0, 2)),
            ShardGroupChurn.topPerFieldKey(new SampleIndex(k), layout, 5));
        // 7-day shard groups start on Mondays (1970-01-01 was a Thursday): the three days are in one group
        assertEquals(List.of(), ShardGroupChurn.top(new SampleIndex(k),
            layout.withRetention(new dev.cardinal.model.RetentionPlan("rp", Duration.ofDays(30), Duration.ofDays(7), 1)), 5));
    }
}
