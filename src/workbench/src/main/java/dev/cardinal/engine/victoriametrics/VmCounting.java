package dev.cardinal.engine.victoriametrics;

import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.Figure;
import dev.cardinal.engine.MetricOrigin;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.lineprotocol.SkipReason;
import dev.cardinal.model.ServerVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * VictoriaMetrics' counting of a layout over a row sample: the sample is written as Cardinal writes it
 * ({@link SampleLineProtocol}, unsigned values as {@code u}, which the server reads) and every line is read with the
 * server's own rules ({@link InfluxLineParser}, {@link VmIngest}), so what is counted is what the server holds from
 * that write, not what an InfluxDB would.
 */
public final class VmCounting implements SeriesEngine {
    /** The version whose rules are ported, and which Debian packages and the tests run. */
    public static final ServerVersion VERSION = ServerVersion.of(1, 79, 5);

    private final VmFlags flags;
    private final LongSupplier clockMs;

    /** @param nowMs the server's clock, for the points it keeps (see {@link VmTally}) */
    public VmCounting(VmFlags flags, long nowMs) {
        this(flags, () -> nowMs);
    }

    private VmCounting(VmFlags flags, LongSupplier clockMs) {
        this.flags = flags;
        this.clockMs = clockMs;
    }

    /** The defaults, the clock read at each count (the engine list holds one instance for the program's life). */
    public VmCounting() {
        this(VmFlags.defaults(), System::currentTimeMillis);
    }

    @Override
    public ServerVersion defaultVersion() {
        return VERSION;
    }

    /** The series the server holds for the request's layout, with the counts the figures are made of. */
    public VmTally tally(Request request) {
        return write(request.layout(), request.sample(), keptAsSent(request)).tally();
    }

    /** The layout keeps a Prometheus metric as it came, by its sample or its workspace ({@link MetricOrigin}). */
    private static boolean keptAsSent(Request request) {
        return MetricOrigin.keptAsSent(request.layout(), request.workspace(), request.sample());
    }

    /** The series the server holds for the request's layout, each as {@code /api/v1/series} lists it. */
    public List<Map<String, String>> listed(Request request) {
        return tally(request).series().stream().map(VmSeries::asMap).toList();
    }

    /**
     * The series the server holds when the layout's rows are written to it as line protocol through {@code /write}, as
     * the sample write does for every layout but one that keeps a Prometheus metric as it came ({@link VmMetricImport}).
     */
    VmTally tallyOfLineProtocol(dev.cardinal.model.Layout layout, dev.cardinal.traffic.EventKindSample sample) {
        return write(layout, sample, false).tally();
    }

    private record Written(VmTally tally, SampleLineProtocol.Counts counts) {
    }

    /** {@code counts} is null for a Prometheus metric kept as it came ({@code asSent}), written without line protocol. */
    private Written write(dev.cardinal.model.Layout layout, dev.cardinal.traffic.EventKindSample sample, boolean asSent) {
        if (asSent) {
            VmTally tally = new VmTally(new VmIngest(flags, true), clockMs.getAsLong(), Math.max(1, sample.rows() / 256));
            SentMetric.write(layout, sample, tally);
            return new Written(tally.finish(), null);
        }
        SampleLineProtocol lp = new SampleLineProtocol(layout, sample, new SampleLineProtocol.Options(false));
        VmTally tally = new VmTally(new VmIngest(flags), clockMs.getAsLong(), Math.max(1, sample.rows() / 256));
        for (String line = lp.nextLine(); line != null; line = lp.nextLine()) {
            tally.line(line);
        }
        return new Written(tally.finish(), lp.counts());
    }

    @Override
    public EngineCount count(Request request) {
        Written written = write(request.layout(), request.sample(), keptAsSent(request));
        VmTally tally = written.tally();
        VmGrowth growth = VmGrowth.of(tally, request.settings());
        List<Figure> figures = new ArrayList<>();
        long series = tally.series().size();
        figures.add(new Figure("series", "series", series, growth.series()));
        int busiestDay = tally.seriesPerDay().values().stream().mapToInt(Integer::intValue).max().orElse(0);
        figures.add(new Figure("seriesPerDay", "series in the busiest UTC day (per-day index)", busiestDay,
            growth.inWindow(busiestDay, VmTally.MS_PER_DAY)));
        figures.add(new Figure("seriesPerHour", "series written in the busiest hour", tally.busiestHour(),
            growth.inWindow(tally.busiestHour(), VmTally.MS_PER_HOUR)));
        figures.add(new Figure("labelsPerSeries", "labels per series, most (__name__ included)",
            tally.mostLabelsPerSeries(), tally.mostLabelsPerSeries()));
        for (Map.Entry<String, Integer> e : tally.valuesPerLabel().entrySet()) {
            String name = VmSeries.text(e.getKey());
            figures.add(new Figure("values:" + name, "values of label " + CommentText.shown(name), e.getValue(),
                growth.labelValues(e.getKey(), e.getValue())));
        }
        ServerVersion version = request.version().orElse(VERSION);
        return new EngineCount("VictoriaMetrics " + version.text(), request.sample().name(), request.layout().id(),
            figures, VmLimits.checks(flags, tally, growth, figures), notes(tally, written.counts(), growth, version),
            tally.topPairs(EngineCount.TOP_PAIRS), tally.churnPerDay(dev.cardinal.projection.AttributeChurn.TOP));
    }

    private List<String> notes(VmTally tally, SampleLineProtocol.Counts written, VmGrowth growth, ServerVersion version) {
        List<String> notes = new ArrayList<>();
        if (!version.equals(VERSION)) {
            notes.add("the rules counted are those of " + VERSION.text() + ", ported from its source; "
                + version.text() + " may read line protocol differently");
        }
        notes.add(written == null
            ? "a Prometheus metric kept as it came: counted as remote write sends it, each series named after the metric"
                + " (not metric_value) with the labels as sent"
            : "every field is its own series, measurement_field, with the tags as labels; a string field is a series of"
            + " the numbers its text reads as (0 for text), a boolean one of 1 and 0");
        notes.add("/api/v1/series lists exactly these series over the sample's range, and over one UTC day those of that"
            + " day; /api/v1/series/count (all time, deleted series too) and /api/v1/status/tsdb?date= add up index rows,"
            + " which hold a series more than once until they are merged, so they may report more series than the server"
            + " holds: estimates by their source's own word (lib/storage/index_db.go at v1.79.5)");
        notes.add(flags.db() == null || flags.db().isEmpty()
            ? "counted for writes without ?db=; a client that sends it (Telegraf does) adds a db label to every series"
            : "counted for writes with ?db=" + CommentText.shown(flags.db()) + ": a db label on every series");
        notes.add("points older than -retentionPeriod (1 month by default, app/vmstorage/main.go at v1.79.5) or more than"
            + " two days ahead of the server's clock are dropped; the figures are the traffic's own days, as if written live");
        growth.withheld().ifPresent(w -> notes.add("nothing projected beyond the sample: " + w));
        for (SkipReason r : SkipReason.values()) {
            if (written != null && written.skipped(r) > 0) {
                notes.add(String.format(Locale.ROOT, "%,d %s not written: %s", written.skipped(r),
                    r.wholeRow() ? "rows" : "fields", r.reason()));
            }
        }
        if (tally.badLines() > 0 || tally.pointsOutsideTime() > 0) {
            notes.add(String.format(Locale.ROOT, "%,d lines the server skips as invalid, %,d outside the times it keeps",
                tally.badLines(), tally.pointsOutsideTime()));
        }
        if (tally.timestampsLost() > 0) {
            notes.add(String.format(Locale.ROOT, "%,d lines the server reads without their timestamp and stores at the"
                + " time of the write: a double quote in a name misleads its scan for quoted values, which also joins"
                + " the fields after it into one", tally.timestampsLost()));
        }
        return notes;
    }
}
