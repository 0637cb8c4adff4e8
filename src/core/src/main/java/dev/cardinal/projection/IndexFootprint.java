package dev.cardinal.projection;

/**
 * What the series index holds, in the sizes InfluxDB 1.x's in-memory index accounts for ({@link MemoryModel} says
 * where each is counted).
 *
 * @param series               series
 * @param seriesKeyBytes       total length of the series keys (measurement, tag keys and values, separators)
 * @param tagPairs             tag key/value pairs over all series
 * @param tagBytes             total length of those keys and values
 * @param tagValues            distinct tag values per measurement and tag key, summed (a value under two keys, or
 *                             under one key in two measurements, counts twice: each is an entry of its own)
 * @param tagValueBytes        total length of those values
 * @param measurements         measurements holding a series
 * @param measurementNameBytes total length of their names
 * @param tagKeys              tag keys per measurement, summed
 * @param tagKeyBytes          total length of those keys
 * @param fieldKeys            field keys per measurement, summed
 * @param fieldKeyBytes        total length of those keys
 * @param fieldSetLow          the field set the index points at, in bytes without its path
 *                             ({@link MemoryModel#fieldSet}): that of the shard opened last, the smallest of those that
 *                             may be (shards first written in one batch open in any order)
 * @param fieldSetHigh         the largest of those
 */
public record IndexFootprint(long series, long seriesKeyBytes, long tagPairs, long tagBytes, long tagValues,
                             long tagValueBytes, long measurements, long measurementNameBytes, long tagKeys,
                             long tagKeyBytes, long fieldKeys, long fieldKeyBytes, long fieldSetLow, long fieldSetHigh) {

    /**
     * The same index with every series count scaled by {@code seriesFactor} and every tag value count by
     * {@code valueFactor} (average sizes kept); measurements, tag keys and field keys as they are.
     */
    public IndexFootprint scaled(double seriesFactor, double valueFactor) {
        return scaled(seriesFactor, valueFactor, 1, 1);
    }

    /**
     * The same index scaled as {@link #scaled(double, double)}, with the measurements (their names and tag keys) scaled
     * by {@code measurementFactor} and the field keys (and the field set) by {@code fieldKeyFactor}: a layout that
     * makes a measurement or a field key per value grows them with the traffic.
     */
    public IndexFootprint scaled(double seriesFactor, double valueFactor, double measurementFactor, double fieldKeyFactor) {
        return new IndexFootprint(Math.round(series * seriesFactor), Math.round(seriesKeyBytes * seriesFactor),
            Math.round(tagPairs * seriesFactor), Math.round(tagBytes * seriesFactor), Math.round(tagValues * valueFactor),
            Math.round(tagValueBytes * valueFactor), Math.round(measurements * measurementFactor),
            Math.round(measurementNameBytes * measurementFactor), Math.round(tagKeys * measurementFactor),
            Math.round(tagKeyBytes * measurementFactor), Math.round(fieldKeys * fieldKeyFactor),
            Math.round(fieldKeyBytes * fieldKeyFactor), Math.round(fieldSetLow * fieldKeyFactor),
            Math.round(fieldSetHigh * fieldKeyFactor));
    }
}
