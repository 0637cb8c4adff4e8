package dev.cardinal.projection;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.IdColumn;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;

/**
 * Measures a layout over a sample with HyperLogLog sketches, in memory that does not grow with the number of
 * series: for samples too large to count exactly ({@link MeasureMode}). Skips the same rows as
 * {@link LayoutMeasurer} ({@link PointRules}). Two passes: one in file order for what depends on a row alone
 * (whether it makes a point, measurement names, tag values, field keys), then one in time order for the series,
 * whose growth checkpoints need the number of points up front.
 */
public final class EstimatedMeasurer {
    /** 2^14 registers: about 0.81% relative standard error, 16 KiB per sketch. */
    public static final int DEFAULT_LG_K = 14;
    public static final int MIN_LG_K = 14;
    public static final int MAX_LG_K = 21;
    /** Bounds at two standard deviations: about 95% confidence. */
    private static final int SIGMAS = 2;
    // HLL_8: one byte per register, the fastest to update; only a handful of sketches are alive at once
    private static final TgtHllType TYPE = TgtHllType.HLL_8;

    private final SampleIndex index;
    private final TemplateText text;
    private final int lgK;

    public EstimatedMeasurer(SampleIndex index) {
        this(index, DEFAULT_LG_K);
    }

    public EstimatedMeasurer(SampleIndex index, int lgK) {
        if (lgK < MIN_LG_K || lgK > MAX_LG_K) {
            throw new IllegalArgumentException("lgK must be " + MIN_LG_K + ".." + MAX_LG_K + ", not " + lgK);
        }
        this.index = index;
        this.text = new TemplateText(index);
        this.lgK = lgK;
    }

    public int lgK() {
        return lgK;
    }

    public EstimatedMeasure measure(Layout layout) {
        RowFacts facts = rowFacts(layout);
        ShardGroups shards = new ShardGroups(layout.retention().effectiveShardGroupDuration());
        SeriesPass series = series(layout, facts, shards, layout.retention().duration().toNanos());
        return new EstimatedMeasure(lgK, facts.points, index.rows() - facts.points, facts.measurements, series.all,
            series.reported, series.live, series.liveGroups, facts.tags, facts.fieldKeys, facts.fieldKeyNames, series.curve);
    }

    private HllSketch sketch() {
        return new HllSketch(lgK, TYPE);
    }

    private static Estimate estimate(HllSketch s) {
        if (s.isEmpty()) {
            return Estimate.exact(0);
        }
        double v = s.getEstimate();
        return new Estimate(v, Math.min(v, s.getLowerBound(SIGMAS)), Math.max(v, s.getUpperBound(SIGMAS)));
    }

    /** What the first pass learns: the written rows (null: all), and the counts that need no time order. */
    private static final class RowFacts {
        long[] written;
        long points;
        Estimate measurements;
        Map<String, Estimate> tags = new TreeMap<>();
        Estimate fieldKeys;
        Estimate fieldKeyNames;
    }

    private RowFacts rowFacts(Layout layout) {
        int n = index.rows();
        PointRules rules = new PointRules(index, text, layout);
        Template m = layout.measurement();
        String literalName = m.isLiteral() ? m.literalText() : null;
        boolean allWritten = literalName != null && !literalName.isEmpty() && rules.anyPoint() && rules.fieldInEveryRow();
        List<TagSpec> tags = layout.tags();
        IdColumn[] plainIds = new IdColumn[tags.size()];
        long[][] plainSeen = new long[tags.size()][];
        HllSketch[] tagSketches = new HllSketch[tags.size()];
        boolean templatedTag = false;
        for (int i = 0; i < tags.size(); i++) {
            var ref = tags.get(i).value().singleRef();
            if (ref.isPresent()) {
                int a = text.attribute(ref.get());
                plainIds[i] = index.ids(a);
                plainSeen[i] = allWritten ? null : new long[(index.distinct(a) + 64) >>> 6];
            } else {
                tagSketches[i] = sketch();
                templatedTag = true;
            }
        }
        List<FieldSpec> fields = layout.fields();
        // literal keys under a literal name are a handful of known strings: count them exactly
        boolean exactKeys = literalName != null && fields.stream().allMatch(f -> f.key().isLiteral());
        Column[] fieldColumns = fields.stream().map(f -> index.sample().column(text.attribute(f.attribute())))
            .toArray(Column[]::new);
        boolean[] fieldWritten = new boolean[fields.size()];
        HllSketch keys = exactKeys ? null : sketch();
        HllSketch keyNames = exactKeys ? null : sketch();
        HllSketch names = literalName == null ? sketch() : null;

        RowFacts f = new RowFacts();
        f.written = allWritten ? null : new long[(n + 63) >>> 6];
        boolean perRow = !allWritten || templatedTag || !exactKeys;
        for (int r = 0; r < n && perRow; r++) {
            String name = literalName != null ? literalName : text.render(m, r);
            if (names != null && !name.isEmpty()) {
                names.update(name);
            }
            if (!allWritten) {
                if (name.isEmpty() || !rules.anyPoint() || !rules.keepsField(r)) {
                    continue;
                }
                f.written[r >>> 6] |= 1L << r;
                f.points++;
                for (int i = 0; i < tags.size(); i++) {
                    if (plainSeen[i] != null) {
                        int id = plainIds[i].get(r);
                        plainSeen[i][id >>> 6] |= 1L << id;
                    }
                }
            }
            for (int i = 0; i < tags.size(); i++) {
                if (tagSketches[i] != null) {
                    String v = text.render(tags.get(i).value(), r);
                    if (!v.isEmpty()) {
                        tagSketches[i].update(v);
                    }
                }
            }
            for (int i = 0; i < fields.size(); i++) {
                if (!fieldColumns[i].present(r)) {
                    continue;
                }
                fieldWritten[i] = true;
                if (!exactKeys) {
                    String key = text.render(fields.get(i).key(), r);
                    if (PointRules.usableKey(key)) {
                        keys.update((name + '\u0000' + key).getBytes(StandardCharsets.UTF_8));
                        keyNames.update(key);
                    }
                }
            }
        }
        if (allWritten) {
            f.points = n;
        }
        f.measurements = names != null ? estimate(names) : Estimate.exact(literalName.isEmpty() ? 0 : 1);
        for (int i = 0; i < tags.size(); i++) {
            Estimate e;
            if (tagSketches[i] != null) {
                e = estimate(tagSketches[i]);
            } else if (plainSeen[i] == null) {
                e = Estimate.exact(index.distinct(text.attribute(tags.get(i).value().singleRef().get())));
            } else {
                long count = -(plainSeen[i][0] & 1); // id 0 is "absent", not a value
                for (long w : plainSeen[i]) {
                    count += Long.bitCount(w);
                }
                e = Estimate.exact(count);
            }
            f.tags.merge(tags.get(i).key(), e, Estimate::max);
        }
        if (exactKeys) {
            TreeSet<String> literal = new TreeSet<>();
            for (int i = 0; i < fields.size(); i++) {
                String key = fields.get(i).key().literalText();
                boolean written = allWritten ? index.present(text.attribute(fields.get(i).attribute())) > 0 : fieldWritten[i];
                if (written && PointRules.usableKey(key) && f.points > 0) {
                    literal.add(key);
                }
            }
            f.fieldKeys = Estimate.exact(literal.size());
            f.fieldKeyNames = f.fieldKeys;
        } else {
            f.fieldKeys = estimate(keys);
            f.fieldKeyNames = estimate(keyNames);
        }
        return f;
    }

    private static final class SeriesPass {
        Estimate all;
        Estimate reported = Estimate.exact(0);
        Estimate live = Estimate.exact(0);
        long liveGroups;
        GrowthCurve curve;
    }

    /**
     * Replays the written rows in time order into one sketch for the whole sample and one for the current shard
     * group; rows come in time order, so a group is complete when the next begins and only its estimate is kept,
     * and a group inside the retention at the sample's end is merged into the sketch of the series still held.
     */
    private SeriesPass series(Layout layout, RowFacts facts, ShardGroups shards, long retentionNanos) {
        int n = index.rows();
        SeriesKeys keys = new SeriesKeys(index, text, layout);
        Template m = layout.measurement();
        long[] at = GrowthCurve.positions(facts.points, LayoutMeasurer.CHECKPOINTS);
        long[] cpPoints = new long[at.length];
        double[] cpSeconds = new double[at.length];
        long[] cpDistinct = new long[at.length];
        HllSketch all = sketch();
        HllSketch group = sketch();
        long groupIndex = 0;
        List<Long> groupEnds = new ArrayList<>();
        List<Estimate> groupCounts = new ArrayList<>();
        long horizonStart = retentionNanos == 0 || facts.points == 0 ? Long.MIN_VALUE : lastWrittenTimestamp(facts) - retentionNanos;
        Union live = new Union(lgK);
        boolean expired = false; // some group is outside the retention: then the live ones' union, else the whole sketch
        long points = 0;
        long firstTs = 0;
        long running = 0;
        int cp = 0;
        for (int i = 0; i < n; i++) {
            int r = index.rowAt(i);
            if (facts.written != null && (facts.written[r >>> 6] & (1L << r)) == 0) {
                continue;
            }
            long ts = index.sample().timestamp(r);
            long shard = shards.index(ts);
            if (points == 0) {
                firstTs = ts;
                groupIndex = shard;
            } else if (shard != groupIndex) {
                groupEnds.add(shards.end(groupIndex));
                groupCounts.add(estimate(group));
                if (shards.end(groupIndex) >= horizonStart) {
                    live.update(group);
                } else {
                    expired = true;
                }
                group.reset();
                groupIndex = shard;
            }
            points++;
            keys.prepare(r, m.isLiteral() ? null : text.render(m, r));
            keys.into(all);
            keys.into(group);
            while (cp < at.length && points == at[cp]) {
                // the estimate of a sketch that only grows never falls; max() guards the curve's monotonicity anyway
                running = Math.max(running, Math.round(all.getEstimate()));
                cpPoints[cp] = points;
                cpSeconds[cp] = (ts - firstTs) / 1e9;
                cpDistinct[cp] = running;
                cp++;
            }
        }
        SeriesPass p = new SeriesPass();
        if (points > 0) {
            groupEnds.add(shards.end(groupIndex));
            groupCounts.add(estimate(group));
            live.update(group); // the last group holds the last point: always inside the retention
        }
        for (int g = 0; g < groupEnds.size(); g++) {
            if (groupEnds.get(g) >= horizonStart) {
                p.reported = p.reported.plus(groupCounts.get(g));
                p.liveGroups++;
            }
        }
        p.all = estimate(all);
        // a union loses the sketch's HIP estimator (and its accuracy): used only when it must be
        p.live = expired ? estimate(live.getResult(TYPE)) : p.all;
        p.curve = new GrowthCurve(cpPoints, cpSeconds, cpDistinct);
        return p;
    }

    /** The timestamp of the last row written, in time order. */
    private long lastWrittenTimestamp(RowFacts facts) {
        for (int i = index.rows() - 1; i >= 0; i--) {
            int r = index.rowAt(i);
            if (facts.written == null || (facts.written[r >>> 6] & (1L << r)) != 0) {
                return index.sample().timestamp(r);
            }
        }
        return Long.MIN_VALUE;
    }
}
