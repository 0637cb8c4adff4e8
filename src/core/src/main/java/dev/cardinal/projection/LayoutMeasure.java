package dev.cardinal.projection;

import java.util.Map;

/**
 * The exact numbers of one layout over one sample, as the database would hold them after the sample is written.
 *
 * @param points               points written (rows that make a valid point under this layout)
 * @param skippedRows          rows that would not be written (no field left, empty measurement name, a tag named time)
 * @param measurements         distinct measurement names
 * @param series               distinct series (measurement + tag set) over the whole sample
 * @param shardGroupSeries     each series counted once per shard group it has points in, summed over the shard
 *                             groups still inside the retention period at the sample's end: what
 *                             {@code SHOW SERIES EXACT CARDINALITY} reports on InfluxDB 1.x up to 1.7.7
 * @param liveSeries           distinct series with points in those shard groups: what it reports from 1.7.8
 *                             ({@link Server} says which a server reports)
 * @param shardGroups          shard groups holding points (inside retention)
 * @param tags                 tag key to distinct values (across measurements)
 * @param fieldKeys            field keys summed over measurements, as {@code SHOW FIELD KEY EXACT CARDINALITY} reports
 * @param distinctFieldKeyNames distinct field key names across measurements (what one mapping would hold)
 * @param maxColumnsPerMeasurement the widest measurement: time + tag keys + field keys
 * @param seriesGrowth         distinct series as the sample is replayed
 * @param footprint            sizes of the series index, for the memory model
 * @param pointsKept           the points the server keeps of those written (several of one series at one timestamp
 *                             are one), or null when not counted: an estimate or a traffic summary holds no
 *                             timestamps per series, so this is a figure that needs the rows
 */
public record LayoutMeasure(long points, long skippedRows, long measurements, long series, long shardGroupSeries,
                            long liveSeries, long shardGroups, Map<String, Long> tags, long fieldKeys, long distinctFieldKeyNames,
                            long maxColumnsPerMeasurement, GrowthCurve seriesGrowth,
                            IndexFootprint footprint, PointsKept pointsKept) {

    /** Mean points per series. */
    public double pointsPerSeries() {
        return series == 0 ? 0 : (double) points / series;
    }
}
