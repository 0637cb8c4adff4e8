package dev.cardinal.engine.victoriametrics;

/**
 * The command-line flags of a single-node VictoriaMetrics that decide what it holds from line protocol and what its
 * queries refuse, with their defaults at v1.79.5 (the version Debian packages and Cardinal runs in its tests).
 *
 * @param db                     the {@code ?db=} of the writes, null or empty for none: it becomes a {@code db} label
 *                               (flag {@code -influxDBLabel}, default {@code db}) unless a tag is named so
 * @param maxLabelsPerTimeseries labels kept per series, in the order the line gives them, {@code __name__} apart
 * @param maxLabelValueLen       bytes kept of a label value, the metric name included
 * @param maxHourlySeries        series written within an hour before the rest are dropped, 0 for no limit
 * @param maxDailySeries         series written within a day before the rest are dropped, 0 for no limit
 * @param maxUniqueTimeseries    series one {@code /api/v1/query} or {@code /api/v1/query_range} may select
 * @param maxSeries              series {@code /api/v1/series} may return
 */
public record VmFlags(String db, int maxLabelsPerTimeseries, int maxLabelValueLen, long maxHourlySeries,
                      long maxDailySeries, long maxUniqueTimeseries, long maxSeries) {
    /** Where {@code -maxLabelsPerTimeseries} and {@code -maxLabelValueLen} and their defaults are defined. */
    static final String VMINSERT_FLAGS = "app/vminsert/main.go at v1.79.5";
    /** Where {@code -storage.maxHourlySeries} and {@code -storage.maxDailySeries} are defined (0: no limit). */
    static final String VMSTORAGE_FLAGS = "app/vmstorage/main.go at v1.79.5";
    /** Where {@code -search.maxUniqueTimeseries} and {@code -search.maxSeries} are defined. */
    static final String VMSELECT_FLAGS = "app/vmselect/prometheus/prometheus.go at v1.79.5";
    /** The label names longer than this many bytes are cut: {@code maxLabelNameLen}, a constant, not a flag. */
    static final int MAX_LABEL_NAME_LEN = 256; // lib/storage/metric_name.go at v1.79.5

    public VmFlags {
        if (maxLabelsPerTimeseries < 1 || maxLabelValueLen < 1) {
            throw new IllegalArgumentException("-maxLabelsPerTimeseries and -maxLabelValueLen must be positive");
        }
        if (maxHourlySeries < 0 || maxDailySeries < 0 || maxUniqueTimeseries < 1 || maxSeries < 1) {
            throw new IllegalArgumentException("series limits must be positive (0 turns the storage limits off)");
        }
    }

    /** The defaults of v1.79.5, writing without {@code ?db=}. */
    public static VmFlags defaults() {
        return new VmFlags(null, 30, 16 * 1024, 0, 0, 300_000, 30_000);
    }

    public VmFlags withDb(String database) {
        return new VmFlags(database, maxLabelsPerTimeseries, maxLabelValueLen, maxHourlySeries, maxDailySeries,
            maxUniqueTimeseries, maxSeries);
    }

    public VmFlags withLabelLimits(int labels, int valueLength) {
        return new VmFlags(db, labels, valueLength, maxHourlySeries, maxDailySeries, maxUniqueTimeseries, maxSeries);
    }

    public VmFlags withStorageLimits(long hourly, long daily) {
        return new VmFlags(db, maxLabelsPerTimeseries, maxLabelValueLen, hourly, daily, maxUniqueTimeseries, maxSeries);
    }
}
