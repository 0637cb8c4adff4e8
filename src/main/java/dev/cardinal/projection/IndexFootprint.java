package dev.cardinal.projection;

/**
 * What the series index holds, in the sizes InfluxDB's in-memory index accounts for.
 *
 * @param series           series
 * @param seriesKeyBytes   total length of the series keys (measurement, tag keys and values, separators)
 * @param tagPairs         tag key/value pairs over all series
 * @param tagBytes         total length of those keys and values
 * @param tagValues        distinct tag values over all tag keys
 * @param tagValueBytes    total length of those distinct values
 */
public record IndexFootprint(long series, long seriesKeyBytes, long tagPairs, long tagBytes, long tagValues,
                             long tagValueBytes) {

    /** The same index with every count scaled by {@code factor} (average sizes kept). */
    public IndexFootprint scaled(double seriesFactor, double valueFactor) {
        return new IndexFootprint(Math.round(series * seriesFactor), Math.round(seriesKeyBytes * seriesFactor),
            Math.round(tagPairs * seriesFactor), Math.round(tagBytes * seriesFactor), Math.round(tagValues * valueFactor),
            Math.round(tagValueBytes * valueFactor));
    }
}
