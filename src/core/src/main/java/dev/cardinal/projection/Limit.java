package dev.cardinal.projection;

import dev.cardinal.model.ServerLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A server limit a layout can run into. Limits are data: each engine ships its own ({@code limits.json} beside its
 * package's classes, read with {@link LimitsFile#read}), so a new product or a changed default is an edit to that
 * file, not to code.
 *
 * @param id      stable identifier, e.g. {@code influxdb1-max-series-per-database}
 * @param product which server or plan
 * @param metric  what is limited
 * @param value   the limit
 * @param source  where the number comes from
 */
public record Limit(String id, String product, LimitMetric metric, long value, String source) {

    /**
     * A server's shipped limits with a target's own values: a value replaces the shipped one of its kind, 0 drops it
     * (InfluxDB's "unlimited"), and a value with no shipped limit of its kind adds one, named for {@code product}.
     */
    public static List<Limit> withOwn(List<Limit> shipped, ServerLimits own, String product) {
        List<Limit> out = new ArrayList<>(shipped);
        override(out, LimitMetric.SERIES, own.maxSeriesPerDatabase(), "maxSeriesPerDatabase", product);
        override(out, LimitMetric.VALUES_PER_TAG, own.maxValuesPerTag(), "maxValuesPerTag", product);
        override(out, LimitMetric.FIELD_KEYS, own.totalFields(), "totalFields", product);
        return List.copyOf(out);
    }

    private static void override(List<Limit> limits, LimitMetric metric, Long value, String setting, String product) {
        if (value == null) {
            return;
        }
        boolean found = false;
        for (int i = limits.size() - 1; i >= 0; i--) {
            Limit l = limits.get(i);
            if (l.metric() != metric) {
                continue;
            }
            found = true;
            if (value == 0) {
                limits.remove(i);
            } else {
                limits.set(i, new Limit(l.id(), l.product(), metric, value, "the target's " + setting + " (shipped default "
                    + String.format(Locale.ROOT, "%,d", l.value()) + ")"));
            }
        }
        if (!found && value > 0) {
            limits.add(new Limit("target-" + metric.id(), product, metric, value, "the target's " + setting));
        }
    }
}
