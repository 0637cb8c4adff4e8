package dev.cardinal.projection;

import java.util.Map;

/**
 * The numbers of one layout over one sample, estimated with HyperLogLog sketches where exact counting would hold
 * every distinct value. Each count carries its +-2 sigma range; counts that are cheap to know exactly (points,
 * literal field keys, the values of a plain tag) are exact, with a zero-width range. Same meanings as
 * {@link LayoutMeasure}.
 *
 * @param lgK                  the sketches' precision: 2^lgK registers, relative standard error about 1.04/sqrt(2^lgK)
 * @param points               points written (exact)
 * @param skippedRows          rows that would not be written (exact)
 * @param measurements         distinct measurement names
 * @param series               distinct series over the whole sample
 * @param shardGroupSeries     series counted once per live shard group: one sketch per group, estimates and bounds
 *                             summed (so the range is wider than +-2 sigma of the sum)
 * @param liveSeries           distinct series in the live shard groups: their sketches merged
 * @param shardGroups          shard groups holding points, inside retention (exact)
 * @param tags                 tag key to distinct values
 * @param fieldKeys            field keys summed over measurements
 * @param distinctFieldKeyNames distinct field key names across measurements
 * @param seriesGrowth         the running series estimate at the same checkpoints as {@link LayoutMeasurer}
 */
public record EstimatedMeasure(int lgK, long points, long skippedRows, Estimate measurements, Estimate series,
                               Estimate shardGroupSeries, Estimate liveSeries, long shardGroups, Map<String, Estimate> tags,
                               Estimate fieldKeys, Estimate distinctFieldKeyNames, GrowthCurve seriesGrowth) {

    public EstimatedMeasure {
        tags = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(tags));
    }
}
