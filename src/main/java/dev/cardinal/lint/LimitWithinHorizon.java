package dev.cardinal.lint;

import dev.cardinal.model.Durations;
import dev.cardinal.projection.Projection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Rule 3: a server limit (series, values per tag, field keys, columns, tables) is reached within the horizon.
 * Breaking an InfluxDB 1.x OSS limit fails writes, so it is an error; other products' limits are warnings, since
 * the layout may never go there.
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
        for (Projection.LimitProjection lp : c.projection().limits()) {
            boolean within = lp.reach() == Projection.Reach.WITHIN_SAMPLE
                || lp.reach() == Projection.Reach.AT && lp.after() != null && lp.after().compareTo(horizon) <= 0;
            if (!within) {
                continue;
            }
            String when = lp.reach() == Projection.Reach.WITHIN_SAMPLE
                ? "already within the sample" : "after " + Durations.format(lp.after()) + " of traffic";
            String what = lp.limit().metric().id() + (lp.subject() == null ? "" : " (" + lp.subject() + ")");
            Severity severity = lp.limit().product().equals(OSS) ? Severity.ERROR : Severity.WARNING;
            out.add(c.finding(this, severity, lp.subject() == null ? lp.limit().metric().id() : lp.subject(),
                lp.limit().product() + " allows " + String.format(java.util.Locale.ROOT, "%,d", lp.limit().value()) + " "
                    + lp.limit().metric().id() + "; this layout reaches it " + when + ".",
                List.of(new Evidence("limit", lp.limit().id() + " = " + String.format(java.util.Locale.ROOT, "%,d", lp.limit().value())),
                    Evidence.count(what + " at " + Durations.format(horizon) + " x" + ShardGroupDuration.multiplier(c),
                        lp.atHorizon()),
                    new Evidence("reached", when),
                    new Evidence("source", lp.limit().source())),
                Fix.advice("remove what grows from the " + (lp.limit().metric().id().equals("field-keys")
                    || lp.limit().metric().id().equals("columns-per-table") ? "field keys" : "tags")
                    + " (see the other findings), or shorten the retention")));
        }
        return out;
    }
}
