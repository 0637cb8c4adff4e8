package dev.cardinal.projection;

import dev.cardinal.model.Layout;
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

    /** Distinct series of {@code layout} over the summaries' kinds, or empty when some summary does not cover it. */
    public static Optional<Estimate> series(List<TrafficSummary.Kind> kinds, Layout layout) {
        Union u = null;
        for (TrafficSummary.Kind k : kinds) {
            Optional<TrafficSummary.CoveredLayout> c = k.covered(layout);
            if (c.isEmpty()) {
                return Optional.empty();
            }
            u = add(u, k.lgK(), c.get().seriesSketches());
        }
        return Optional.ofNullable(u).map(SummaryMerge::estimate);
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
