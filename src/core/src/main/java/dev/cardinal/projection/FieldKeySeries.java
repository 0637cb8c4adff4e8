package dev.cardinal.projection;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * For a server whose series key holds the field key (InfluxDB Cloud, TSM: measurement, tag set and field), a layout as
 * layouts whose series are its (series, field key) pairs: one per field key it writes, with only that field (a row
 * makes such a point only where the field is present), and the key as a tag when a template renders it. Literal
 * fields of one key go together, so each pair is counted once; two templates that render the same key for one
 * series would be counted twice, a layout no server could tell apart from its own mistake.
 */
public final class FieldKeySeries {
    private FieldKeySeries() {
    }

    public static List<Layout> variants(Layout layout) {
        Map<String, List<FieldSpec>> literal = new LinkedHashMap<>();
        List<Layout> variants = new ArrayList<>();
        for (FieldSpec f : layout.fields()) {
            if (f.key().isLiteral()) {
                literal.computeIfAbsent(f.key().literalText(), k -> new ArrayList<>()).add(f);
            } else {
                List<TagSpec> tags = new ArrayList<>(layout.tags());
                tags.add(new TagSpec(freeTagKey(layout), f.key()));
                variants.add(layout.withFields(List.of(f)).withTags(tags));
            }
        }
        literal.values().forEach(fs -> variants.add(layout.withFields(fs)));
        return variants;
    }

    /** {@code _field} (InfluxDB's own name for it in Flux), or with more underscores when the layout has such a tag. */
    private static String freeTagKey(Layout layout) {
        List<String> keys = layout.tags().stream().map(TagSpec::key).toList();
        String key = "_field";
        while (keys.contains(key)) {
            key = "_" + key;
        }
        return key;
    }
}
