package dev.cardinal.lint;

import dev.cardinal.model.Durations;
import dev.cardinal.model.RetentionPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Rule 10: shard group duration. Checked against the retention period (the server refuses a shard group longer
 * than the retention), against the longest frequent query range when the user gives it (a group should span
 * twice that, so a query opens one or two shards), and against
 * the traffic (at least 100,000 points per shard group and 1,000 points per series per group, or the shards are
 * mostly overhead). Loading history calls for 52-week groups while it loads.
 */
final class ShardGroupDuration implements Rule {
    static final long POINTS_PER_GROUP = 100_000;
    static final long POINTS_PER_SERIES_PER_GROUP = 1_000;
    private static final Duration[] STANDARD = {Duration.ofHours(1), Duration.ofDays(1), Duration.ofDays(7),
        Duration.ofDays(30), Duration.ofDays(364)};

    @Override
    public String id() {
        return "shard-group-duration";
    }

    @Override
    public String description() {
        return "shard group duration against the retention, the query ranges and the traffic";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        RetentionPlan plan = c.layout().retention();
        Duration group = plan.effectiveShardGroupDuration();
        Duration retention = plan.duration();
        String subject = "retention policy " + plan.name();
        if (!plan.isInfinite() && group.compareTo(retention) > 0) {
            Duration fitting = RetentionPlan.defaultShardGroupDuration(retention);
            out.add(c.finding(this, Severity.ERROR, subject,
                "The shard group duration (" + Durations.format(group) + ") is longer than the retention ("
                    + Durations.format(retention) + "): the server refuses such a retention policy.",
                List.of(new Evidence("shard group duration", Durations.format(group)),
                    new Evidence("retention", Durations.format(retention))),
                withGroup(c, plan, fitting)));
            return out;
        }
        Duration longestQuery = c.queryRange();
        Duration wanted = longestQuery.multipliedBy(2);
        if (!longestQuery.isZero() && group.compareTo(wanted) < 0 && (plan.isInfinite() || wanted.compareTo(retention) <= 0)) {
            out.add(c.finding(this, Severity.WARNING, subject,
                "Frequent queries read " + Durations.format(longestQuery) + " at a time, but shard groups span "
                    + Durations.format(group) + ": every such query opens several shards. Make groups twice the longest"
                    + " frequent query range.",
                List.of(new Evidence("longest frequent query range", Durations.format(longestQuery)),
                    new Evidence("shard group duration", Durations.format(group))),
                withGroup(c, plan, wanted)));
        }
        double rate = c.projection().pointsPerSecond() * c.projection().settings().trafficMultiplier();
        if (rate > 0 && c.projection().projected()) { // a withheld projection has no rate to speak of
            double perGroup = rate * group.getSeconds();
            long groups = Math.max(1, c.traffic().shardGroups());
            double series = Math.max(1.0, (double) c.traffic().shardGroupSeries() / groups);
            double perSeries = perGroup / series;
            if (perGroup < POINTS_PER_GROUP || perSeries < POINTS_PER_SERIES_PER_GROUP) {
                double needSeconds = Math.max(POINTS_PER_GROUP / rate, POINTS_PER_SERIES_PER_GROUP * series / rate);
                Duration need = standardAtLeast(Duration.ofSeconds((long) Math.ceil(needSeconds)));
                boolean fits = plan.isInfinite() || need.compareTo(retention) <= 0;
                out.add(c.finding(this, Severity.INFO, subject,
                    String.format(Locale.ROOT, "At the sample's rate x%s, a %s shard group holds about %,.0f points (%,.0f per"
                            + " series): small shards cost more to keep and to query than they hold.",
                        multiplier(c), Durations.format(group), perGroup, perSeries),
                    List.of(new Evidence("points per second", String.format(Locale.ROOT, "%,.3f", rate)),
                        new Evidence("points per shard group", String.format(Locale.ROOT, "%,.0f (at least %,d)", perGroup, POINTS_PER_GROUP)),
                        new Evidence("points per series per group", String.format(Locale.ROOT, "%,.0f (at least %,d)", perSeries,
                            POINTS_PER_SERIES_PER_GROUP))),
                    fits && need.compareTo(group) > 0 ? withGroup(c, plan, need)
                        : Fix.advice("at this rate shard groups cannot be long enough within the retention; keep "
                            + Durations.format(group) + " unless traffic is higher in production")));
            }
        }
        double spanSeconds = c.projection().sampleSpan().getSeconds();
        String span = Durations.format(c.projection().sampleSpan().truncatedTo(java.time.temporal.ChronoUnit.HOURS));
        if (spanSeconds > 10.0 * group.getSeconds() && group.compareTo(Duration.ofDays(364)) < 0) {
            out.add(c.finding(this, Severity.INFO, subject,
                "Loading history (the sample spans " + span + ", "
                    + Math.round(spanSeconds / group.getSeconds()) + " shard groups of " + Durations.format(group)
                    + ") writes to many shards at once: use 52-week shard groups while backfilling, then switch back.",
                List.of(new Evidence("sample span", span),
                    new Evidence("shard group duration", Durations.format(group))),
                Fix.advice("backfill into a retention policy with SHARD DURATION 52w, then write live data with "
                    + Durations.format(group))));
        }
        return out;
    }

    static String multiplier(LintContext c) {
        double x = c.projection().settings().trafficMultiplier();
        return x == Math.rint(x) ? String.valueOf((long) x) : String.valueOf(x);
    }

    /** The smallest standard shard group duration (1h, 1d, 7d, 30d, 52w) at least {@code d}. */
    static Duration standardAtLeast(Duration d) {
        for (Duration s : STANDARD) {
            if (s.compareTo(d) >= 0) {
                return s;
            }
        }
        return STANDARD[STANDARD.length - 1];
    }

    private static Fix withGroup(LintContext c, RetentionPlan plan, Duration group) {
        return c.layoutFix("set the shard group duration to " + Durations.format(group),
            l -> l.withRetention(new RetentionPlan(plan.name(), plan.duration(), group, plan.replication())));
    }
}
