package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@link LayoutMeasure} from a sketch estimate, so that projections work the same in both modes. The index sizes
 * are estimated too: each series is taken to carry every tag with the average length of that tag's values (the
 * exact measurer sums the real lengths series by series, which is what estimation avoids).
 */
final class EstimatedFootprint {
    private static final int RENDER_SAMPLE_ROWS = 1000;

    private EstimatedFootprint() {
    }

    static LayoutMeasure asMeasure(SampleIndex index, TemplateText text, Layout layout, EstimatedMeasure e) {
        long series = e.series().rounded();
        long fieldKeys = e.fieldKeys().rounded();
        long measurements = Math.max(1, e.measurements().rounded());
        double nameBytes = averageRendered(index, text, layout.measurement());
        long keyBytes = Math.round(series * nameBytes);
        long tagPairs = 0;
        long tagBytes = 0;
        long valueBytes = 0;
        Map<String, Long> tags = new TreeMap<>();
        for (TagSpec t : layout.tags()) {
            long values = e.tags().get(t.key()).rounded();
            tags.put(t.key(), values);
            double average = averageValueBytes(index, text, t);
            long k = t.key().length();
            tagPairs += series;
            tagBytes += Math.round(series * (k + average));
            keyBytes += Math.round(series * (2 + k + average));
            valueBytes += Math.round(values * average);
        }
        long columns = 1 + layout.tags().size() + (fieldKeys + measurements - 1) / measurements;
        // each measurement taken to carry every tag key and its share of the field keys, names of the average length
        long tagKeyBytes = 0;
        for (TagSpec t : layout.tags()) {
            tagKeyBytes += SeriesKeyBytes.utf8Length(t.key());
        }
        long fieldKeyBytes = Math.round(fieldKeys * averageFieldKeyBytes(index, text, layout));
        long fieldSet = MemoryModel.fieldSet(measurements, Math.round(measurements * nameBytes), fieldKeys, fieldKeyBytes);
        IndexFootprint footprint = new IndexFootprint(series, keyBytes, tagPairs, tagBytes,
            tags.values().stream().mapToLong(Long::longValue).sum(), valueBytes, measurements,
            Math.round(measurements * nameBytes), measurements * layout.tags().size(), measurements * tagKeyBytes,
            fieldKeys, fieldKeyBytes, e.shardGroups() > 1 ? 0 : fieldSet, fieldSet);
        return new LayoutMeasure(e.points(), e.skippedRows(), e.measurements().rounded(), series,
            e.shardGroupSeries().rounded(), e.liveSeries().rounded(), e.shardGroups(), tags, fieldKeys, e.distinctFieldKeyNames().rounded(),
            columns, e.seriesGrowth(), footprint, null);
    }

    /** Average byte length of the layout's field keys, each rendered over the first rows. */
    private static double averageFieldKeyBytes(SampleIndex index, TemplateText text, Layout layout) {
        double total = 0;
        for (dev.cardinal.model.FieldSpec f : layout.fields()) {
            total += averageRendered(index, text, f.key());
        }
        return layout.fields().isEmpty() ? 0 : total / layout.fields().size();
    }

    /** Average byte length of a tag's values: over the dictionary for a plain tag, else over rendered rows. */
    private static double averageValueBytes(SampleIndex index, TemplateText text, TagSpec t) {
        if (t.value().singleRef().isPresent()) {
            int a = text.attribute(t.value().singleRef().get());
            int[] lengths = index.lengths(a);
            long total = 0;
            for (int len : lengths) {
                total += len;
            }
            return lengths.length <= 1 ? 0 : (double) total / (lengths.length - 1);
        }
        return averageRendered(index, text, t.value());
    }

    private static double averageRendered(SampleIndex index, TemplateText text, dev.cardinal.model.Template t) {
        int n = Math.min(index.rows(), RENDER_SAMPLE_ROWS);
        if (n == 0) {
            return 0;
        }
        long total = 0;
        for (int r = 0; r < n; r++) {
            total += text.render(t, r).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        }
        return (double) total / n;
    }
}
