package dev.cardinal.spark;

import dev.cardinal.model.Layout;
import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The numbers the job counts under, made on the driver once the first read has found every event kind's attributes:
 * each attribute's values, each tag value template's combinations and values, each covered layout's series (over all,
 * per shard group) and the sketches of values and series. A key is then a slot number and the 128-bit hash of its
 * value ({@link KeyFacts}), never a string; the numbering follows the kinds by name and their attributes in the order
 * the input first shows them, so it is the same however the input is cut into partitions.
 */
final class Slots implements Serializable {
    private static final long serialVersionUID = 1L;

    /** What a slot counts. */
    static final byte VALUE = 0;
    static final byte COMBINATION = 1;
    static final byte TAG_VALUE = 2;
    static final byte SERIES = 3;
    /** A covered layout's series per shard group: the key's {@code extra} is the group. */
    static final byte SERIES_GROUP = 4;
    /** A sketch of values or series: the key's {@code extra} is the day bucket, its first hash the coupon. */
    static final byte SKETCH = 5;

    /** One event kind's slots. */
    static final class Kind implements Serializable {
        private static final long serialVersionUID = 1L;
        final Map<String, Integer> value = new HashMap<>();
        final Map<String, Integer> valueSketch = new HashMap<>();
        /** Per tag value template: its combinations' slot; -1 for a template of one attribute (its values count). */
        int[] combination;
        /** Per tag value template, per word of the covered layouts' mask: the slot of its values as written. */
        int[][] tagValue;
        int[] series;
        int[] seriesGroups;
        int[] seriesSketch;
    }

    final Map<String, Kind> kinds = new HashMap<>();
    private byte[] types = new byte[0];
    /** Per slot: the checkpoint intervals its first-seen counts have (0 where it has none). */
    private int[] intervals = new int[0];

    /**
     * The slots of {@code attributes} (per kind, its attribute names) and of each kind's covered layouts; a kind's
     * first-seen counts have the checkpoint intervals of its rows, a layout's series those of its points.
     */
    Slots(Map<String, List<String>> attributes, Map<String, List<Layout>> coverage, Checkpoints cp) {
        new java.util.TreeMap<>(attributes).forEach((name, attrs) -> {
            Kind k = new Kind();
            int rows = cp.kinds.get(name).positions.length;
            for (String a : attrs) {
                k.value.put(a, slot(VALUE, rows));
                k.valueSketch.put(a, slot(SKETCH, 0));
            }
            List<Layout> covered = coverage.getOrDefault(name, List.of());
            Map<String, List<int[]>> byPattern = RowKeys.byPattern(covered);
            k.combination = new int[byPattern.size()];
            k.tagValue = new int[byPattern.size()][];
            int p = 0;
            for (Map.Entry<String, List<int[]>> e : byPattern.entrySet()) {
                int[] pair = e.getValue().get(0);
                boolean single = covered.get(pair[0]).tags().get(pair[1]).value().attributes().size() == 1;
                k.combination[p] = single ? -1 : slot(COMBINATION, rows);
                k.tagValue[p] = new int[RowKeys.masks(covered.size())];
                for (int w = 0; w < k.tagValue[p].length; w++) {
                    k.tagValue[p][w] = slot(TAG_VALUE, 0);
                }
                p++;
            }
            Checkpoints.Group[] points = cp.layouts.get(name);
            k.series = new int[covered.size()];
            k.seriesGroups = new int[covered.size()];
            k.seriesSketch = new int[covered.size()];
            for (int j = 0; j < covered.size(); j++) {
                k.series[j] = slot(SERIES, points[j] == null ? 0 : points[j].positions.length);
                k.seriesGroups[j] = slot(SERIES_GROUP, 0);
                k.seriesSketch[j] = slot(SKETCH, 0);
            }
            kinds.put(name, k);
        });
    }

    private int slot(byte type, int checkpointIntervals) {
        int n = types.length;
        types = java.util.Arrays.copyOf(types, n + 1);
        intervals = java.util.Arrays.copyOf(intervals, n + 1);
        types[n] = type;
        intervals[n] = checkpointIntervals;
        return n;
    }

    int size() {
        return types.length;
    }

    byte type(int slot) {
        return types[slot];
    }

    int intervals(int slot) {
        return intervals[slot];
    }
}
