package dev.cardinal.projection;

import dev.cardinal.traffic.TrafficSummary;
import java.util.List;
import java.util.Optional;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;

/**
 * Distinct counts over several summaries (days, partitions, halves of the traffic) through their HLL sketches: the
 * union of every bucket's sketch of every summary, with its +-2 sigma bounds. Exact histograms do not merge (a
 * value's first-seen position depends on all the traffic); sketches do.
 */
public final class SummaryMerge {
    private static final int SIGMAS = 2;

    private SummaryMerge() {
    }

    /** Distinct values of {@code attribute} over the summaries' kinds, or empty when none carries it. */
    public static Optional<Estimate> attribute(List<TrafficSummary.Kind> kinds, String attribute) {
        Union u = null;
        for (TrafficSummary.Kind k : kinds) {
            for (TrafficSummary.Attribute a : k.attributes()) {
                if (a.name().equals(attribute)) {
                    u = add(u, k.lgK(), a.sketches());
                }
            }
        }
        return Optional.ofNullable(u).map(SummaryMerge::estimate);
    }

    /**
     * The distinct count after each bucket of {@code buckets} (ascending): the union of every sketch of
     * {@code sketches} whose bucket is at most that one, so a curve of the count over the traffic's time.
     */
    static List<Estimate> cumulative(long[] buckets, int lgK, List<TrafficSummary.Sketch> sketches) {
        List<TrafficSummary.Sketch> sorted = new java.util.ArrayList<>(sketches);
        sorted.sort(java.util.Comparator.comparingLong(TrafficSummary.Sketch::bucket));
        Union u = new Union(lgK);
        List<Estimate> out = new java.util.ArrayList<>(buckets.length);
        int next = 0;
        for (long b : buckets) {
            while (next < sorted.size() && sorted.get(next).bucket() <= b) {
                u.update(HllSketch.heapify(sorted.get(next++).hll()));
            }
            out.add(estimate(u));
        }
        return out;
    }

    private static Union add(Union u, int lgK, List<TrafficSummary.Sketch> sketches) {
        Union union = u != null ? u : new Union(lgK);
        for (TrafficSummary.Sketch s : sketches) {
            union.update(HllSketch.heapify(s.hll()));
        }
        return union;
    }

    private static Estimate estimate(Union u) {
        HllSketch s = u.getResult(TgtHllType.HLL_4);
        double v = s.getEstimate();
        return new Estimate(v, Math.min(v, s.getLowerBound(SIGMAS)), Math.max(v, s.getUpperBound(SIGMAS)));
    }
}
