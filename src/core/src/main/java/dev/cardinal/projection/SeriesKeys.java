package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.traffic.IdColumn;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.datasketches.hll.HllSketch;

/**
 * The identity of a row's series as a sketch key, computed without a map of all series. A plain layout (literal
 * measurement, every tag one attribute) keys on the tuple of value ids: packed into one long when their ids fit in
 * 64 bits, else an int array. A templated layout keys on text built like the exact measurer's series key, with
 * templates rendered and plain tags written as their value id, so the key is equal exactly when the series is.
 */
final class SeriesKeys {
    private enum Kind { PACKED, INTS, TEXT }

    /** Tags sharing one key: the last spec with a non-empty value wins, as in a map of key to value. */
    private record TagGroup(String key, List<TagSpec> specs, IdColumn plainIds) {
    }

    private final TemplateText text;
    private final Template measurement;
    private final Kind kind;
    private final IdColumn[] columns;
    private final int[] shifts;
    private final int[] ints;
    private final List<TagGroup> groups = new ArrayList<>();
    private final StringBuilder sb = new StringBuilder();
    private long packed;
    private byte[] bytes;

    SeriesKeys(SampleIndex index, TemplateText text, Layout layout) {
        this.text = text;
        this.measurement = layout.measurement();
        boolean plain = measurement.isLiteral() && layout.tags().stream().allMatch(t -> t.value().singleRef().isPresent());
        if (plain) {
            Set<String> names = new LinkedHashSet<>();
            layout.tags().forEach(t -> names.add(t.value().singleRef().get()));
            int[] attrs = names.stream().mapToInt(text::attribute).toArray();
            columns = new IdColumn[attrs.length];
            shifts = new int[attrs.length];
            int bits = 0;
            for (int j = 0; j < attrs.length; j++) {
                columns[j] = index.ids(attrs[j]);
                shifts[j] = Tuples.bitsFor(index.distinct(attrs[j]));
                bits += shifts[j];
            }
            kind = bits <= 64 ? Kind.PACKED : Kind.INTS;
            ints = new int[attrs.length];
            return;
        }
        kind = Kind.TEXT;
        columns = null;
        shifts = null;
        ints = null;
        Map<String, List<TagSpec>> byKey = new TreeMap<>();
        layout.tags().forEach(t -> byKey.computeIfAbsent(t.key(), k -> new ArrayList<>()).add(t));
        byKey.forEach((key, specs) -> {
            // a lone plain tag keys on its value id (a bijection with its text); mixed groups compare rendered text
            IdColumn plainIds = specs.size() == 1 && specs.get(0).value().singleRef().isPresent()
                ? index.ids(text.attribute(specs.get(0).value().singleRef().get())) : null;
            groups.add(new TagGroup(key, specs, plainIds));
        });
    }

    /** Computes the key of {@code row}'s series; {@code measurementName} is the row's rendered measurement. */
    void prepare(int row, String measurementName) {
        switch (kind) {
            case PACKED -> {
                long key = 0;
                for (int j = 0; j < columns.length; j++) {
                    key = (key << shifts[j]) | columns[j].get(row);
                }
                packed = key;
            }
            case INTS -> {
                for (int j = 0; j < columns.length; j++) {
                    ints[j] = columns[j].get(row);
                }
            }
            case TEXT -> bytes = textKey(row, measurementName).getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Adds the prepared key to a sketch. */
    void into(HllSketch sketch) {
        switch (kind) {
            case PACKED -> sketch.update(packed);
            case INTS -> sketch.update(ints);
            case TEXT -> sketch.update(bytes);
        }
    }

    private String textKey(int row, String measurementName) {
        sb.setLength(0);
        if (!measurement.isLiteral()) {
            sb.append(measurementName);
        }
        for (TagGroup g : groups) {
            if (g.plainIds != null) {
                int id = g.plainIds.get(row);
                if (id != 0) {
                    sb.append('\u0000').append(g.key).append('\u0001').append(id);
                }
                continue;
            }
            for (int s = g.specs.size() - 1; s >= 0; s--) {
                String v = text.render(g.specs.get(s).value(), row);
                if (!v.isEmpty()) {
                    sb.append('\u0000').append(g.key).append('\u0002').append(v);
                    break;
                }
            }
        }
        return sb.toString();
    }
}
