package dev.cardinal.lint;

import dev.cardinal.model.Durations;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.LimitMetric;
import dev.cardinal.projection.LimitProjection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Rule 3: a server limit (series, values per tag, field keys, columns, tables) is reached within the horizon; for
 * values per tag, a finding per tag key that reaches it, each with its own time. Breaking the server's own limit
 * fails writes, so it is an error: the limits of a server that was named (a version or a target), or InfluxDB 1.x
 * OSS's when none was; other products' limits are warnings, since the layout may never go there.
 */
final class LimitWithinHorizon implements Rule {
    static final String OSS = "InfluxDB 1.x OSS";

    @Override
    public String id() {
        return "limit-within-horizon";
    }

    @Override
    public String description() {
        return "series, values per tag, field keys or columns reach a server limit within the horizon";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        Duration horizon = c.projection().settings().horizon();
        boolean named = !c.projection().settings().server().everyProduct();
        for (LimitProjection limit : c.projection().limits()) {
            List<LimitProjection> reached = limit.limit().metric() == LimitMetric.VALUES_PER_TAG ? limit.keys()
                : limit.within(horizon) ? List.of(limit) : List.of();
            for (LimitProjection lp : reached) {
                out.add(finding(c, lp, horizon, named || lp.limit().product().equals(OSS) ? Severity.ERROR : Severity.WARNING));
            }
        }
        return out;
    }

    /** A summary holds series and values per tag; the limits on field keys, tables and columns need the rows. */
    @Override
    public java.util.Optional<Linter.Unchecked> unchecked(LintContext c) {
        List<String> metrics = c.projection().settings().limits().stream().map(Limit::metric)
            .filter(m -> m != LimitMetric.SERIES && m != LimitMetric.VALUES_PER_TAG).map(LimitMetric::id).distinct().toList();
        return c.withoutRows(this, metrics, "the field key, table and column limits: a summary holds no field keys or measurements");
    }

    private Finding finding(LintContext c, LimitProjection lp, Duration horizon, Severity severity) {
        String when = lp.reach() == LimitProjection.Reach.WITHIN_SAMPLE
            ? "already within the sample" : "after " + Durations.format(lp.after()) + " of traffic";
        String what = lp.limit().metric().id() + (lp.subject() == null ? "" : " (" + lp.subject() + ")");
        List<Evidence> evidence = new ArrayList<>(List.of(
            new Evidence("limit", lp.limit().id() + " = " + String.format(java.util.Locale.ROOT, "%,d", lp.limit().value())),
            Evidence.count(what + " at " + Durations.format(horizon) + " x" + ShardGroupDuration.multiplier(c), lp.atHorizon()),
            new Evidence("reached", when)));
        if (lp.reach() == LimitProjection.Reach.AT && !(lp.after().equals(lp.earliest()) && lp.after().equals(lp.latest()))) {
            evidence.add(new Evidence("fit's range", (lp.earliest() == null ? "never" : Durations.format(lp.earliest())) + " to "
                + (lp.latest() == null ? "never" : Durations.format(lp.latest()))));
        }
        evidence.add(new Evidence("source", lp.limit().source()));
        return c.finding(this, severity, lp.subject() == null ? lp.limit().metric().id() : lp.subject(),
            lp.limit().product() + " allows " + String.format(java.util.Locale.ROOT, "%,d", lp.limit().value()) + " "
                + lp.limit().metric().id() + "; this layout reaches it " + when + ".",
            evidence,
            Fix.advice("remove what grows from the " + (lp.limit().metric().id().equals("field-keys")
                || lp.limit().metric().id().equals("columns-per-table") ? "field keys" : "tags")
                + " (see the other findings), or shorten the retention"));
    }
}
