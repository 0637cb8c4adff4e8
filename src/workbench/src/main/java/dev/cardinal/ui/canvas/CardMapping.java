package dev.cardinal.ui.canvas;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Template;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Quantities;
import java.util.ArrayList;
import java.util.List;

/** The foot of a card for a document engine: the mapping the layout builds in an index, and its slots. */
final class CardMapping {
    private CardMapping() {
    }

    /**
     * "Index mapping: 412 fields of 1,000 (1 object, 205 leaves, 206 .keyword) · refuses writes after 3.2 d", and
     * "strict template: 52 fields, whatever the traffic" for a layout with a fixed mapping ({@code strictFields}),
     * "slots: at most 50 per tenant, one per metric" for each field whose key uses slots.
     */
    static String text(Layout layout, MappingProjection m, java.util.OptionalLong strictFields) {
        StringBuilder sb = new StringBuilder("Index mapping: ").append(Quantities.count(m.fields())).append(" fields");
        if (m.limit() != Long.MAX_VALUE) {
            sb.append(" of ").append(Quantities.count(m.limit()));
        }
        sb.append(" (").append(plural(m.objects(), "object")).append(", ").append(plural(m.leaves(), "lea", "f", "ves"))
            .append(", ").append(Quantities.count(m.multiFields())).append(" .keyword)");
        sb.append("\nlimit: ").append(m.whenLimitRefuses());
        strictFields.ifPresent(n -> sb.append("\nstrict template: ").append(Quantities.count(n)).append(" fields, whatever the traffic"));
        for (String slot : slots(layout)) {
            sb.append("\nslots: ").append(slot);
        }
        return sb.toString();
    }

    /** "at most 50 per tenant, one per metric", per slot reference in a field's key. */
    static List<String> slots(Layout layout) {
        List<String> out = new ArrayList<>();
        for (FieldSpec f : layout.fields()) {
            for (Template.Part p : f.key().parts()) {
                if (p instanceof Template.SlotRef ref) {
                    out.add((ref.max() > 0 ? "at most " + Quantities.count(ref.max()) : "unbounded") + " per "
                        + (ref.scope().isEmpty() ? "index" : String.join(" and ", ref.scope())) + ", one per "
                        + ref.attribute());
                }
            }
        }
        return out;
    }

    private static String plural(long n, String one) {
        return Quantities.count(n) + " " + one + (n == 1 ? "" : "s");
    }

    private static String plural(long n, String stem, String one, String many) {
        return Quantities.count(n) + " " + stem + (n == 1 ? one : many);
    }
}
