package dev.cardinal.engine.influxdb3;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.SampleAttribute;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Names a layout writes as a tag and as a field of the same table. InfluxDB 3 gives a column one type when it is first
 * written and refuses every later line that writes the name with another ({@code column_or_create} in
 * {@code influxdb3_catalog/src/catalog/versions/v2/update.rs} at v3.9.6); a line writes its tags before its fields
 * ({@code validate_and_qualify_v1_line} in {@code influxdb3_write/src/write_buffer/validator.rs}), so a line carrying
 * both makes the tag and is refused for the field, and so is every line after it.
 */
final class Clashes {
    private Clashes() {
    }

    /**
     * The layout's clashes over the sample's rows: a literal field key equal to a tag key, and a templated field key
     * whose value in some row is a tag key (data in field keys can spell one).
     */
    static List<Clash> of(Layout layout, EventKindSample sample) {
        Map<String, TagSpec> tags = new LinkedHashMap<>();
        layout.tags().forEach(t -> tags.put(t.key(), t));
        List<Clash> out = new ArrayList<>();
        for (FieldSpec f : layout.fields()) {
            Optional<SampleAttribute> attribute = sample.attribute(f.attribute());
            if (attribute.isEmpty()) {
                continue;
            }
            Column field = sample.column(f.attribute());
            Map<String, Long> refused = new LinkedHashMap<>();
            for (int row = 0; row < sample.rows(); row++) {
                if (!field.present(row)) {
                    continue;
                }
                String key = f.key().isLiteral() ? f.key().literalText() : text(f.key(), sample, row);
                TagSpec tag = key == null ? null : tags.get(key);
                if (tag != null && written(tag.value(), sample, row)) {
                    refused.merge(key, 1L, Long::sum);
                }
            }
            refused.forEach((key, rows) -> out.add(new Clash(key, tags.get(key).value().toString(), f.attribute(),
                attribute.get().type(), rows)));
        }
        return out;
    }

    /**
     * Keys the traffic as read carries as a tag in some lines and as a field in others: the reader keeps them apart
     * as two attributes with one key ({@link SampleAttribute#key()}), the server would not.
     */
    static List<String> inTraffic(EventKindSample sample) {
        List<String> keys = new ArrayList<>();
        for (SampleAttribute tag : sample.attributes()) {
            if (tag.arrivedAsTag() && sample.attributes().stream()
                .anyMatch(f -> !f.arrivedAsTag() && f.key().equals(tag.key()) && !keys.contains(tag.key()))) {
                keys.add(tag.key());
            }
        }
        return keys;
    }

    /** A template's text in a row, or null when a part of it is absent or is a slot (numbered per entity elsewhere). */
    private static String text(Template t, EventKindSample sample, int row) {
        StringBuilder b = new StringBuilder();
        for (Template.Part p : t.parts()) {
            if (p instanceof Template.Literal l) {
                b.append(l.text());
            } else if (p instanceof Template.Ref r && sample.attribute(r.attribute()).isPresent()
                && sample.column(r.attribute()).present(row)) {
                b.append(sample.column(r.attribute()).text(row));
            } else {
                return null;
            }
        }
        return b.toString();
    }

    private static boolean written(Template value, EventKindSample sample, int row) {
        return value.attributes().stream().allMatch(a -> sample.attribute(a).isPresent() && sample.column(a).present(row));
    }
}
