package dev.cardinal.engine.victoriametrics;

import dev.cardinal.engine.Figure;
import dev.cardinal.engine.LimitCheck;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The limits of VictoriaMetrics a layout meets, each with the flag's value and where its default is defined. The
 * query limits are checked for the layout's widest example queries: one metric selected whole over a day (a graph
 * of {@code measurement_field}), and {@code /api/v1/series} for one metric over the sample's range.
 */
final class VmLimits {
    private VmLimits() {
    }

    static List<LimitCheck> checks(VmFlags flags, VmTally tally, VmGrowth growth, List<Figure> figures) {
        List<LimitCheck> checks = new ArrayList<>();
        checks.add(new LimitCheck("-maxLabelsPerTimeseries", flags.maxLabelsPerTimeseries(), VmFlags.VMINSERT_FLAGS,
            "labels a line writes (tags and db; the metric name apart)", tally.mostLabelsWritten(),
            crossedNow(tally.mostLabelsWritten(), flags.maxLabelsPerTimeseries()),
            "keeps the first ones in the line's order and drops the rest silently (vm_metrics_with_dropped_labels_total):"
                + " series that differ only there become one"));
        checks.add(new LimitCheck("-maxLabelValueLen", flags.maxLabelValueLen(), VmFlags.VMINSERT_FLAGS,
            "longest label value or metric name, in bytes", tally.longestLabelValue(),
            crossedNow(tally.longestLabelValue(), flags.maxLabelValueLen()),
            "cuts it to that many bytes silently (vm_too_long_label_values_total): values that differ only beyond"
                + " the cut become one"));
        long hourly = figure(figures, "seriesPerHour");
        if (flags.maxHourlySeries() > 0) {
            checks.add(new LimitCheck("-storage.maxHourlySeries", flags.maxHourlySeries(), VmFlags.VMSTORAGE_FLAGS,
                "series written within an hour", hourly, crossedNow(hourly, flags.maxHourlySeries()),
                "drops the samples of every further series in that hour and logs them"));
        }
        long daily = figure(figures, "seriesPerDay");
        if (flags.maxDailySeries() > 0) {
            checks.add(new LimitCheck("-storage.maxDailySeries", flags.maxDailySeries(), VmFlags.VMSTORAGE_FLAGS,
                "series written within a day", daily, crossedNow(daily, flags.maxDailySeries()),
                "drops the samples of every further series in that day and logs them"));
        }
        int[] largest = tally.largestMetric();
        long busiestDay = Math.max(1, tally.seriesPerDay().values().stream().mapToInt(Integer::intValue).max().orElse(1));
        // the largest metric keeps its share of the series as the series grow
        long metricDay = Math.round((double) largest[1] * daily / busiestDay);
        checks.add(new LimitCheck("-search.maxUniqueTimeseries", flags.maxUniqueTimeseries(), VmFlags.VMSELECT_FLAGS,
            "a query of the largest metric over a day", Math.max(largest[1], metricDay),
            crossedNow(largest[1], flags.maxUniqueTimeseries()), "refuses the query"));
        long series = Math.max(1, tally.series().size());
        long metricWhole = Math.round((double) largest[0] * figure(figures, "series") / series);
        Duration after = crossedNow(largest[0], flags.maxSeries());
        if (after == null && metricWhole > flags.maxSeries()) {
            after = growth.whenSeriesReach((double) flags.maxSeries() * series / Math.max(1, largest[0]));
        }
        checks.add(new LimitCheck("-search.maxSeries", flags.maxSeries(), VmFlags.VMSELECT_FLAGS,
            "/api/v1/series of the largest metric over all its time", Math.max(largest[0], metricWhole), after,
            "refuses the request"));
        return checks;
    }

    private static Duration crossedNow(long reached, long limit) {
        return reached > limit ? Duration.ZERO : null;
    }

    private static long figure(List<Figure> figures, String id) {
        return figures.stream().filter(f -> f.id().equals(id)).mapToLong(Figure::atHorizon).findFirst().orElse(0);
    }
}
