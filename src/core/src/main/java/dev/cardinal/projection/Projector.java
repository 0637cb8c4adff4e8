package dev.cardinal.projection;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import dev.cardinal.traffic.SampleAttribute;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Projects a layout from its sample to a horizon and a traffic multiplier. Every count is a growth curve over
 * points ({@link GrowthFit}); time enters through the sample's rate, so x10 traffic reaches in 3 days the points
 * the sample's rate reaches in 30. Finite retention caps what the index holds at the points of one window (the
 * retention plus a shard group): that is the steady state.
 */
public final class Projector {
    private final SampleIndex index;
    private final LayoutMeasurer measurer;
    private final TemplateText text;
    private final MeasureMode mode;
    private final long estimateBeyondRows;
    private final int lgK;

    /** Exact counting. */
    public Projector(SampleIndex index) {
        this(index, MeasureMode.EXACT, MeasureMode.DEFAULT_THRESHOLD_ROWS, EstimatedMeasurer.DEFAULT_LG_K);
    }

    /** Exact or estimated counting: {@code AUTO} estimates when the sample has more than {@code estimateBeyondRows}. */
    public Projector(SampleIndex index, MeasureMode mode, long estimateBeyondRows, int lgK) {
        this(index, new LayoutMeasurer(index), mode, estimateBeyondRows, lgK);
    }

    private Projector(SampleIndex index, LayoutMeasurer measurer, MeasureMode mode, long estimateBeyondRows, int lgK) {
        this.index = index;
        this.measurer = measurer;
        this.text = new TemplateText(index);
        this.mode = mode;
        this.estimateBeyondRows = estimateBeyondRows;
        this.lgK = lgK;
    }

    /**
     * Exact counting for toggling roles back and forth (the workbench's live projection): after {@link #prepare}
     * a toggle among the prepared layout's tags counts collapsed entries instead of rows
     * ({@link LayoutMeasurer#interactive}).
     */
    public static Projector interactive(SampleIndex index) {
        return new Projector(index, LayoutMeasurer.interactive(index), MeasureMode.EXACT, Long.MAX_VALUE,
            EstimatedMeasurer.DEFAULT_LG_K);
    }

    /** Prepares the next toggles of {@code layout}'s roles (see {@link LayoutMeasurer#prepare}); run it in the background. */
    public void prepare(Layout layout) {
        measurer.prepare(layout);
    }

    public Projection project(EventKind kind, Layout layout, ProjectionSettings settings) {
        EstimatedMeasure estimate = null;
        LayoutMeasure now;
        if (MeasureMode.useEstimate(mode, index.rows(), estimateBeyondRows)) {
            estimate = new EstimatedMeasurer(index, lgK).measure(layout);
            now = EstimatedFootprint.asMeasure(index, text, layout, estimate);
        } else {
            now = measurer.measure(layout);
        }
        ReportedSeries reported = reported(layout, now, estimate, settings.server());
        double span = index.spanSeconds();
        Horizon h = Horizon.of(index.rows(), now.points(), span, layout, settings);
        String withheld = h.withheld();
        boolean projected = h.projected();
        double rate = h.rate();
        double atHorizon = h.atHorizon();

        GrowthFit seriesFit = GrowthFit.overPoints(now.seriesGrowth());
        List<Projection.AttributeProjection> attributes = new ArrayList<>();
        Map<String, Range> attributeRanges = new TreeMap<>();
        Map<String, Role> roles = layout.rolesOfUsed();
        for (int a = 0; a < index.sample().attributes().size(); a++) {
            SampleAttribute sa = index.sample().attributes().get(a);
            GrowthFit f = GrowthFit.overPoints(index.growth(a));
            attributes.add(new Projection.AttributeProjection(sa.name(), sa.type().id(), roles.getOrDefault(sa.name(), Role.DROPPED),
                sa.arrivedAsTag(), index.distinct(a), f, Math.round(f.predict(atHorizon))));
            attributeRanges.put(sa.name(), range(b -> f.predict(atHorizon, b)));
        }
        Map<String, GrowthFit> tagFits = new LinkedHashMap<>();
        for (TagSpec t : layout.tags()) {
            tagFits.put(t.key(), GrowthFit.overPoints(tupleCurve(text.attributes(t.value()))));
        }
        GrowthFit fieldFit = GrowthFit.overPoints(fieldKeyCurve(layout));
        double fieldKeyBound = fieldKeyBound(layout, now.measurements());
        LimitReach.Metric fieldKeys = b -> x -> Math.min(fieldFit.predict(x, b), fieldKeyBound);
        GrowthFit measurementFit = GrowthFit.overPoints(tupleCurve(text.attributes(layout.measurement())));
        LimitReach.Metric measurements = b -> x -> measurementFit.predict(x, b);
        int tagCount = layout.tags().size();
        // the widest measurement: more field keys widen it, more measurements share them out (the opposite edge)
        LimitReach.Metric columns = b -> x -> 1 + tagCount
            + fieldKeys.at(b).applyAsDouble(x) * ((double) now.maxColumnsPerMeasurement() - 1 - tagCount) / Math.max(1, now.fieldKeys())
            * now.measurements() / Math.max(1, measurements.at(b.opposite()).applyAsDouble(x));
        LimitReach.Metric series = b -> x -> seriesFit.predict(x, b);

        Map<String, Long> tagsAtHorizon = new TreeMap<>();
        Map<String, Range> tagRanges = new TreeMap<>();
        tagFits.forEach((k, f) -> {
            tagsAtHorizon.put(k, Math.round(f.predict(atHorizon)));
            tagRanges.put(k, range(b -> f.predict(atHorizon, b)));
        });
        // withheld: the series curve's own end (it counts written points, which may be fewer than the rows)
        double seriesX = projected ? atHorizon : seriesFit.span();
        long seriesAt = Math.round(seriesFit.predict(seriesX));
        long fieldKeysAt = Math.round(fieldKeys.at(GrowthFit.Band.MID).applyAsDouble(atHorizon));
        long measurementsAt = Math.round(measurementFit.predict(atHorizon));
        long columnsAt = Math.round(columns.at(GrowthFit.Band.MID).applyAsDouble(atHorizon));

        MemoryEstimate memoryNow = MemoryModel.estimate(now.footprint());
        Range seriesRange = range(b -> seriesFit.predict(seriesX, b));
        Range fieldKeyRange = range(b -> fieldKeys.at(b).applyAsDouble(atHorizon));
        Range measurementRange = range(b -> measurementFit.predict(atHorizon, b));
        MemoryEstimate memoryAt = memoryAt(now, seriesAt, tagsAtHorizon.values(), measurementsAt, fieldKeysAt);
        MemoryEstimate memoryLow = memoryAt(now, seriesRange.low(), tagRanges.values().stream().map(Range::low).toList(),
            measurementRange.low(), fieldKeyRange.low());
        MemoryEstimate memoryHigh = memoryAt(now, seriesRange.high(), tagRanges.values().stream().map(Range::high).toList(),
            measurementRange.high(), fieldKeyRange.high());
        Ranges ranges = new Ranges(seriesRange, tagRanges, fieldKeyRange, measurementRange,
            range(b -> columns.at(b).applyAsDouble(atHorizon)), attributeRanges,
            new MemoryEstimate(memoryLow.low(), memoryHigh.high()));

        LimitReach reach = h.reach();
        double rows = index.rows();
        List<LimitProjection> limits = new ArrayList<>();
        for (Limit limit : settings.limits()) {
            limits.add(switch (limit.metric()) {
                case SERIES -> reach.of(limit, null, series, seriesFit.span());
                case FIELD_KEYS -> reach.of(limit, null, fieldKeys, rows);
                case TABLES -> reach.of(limit, null, measurements, rows);
                case COLUMNS_PER_TABLE -> reach.of(limit, null, columns, rows);
                case VALUES_PER_TAG -> reach.perKey(limit, tagFits);
            });
        }
        return new Projection(kind.name(), layout, now, estimate, reported, settings, withheld, rate,
            Duration.ofMillis(Math.round(span * 1000)), attributes, seriesFit,
            h.window(),
            seriesAt, tagsAtHorizon, fieldKeysAt, measurementsAt, columnsAt, ranges, memoryNow, memoryAt, limits);
    }

    private static Range range(java.util.function.Function<GrowthFit.Band, Double> at) {
        return Horizon.range(at);
    }

    /**
     * Index memory with the sample's average sizes scaled to {@code series}, the tags' values, the measurements and the
     * field keys (never below the sample's own: what the server holds does not shrink).
     */
    private static MemoryEstimate memoryAt(LayoutMeasure now, long series, java.util.Collection<Long> tagValues,
                                                 long measurements, long fieldKeys) {
        long valuesNow = now.tags().values().stream().mapToLong(Long::longValue).sum();
        long valuesAt = tagValues.stream().mapToLong(Long::longValue).sum();
        return MemoryModel.estimate(now.footprint().scaled(now.series() == 0 ? 0 : (double) series / now.series(),
            valuesNow == 0 ? 0 : (double) valuesAt / valuesNow, grown(measurements, now.measurements()),
            grown(fieldKeys, now.fieldKeys())));
    }

    private static double grown(long at, long now) {
        return now == 0 ? 1 : Math.max(1, (double) at / now);
    }

    /** What the server's own series query reports, for {@code server}. */
    private ReportedSeries reported(Layout layout, LayoutMeasure now, EstimatedMeasure estimate, Server server) {
        if (estimate == null) {
            return new ReportedSeries(server, server.reportedSeries(now, () -> measurer.seriesPerFieldKey(layout)), null);
        }
        Estimate e = switch (server.seriesCount()) {
            case PER_SHARD_GROUP -> estimate.shardGroupSeries();
            case DISTINCT -> estimate.liveSeries();
            case PER_FIELD_KEY -> FieldKeySeries.variants(layout).stream().map(new EstimatedMeasurer(index, lgK)::measure)
                .map(EstimatedMeasure::liveSeries).reduce(Estimate.exact(0), Estimate::plus);
            case NONE -> null;
        };
        return new ReportedSeries(server, e == null ? null : e.rounded(), e);
    }

    /**
     * The most field keys the layout can ever have: literal keys count one each and a key that is only literal
     * text and one bounded slot ({@code slot_{slot(metric, tenant, max=50)}}) counts its slots, per measurement;
     * any other template is unbounded.
     */
    private static double fieldKeyBound(Layout layout, long measurements) {
        double bound = 0;
        for (FieldSpec f : layout.fields()) {
            if (f.key().isLiteral()) {
                bound += 1;
                continue;
            }
            List<dev.cardinal.model.Template.Part> refs = f.key().parts().stream()
                .filter(p -> !(p instanceof dev.cardinal.model.Template.Literal)).toList();
            if (refs.size() == 1 && refs.get(0) instanceof dev.cardinal.model.Template.SlotRef s && s.max() > 0) {
                bound += s.max();
            } else {
                return Double.POSITIVE_INFINITY;
            }
        }
        return layout.measurement().isLiteral() ? bound : bound * Math.max(1, measurements);
    }

    /** Distinct combinations of some attributes as the sample is replayed in time order. */
    private GrowthCurve tupleCurve(int[] attrs) {
        if (attrs.length == 1) {
            return index.growth(attrs[0]);
        }
        Tuples t = Tuples.of(index, attrs, null, true);
        return curve(i -> t.idOfRow[index.rowAt(i)] + 1L);
    }

    /**
     * Field keys (summed over field specs and measurements) as the sample is replayed. Combinations are rendered,
     * because a slot template maps many combinations onto few keys.
     */
    private GrowthCurve fieldKeyCurve(Layout layout) {
        List<int[]> keyOfRow = new ArrayList<>();
        int literal = 0;
        for (FieldSpec f : layout.fields()) {
            Set<String> names = new LinkedHashSet<>(layout.measurement().attributes());
            names.addAll(f.key().attributes());
            if (names.isEmpty()) {
                literal++;
                continue;
            }
            Tuples t = Tuples.of(index, names.stream().mapToInt(text::attribute).toArray(), null, true);
            Map<String, Integer> keys = new java.util.HashMap<>();
            int[] keyOfTuple = new int[t.count];
            for (int k = 0; k < t.count; k++) {
                int row = t.firstRow[k];
                String key = text.render(layout.measurement(), row) + '\u0000' + text.render(f.key(), row);
                keyOfTuple[k] = keys.computeIfAbsent(key, x -> keys.size());
            }
            int[] rows = new int[index.rows()];
            for (int r = 0; r < rows.length; r++) {
                rows[r] = keyOfTuple[t.idOfRow[r]];
            }
            keyOfRow.add(rows);
        }
        int literalKeys = literal;
        long[] max = new long[keyOfRow.size()];
        return curve(i -> {
            long total = literalKeys;
            for (int k = 0; k < max.length; k++) {
                max[k] = Math.max(max[k], keyOfRow.get(k)[index.rowAt(i)] + 1L);
                total += max[k];
            }
            return total;
        });
    }

    /** A growth curve from a running distinct count by time-order position (the count must be non-decreasing). */
    private GrowthCurve curve(java.util.function.IntToLongFunction distinctThrough) {
        int n = index.rows();
        long[] at = GrowthCurve.positions(n, LayoutMeasurer.CHECKPOINTS);
        long[] points = new long[at.length];
        double[] seconds = new double[at.length];
        long[] distinct = new long[at.length];
        long first = n == 0 ? 0 : index.timestampAt(0);
        long running = 0;
        int cp = 0;
        for (int i = 0; i < n && cp < at.length; i++) {
            running = Math.max(running, distinctThrough.applyAsLong(i));
            while (cp < at.length && i + 1 == at[cp]) {
                points[cp] = i + 1;
                seconds[cp] = (index.timestampAt(i) - first) / 1e9;
                distinct[cp] = running;
                cp++;
            }
        }
        return new GrowthCurve(points, seconds, distinct);
    }
}
