package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import dev.cardinal.traffic.TrafficSummary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Projects a layout from several summaries of parts of one event kind's traffic (days, partitions). Exact first-seen
 * histograms do not merge; the per-bucket HLL sketches do: the union of every bucket up to each bucket's end is a
 * distinct-count curve over the traffic's time, and {@link Projector}'s machinery (Heaps fit, growth class, horizon,
 * time to each limit) reads it as it reads a curve of rows, with the sketch's +-2 sigma carried into every range
 * ({@link MergedFit}). A curve has a point per bucket (a day, as the job writes them), not 100 checkpoints.
 */
public final class MergedSummaryProjector {
    private final List<TrafficSummary.Kind> kinds;
    private final int lgK;
    private final long bucketSeconds;

    /**
     * @param kinds one event kind, one entry per summary
     * @throws IllegalArgumentException when there are none, or their sketches differ in precision or bucket length
     */
    public MergedSummaryProjector(List<TrafficSummary.Kind> kinds) {
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("no summaries to merge");
        }
        this.kinds = List.copyOf(kinds);
        this.lgK = kinds.get(0).lgK();
        this.bucketSeconds = kinds.get(0).sketchBucketSeconds();
        for (TrafficSummary.Kind k : kinds) {
            if (k.lgK() != lgK || k.sketchBucketSeconds() != bucketSeconds || bucketSeconds <= 0) {
                throw new IllegalArgumentException("the summaries' sketches differ (lgK " + lgK + " and " + k.lgK()
                    + ", buckets of " + bucketSeconds + " s and " + k.sketchBucketSeconds() + " s): summarize every part with one job version");
            }
        }
    }

    /** The projection of {@code layout}, or empty when some summary does not cover it. */
    public Optional<MergedProjection> project(Layout layout, ProjectionSettings settings) {
        List<TrafficSummary.CoveredLayout> covered = new ArrayList<>();
        for (TrafficSummary.Kind k : kinds) {
            Optional<TrafficSummary.CoveredLayout> c = k.covered(layout);
            if (c.isEmpty()) {
                return Optional.empty();
            }
            covered.add(c.get());
        }
        long rows = kinds.stream().mapToLong(TrafficSummary.Kind::rows).sum();
        long points = covered.stream().mapToLong(TrafficSummary.CoveredLayout::points).sum();
        long first = kinds.stream().mapToLong(TrafficSummary.Kind::firstTime).min().orElseThrow();
        long last = kinds.stream().mapToLong(TrafficSummary.Kind::lastTime).max().orElseThrow();
        double span = rows < 2 ? 0 : (last - first) / 1e9;
        Horizon h = Horizon.of(rows, points, span, layout, settings);
        double atHorizon = h.atHorizon();

        long[] buckets = buckets();
        double[] rowsAt = new double[buckets.length];
        double[] pointsAt = new double[buckets.length];
        for (int i = 0; i < buckets.length; i++) {
            long end = Math.multiplyExact(buckets[i] + 1, bucketSeconds) * 1_000_000_000L;
            for (int j = 0; j < kinds.size(); j++) {
                TrafficSummary.Kind k = kinds.get(j);
                TrafficSummary.CoveredLayout c = covered.get(j);
                rowsAt[i] += before(end, k.firstTime(), k.lastTime(), k.rows(), k.checkpoints(), k.checkpointSeconds());
                long firstPoint = c.checkpoints().length == 0 ? c.lastTime()
                    : c.lastTime() - Math.round(c.checkpointSeconds()[c.checkpoints().length - 1] * 1e9);
                pointsAt[i] += before(end, firstPoint, c.lastTime(), c.points(), c.checkpoints(), c.checkpointSeconds());
            }
        }

        Map<String, Role> roles = layout.rolesOfUsed();
        Map<String, MergedFit> attributeFits = new LinkedHashMap<>();
        List<Projection.AttributeProjection> attributes = new ArrayList<>();
        Map<String, Estimate> distinct = new LinkedHashMap<>();
        Map<String, Range> attributeRanges = new TreeMap<>();
        for (String name : attributeNames()) {
            List<TrafficSummary.Sketch> sketches = new ArrayList<>();
            TrafficSummary.Attribute any = null;
            for (TrafficSummary.Kind k : kinds) {
                for (TrafficSummary.Attribute a : k.attributes()) {
                    if (a.name().equals(name)) {
                        sketches.addAll(a.sketches());
                        any = a;
                    }
                }
            }
            List<Estimate> curve = SummaryMerge.cumulative(buckets, lgK, sketches);
            MergedFit f = MergedFit.of(rowsAt, curve);
            attributeFits.put(name, f);
            Estimate total = curve.get(curve.size() - 1);
            distinct.put(name, total);
            attributes.add(new Projection.AttributeProjection(name, any.type(), roles.getOrDefault(name, Role.DROPPED),
                any.arrivedAsTag(), total.rounded(), f.mid(), Math.round(f.predict(atHorizon, GrowthFit.Band.MID))));
            attributeRanges.put(name, f.range(atHorizon));
        }

        List<TrafficSummary.Sketch> seriesSketches = new ArrayList<>();
        covered.forEach(c -> seriesSketches.addAll(c.seriesSketches()));
        List<Estimate> seriesCurve = SummaryMerge.cumulative(buckets, lgK, seriesSketches);
        MergedFit seriesFit = MergedFit.of(pointsAt, seriesCurve);
        double seriesX = h.projected() ? atHorizon : seriesFit.mid().span();

        Map<String, LimitReach.Metric> tagMetrics = new LinkedHashMap<>();
        Map<String, Double> extents = new LinkedHashMap<>();
        Map<String, Long> tagsAtHorizon = new TreeMap<>();
        Map<String, Range> tagRanges = new TreeMap<>();
        List<String> notMerged = new ArrayList<>();
        for (TagSpec t : layout.tags()) {
            Optional<String> ref = t.value().singleRef();
            MergedFit f = ref.map(attributeFits::get).orElse(null);
            if (f == null) {
                notMerged.add(t.key());
                continue;
            }
            tagMetrics.put(t.key(), f.metric());
            extents.put(t.key(), f.mid().span());
            tagsAtHorizon.put(t.key(), Math.round(f.predict(atHorizon, GrowthFit.Band.MID)));
            tagRanges.put(t.key(), f.range(atHorizon));
        }
        LimitReach reach = h.reach();
        List<LimitProjection> limits = new ArrayList<>();
        for (Limit limit : settings.limits()) {
            switch (limit.metric()) {
                case SERIES -> limits.add(reach.of(limit, null, seriesFit.metric(), seriesFit.mid().span()));
                case VALUES_PER_TAG -> limits.add(reach.perKey(limit, tagMetrics, extents));
                default -> {
                    // field keys, tables and columns need the rows: no summary holds them
                }
            }
        }
        return Optional.of(new MergedProjection(kinds.get(0).name(), layout, kinds.size(), rows, points,
            seriesCurve.get(seriesCurve.size() - 1), settings, h.withheld(), h.rate(), Duration.ofMillis(Math.round(span * 1000)),
            attributes, distinct, attributeRanges, seriesFit, h.window(), Math.round(seriesFit.predict(seriesX, GrowthFit.Band.MID)),
            seriesFit.range(seriesX), tagsAtHorizon, tagRanges, limits, notMerged));
    }

    /** Every bucket any sketch of any summary covers, ascending. */
    private long[] buckets() {
        TreeSet<Long> all = new TreeSet<>();
        for (TrafficSummary.Kind k : kinds) {
            k.attributes().forEach(a -> a.sketches().forEach(s -> all.add(s.bucket())));
            k.layouts().forEach(c -> c.seriesSketches().forEach(s -> all.add(s.bucket())));
        }
        if (all.isEmpty()) {
            all.add(Math.floorDiv(kinds.get(0).lastTime(), bucketSeconds * 1_000_000_000L));
        }
        return all.stream().mapToLong(Long::longValue).toArray();
    }

    private Iterable<String> attributeNames() {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        kinds.forEach(k -> k.attributes().forEach(a -> names.add(a.name())));
        return names;
    }

    /**
     * How many of a summary's {@code total} rows (or points) come before {@code end} (nanoseconds): all after its last,
     * none before its first, else read off its checkpoints (row counts at seconds from the first), linearly between two.
     */
    static double before(long end, long first, long last, long total, long[] checkpoints, double[] seconds) {
        if (end > last) {
            return total;
        }
        if (end <= first || checkpoints.length == 0) {
            return 0;
        }
        double s = (end - first) / 1e9;
        double prevS = 0;
        double prevN = 0;
        for (int i = 0; i < checkpoints.length; i++) {
            if (seconds[i] >= s) {
                double share = seconds[i] == prevS ? 1 : (s - prevS) / (seconds[i] - prevS);
                return prevN + share * (checkpoints[i] - prevN);
            }
            prevS = seconds[i];
            prevN = checkpoints[i];
        }
        return total;
    }
}
