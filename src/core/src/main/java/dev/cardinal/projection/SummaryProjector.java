package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import dev.cardinal.traffic.TrafficSummary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Projects a layout from a traffic summary, with {@link Projector}'s arithmetic on the same growth curves: the
 * summary's first-seen histograms at the sample's checkpoints are the curves {@link SampleIndex} and
 * {@link LayoutMeasurer} replay from rows.
 */
public final class SummaryProjector {
    private final TrafficSummary.Kind kind;

    public SummaryProjector(TrafficSummary.Kind kind) {
        this.kind = kind;
    }

    /** The projection of {@code layout}, or empty when the summary was not computed for it. */
    public Optional<SummaryProjection> project(Layout layout, ProjectionSettings settings) {
        Optional<TrafficSummary.CoveredLayout> found = kind.covered(layout);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        TrafficSummary.CoveredLayout c = found.get();
        long rows = kind.rows();
        long nanos = kind.lastTime() - kind.firstTime();
        double span = rows < 2 ? 0 : ((nanos >>> 1) * 2.0 + (nanos & 1)) / 1e9;
        Horizon h = Horizon.of(rows, c.points(), span, layout, settings);
        boolean projected = h.projected();
        double atHorizon = h.atHorizon();

        GrowthCurve seriesCurve = curve(c.checkpoints(), c.checkpointSeconds(), c.firstSeen());
        GrowthFit seriesFit = GrowthFit.overPoints(seriesCurve);
        Map<String, Role> roles = layout.rolesOfUsed();
        List<Projection.AttributeProjection> attributes = new ArrayList<>();
        Map<String, Range> attributeRanges = new TreeMap<>();
        for (TrafficSummary.Attribute a : kind.attributes()) {
            GrowthFit f = GrowthFit.overPoints(curve(kind.checkpoints(), kind.checkpointSeconds(), a.firstSeen()));
            attributes.add(new Projection.AttributeProjection(a.name(), a.type(), roles.getOrDefault(a.name(), Role.DROPPED),
                a.arrivedAsTag(), a.distinct(), f, Math.round(f.predict(atHorizon))));
            attributeRanges.put(a.name(), range(b -> f.predict(atHorizon, b)));
        }
        Map<String, GrowthFit> tagFits = new LinkedHashMap<>();
        for (TagSpec t : layout.tags()) {
            tagFits.put(t.key(), GrowthFit.overPoints(curve(kind.checkpoints(), kind.checkpointSeconds(), c.tagGrowth().get(t.key()))));
        }
        Map<String, Long> tagsAtHorizon = new TreeMap<>();
        Map<String, Range> tagRanges = new TreeMap<>();
        tagFits.forEach((k, f) -> {
            tagsAtHorizon.put(k, Math.round(f.predict(atHorizon)));
            tagRanges.put(k, range(b -> f.predict(atHorizon, b)));
        });
        double seriesX = projected ? atHorizon : seriesFit.span();
        long seriesAt = Math.round(seriesFit.predict(seriesX));
        Range seriesRange = range(b -> seriesFit.predict(seriesX, b));

        LimitReach reach = h.reach();
        LimitReach.Metric series = b -> x -> seriesFit.predict(x, b);
        List<LimitProjection> limits = new ArrayList<>();
        for (Limit limit : settings.limits()) {
            switch (limit.metric()) {
                case SERIES -> limits.add(reach.of(limit, null, series, seriesFit.span()));
                case VALUES_PER_TAG -> limits.add(reach.perKey(limit, tagFits));
                default -> {
                    // field keys, tables and columns need the rows: a summary does not hold them
                }
            }
        }
        Live live = live(c, layout.retention().duration().toNanos());
        Server server = settings.server();
        Long reported = switch (server.seriesCount()) {
            case PER_SHARD_GROUP -> live.shardGroupSeries;
            case DISTINCT -> live.series;
            case PER_FIELD_KEY, NONE -> null;
        };
        return Optional.of(new SummaryProjection(kind.name(), layout, c.points(), rows - c.points(), c.series(), reported,
            server, live.groups, live.shardGroupSeries, new TreeMap<>(c.tags()), settings, h.withheld(), h.rate(), Duration.ofMillis(Math.round(span * 1000)),
            attributes, seriesFit, seriesCurve, h.window(),
            seriesAt, seriesRange, tagsAtHorizon, tagRanges, attributeRanges, limits));
    }

    private record Live(long series, long shardGroupSeries, long groups) {
    }

    /** The shard groups inside the retention at the last point, as {@link LayoutMeasurer} counts them. */
    private static Live live(TrafficSummary.CoveredLayout c, long retentionNanos) {
        if (c.points() == 0) {
            return new Live(0, 0, 0);
        }
        ShardGroups shards = new ShardGroups(Duration.ofSeconds(c.shardGroupSeconds()));
        long horizonStart = retentionNanos == 0 ? Long.MIN_VALUE : c.lastTime() - retentionNanos;
        long series = 0;
        long perGroup = 0;
        long groups = 0;
        for (TrafficSummary.ShardGroup g : c.shardGroups()) {
            if (shards.end(g.group()) >= horizonStart) {
                series += g.lastOf();
                if (g.series() > 0) {
                    perGroup += g.series();
                    groups++;
                }
            }
        }
        return new Live(series, perGroup, groups);
    }

    /** A growth curve from checkpoints and the values first seen between them. */
    public static GrowthCurve curve(long[] checkpoints, double[] seconds, long[] firstSeen) {
        long[] distinct = new long[firstSeen.length];
        long running = 0;
        for (int i = 0; i < firstSeen.length; i++) {
            running += firstSeen[i];
            distinct[i] = running;
        }
        return new GrowthCurve(checkpoints.clone(), seconds.clone(), distinct);
    }

    private static Range range(java.util.function.Function<GrowthFit.Band, Double> at) {
        return Horizon.range(at);
    }
}
