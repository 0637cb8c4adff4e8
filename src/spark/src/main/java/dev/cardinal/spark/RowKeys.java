package dev.cardinal.spark;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.projection.SummaryRows;
import dev.cardinal.traffic.EventKindSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys one chunk of one event kind gives each of its rows ({@link SummaryRows}), arranged for counting: the
 * covered layouts a row makes a point under (a bit mask), and the covered layouts' distinct tag value templates, each
 * computed once per row however many layouts share it (a layout one toggle away shares all but one tag with its
 * source).
 */
final class RowKeys {
    final EventKindSample sample;
    final SummaryRows rows;
    final int layouts;
    /** Each distinct tag value template of the covered layouts. */
    final String[] patterns;
    /** Per template: a covered layout and tag index that has it (the value is the template's, whichever). */
    final int[][] patternTag;
    /** Per template: the covered layouts with a tag made of it. */
    final long[][] patternLayouts;
    /** Per template: its attribute when it is made of one (its combinations are then that attribute's values), else null. */
    final String[] patternAttribute;

    RowKeys(EventKindSample sample, List<Layout> covered) {
        this.sample = sample;
        this.rows = new SummaryRows(sample, covered);
        this.layouts = covered.size();
        Map<String, List<int[]>> byPattern = byPattern(covered);
        Map<String, Template> templates = new LinkedHashMap<>();
        covered.forEach(l -> l.tags().forEach(t -> templates.putIfAbsent(t.value().pattern(), t.value())));
        int n = byPattern.size();
        patterns = byPattern.keySet().toArray(String[]::new);
        patternTag = new int[n][];
        patternLayouts = new long[n][];
        patternAttribute = new String[n];
        for (int i = 0; i < n; i++) {
            List<int[]> at = byPattern.get(patterns[i]);
            patternTag[i] = at.get(0);
            patternLayouts[i] = new long[masks(layouts)];
            for (int[] jt : at) {
                patternLayouts[i][jt[0] >>> 6] |= 1L << jt[0];
            }
            java.util.Set<String> attributes = templates.get(patterns[i]).attributes();
            patternAttribute[i] = attributes.size() == 1 ? attributes.iterator().next() : null;
        }
    }

    /** The distinct tag value templates of the covered layouts in the order met, each with the (layout, tag) pairs that have it. */
    static Map<String, List<int[]>> byPattern(List<Layout> covered) {
        Map<String, List<int[]>> byPattern = new LinkedHashMap<>();
        for (int j = 0; j < covered.size(); j++) {
            List<TagSpec> tags = covered.get(j).tags();
            for (int t = 0; t < tags.size(); t++) {
                byPattern.computeIfAbsent(tags.get(t).value().pattern(), p -> new ArrayList<>()).add(new int[]{j, t});
            }
        }
        return byPattern;
    }

    /** Longs in a mask of {@code layouts} bits. */
    static int masks(int layouts) {
        return (layouts + 63) >>> 6;
    }

    /** The covered layouts {@code row} makes a point under. */
    long[] written(int row) {
        long[] mask = new long[masks(layouts)];
        for (int j = 0; j < layouts; j++) {
            if (rows.written(j, row)) {
                mask[j >>> 6] |= 1L << j;
            }
        }
        return mask;
    }

    static boolean has(long[] mask, int j) {
        return (mask[j >>> 6] & 1L << j) != 0;
    }

    /** {@code a} and {@code b} in common, or null when nothing. */
    static long[] and(long[] a, long[] b) {
        long[] out = new long[a.length];
        boolean any = false;
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] & b[i];
            any |= out[i] != 0;
        }
        return any ? out : null;
    }
}
