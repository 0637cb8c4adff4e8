package dev.cardinal.engine.influxdb1;

import dev.cardinal.model.Layout;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.MemoryModel;
import dev.cardinal.projection.Server;
import java.util.List;
import java.util.Map;

/**
 * A layout's sample written to an InfluxDB 1.x server ({@link InfluxV1Push#writeAndMeasure}): its numbers as projected
 * and as the server reports them after the write.
 *
 * @param write             what the write did (points dropped by the server make the two differ, and say why)
 * @param indexMemoryGrowth how much the server's in-memory index grew during the write (-1 when not reported):
 *                          what the memory model estimates, on a server nothing else writes to
 * @param projectedFieldValues points that carry each field key once the server has merged points of one series
 *                          and timestamp, as projected ({@code LayoutMeasurer.fieldValuesKept}); null when not
 *                          projected (field keys made from attributes)
 * @param measuredFieldValues {@code SELECT count(*)} per field key, read back from the server after the write
 */
public record InfluxV1Comparison(Layout layout, LayoutMeasure projected, Server engine, ServerNumbers measured,
                                 SampleWrite.Result write, long indexMemoryGrowth, Map<String, Long> projectedFieldValues,
                                 Map<String, Long> measuredFieldValues) {
    /** {@code count(field)}: points that carry a field, as projected and as the server answers. */
    public record FieldCount(String field, long projected, long measured) {
    }

    /**
     * What {@code SHOW SERIES EXACT CARDINALITY} reports on this server's version, as projected (a 2.x OSS behind
     * its v1 API rewrites it to {@code count(distinct(_seriesKey))}: influxql/query/statement_rewriter.go at
     * v2.7.12); -1 for a server that does not count series that way (a Cloud organisation, or a 3.x).
     */
    public long projectedReportedSeries() {
        return switch (engine.seriesCount()) {
            case PER_SHARD_GROUP, DISTINCT -> engine.reportedSeries(projected, () -> 0);
            case PER_FIELD_KEY, NONE -> -1;
        };
    }

    /**
     * True when the server holds exactly what was projected, and its index memory (when it reports it) lies
     * inside the projected range: any measured number outside its projection is a miss.
     */
    public boolean matches() {
        long reported = projectedReportedSeries();
        return memoryMatches()
            && projected.series() == measured.series()
            && (reported < 0 || reported == measured.serverReportedSeries())
            && projected.measurements() == measured.measurements()
            && projected.fieldKeys() == measured.fieldKeys()
            && projected.tags().equals(measured.tags())
            && (projectedFieldValues == null || projectedFieldValues.equals(measuredFieldValues));
    }

    /** The index memory's growth lies inside the model's range, or the server does not report it. */
    public boolean memoryMatches() {
        return indexMemoryGrowth < 0 || MemoryModel.estimate(projected.footprint()).contains(indexMemoryGrowth);
    }

    /**
     * What {@code SELECT count(field)} returns for each field key, projected and measured; empty when not
     * projected. A field the server holds but the projection lacks (or the reverse) is a row with 0 on that side.
     */
    public List<FieldCount> fieldCounts() {
        if (projectedFieldValues == null) {
            return List.of();
        }
        java.util.TreeSet<String> keys = new java.util.TreeSet<>(projectedFieldValues.keySet());
        keys.addAll(measuredFieldValues.keySet());
        return keys.stream().map(k -> new FieldCount(k, projectedFieldValues.getOrDefault(k, 0L),
            measuredFieldValues.getOrDefault(k, 0L))).toList();
    }

    /** Points written onto an earlier point of the same series and timestamp, as projected (0 when not counted). */
    public long projectedOverwritten() {
        return projected.pointsKept() == null ? 0 : projected.pointsKept().overwritten();
    }
}
