package dev.cardinal.projection;

import dev.cardinal.model.Template;
import dev.cardinal.traffic.EventKindSample;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders templates for given rows of a sample, as a writer would: an attribute's value as text (absent renders as
 * empty), and {@code {slot(attr, scope...)}} as the 1-based slot number of the attribute's value among the values
 * seen so far, in file order, for the same scope values. A value past the last of {@code max} slots gets none and
 * the whole template renders as empty text, as the writer does.
 */
final class TemplateText {
    private final SampleIndex index;
    private final Map<Template.SlotRef, int[]> slots = new HashMap<>();

    TemplateText(SampleIndex index) {
        this.index = index;
    }

    String render(Template t, int row) {
        if (t.isLiteral()) {
            return t.literalText();
        }
        StringBuilder sb = new StringBuilder();
        EventKindSample s = index.sample();
        for (Template.Part p : t.parts()) {
            if (p instanceof Template.Literal l) {
                sb.append(l.text());
            } else if (p instanceof Template.Ref r) {
                String v = s.column(attribute(r.attribute())).text(row);
                if (v != null) {
                    sb.append(v);
                }
            } else if (p instanceof Template.SlotRef ref) {
                int slot = slotsOf(ref)[row];
                if (ref.max() > 0 && slot > ref.max()) {
                    return "";
                }
                if (slot > 0) {
                    sb.append(slot);
                }
            }
        }
        return sb.toString();
    }

    /** The attributes a template reads, as attribute indexes (slot scopes included). */
    int[] attributes(Template t) {
        return t.attributes().stream().mapToInt(this::attribute).toArray();
    }

    int attribute(String name) {
        int a = index.sample().attributeIndex(name);
        if (a < 0) {
            throw new IllegalArgumentException("the sample of '" + index.sample().name() + "' has no attribute '" + name + "'");
        }
        return a;
    }

    /** Slot number per row (0 when the attribute is absent), assigned in file order as the writer meets values. */
    private int[] slotsOf(Template.SlotRef ref) {
        return slots.computeIfAbsent(ref, r -> {
            List<String> scope = r.scope();
            int[] scopeAttrs = scope.stream().mapToInt(this::attribute).toArray();
            int valueAttr = attribute(r.attribute());
            int[] withValue = java.util.Arrays.copyOf(scopeAttrs, scopeAttrs.length + 1);
            withValue[scopeAttrs.length] = valueAttr;
            Tuples scopes = Tuples.grouped(index, scopeAttrs, null);
            Tuples pairs = Tuples.grouped(index, withValue, row -> index.id(valueAttr, row) != 0);
            int[] used = new int[scopes.count];
            int[] slotOfPair = new int[pairs.count];
            int[] out = new int[index.rows()];
            for (int row = 0; row < out.length; row++) {
                int pair = pairs.idOfRow[row];
                if (pair == Tuples.SKIPPED) {
                    continue;
                }
                if (slotOfPair[pair] == 0) {
                    slotOfPair[pair] = ++used[scopes.idOfRow[row]];
                }
                out[row] = slotOfPair[pair];
            }
            return out;
        });
    }
}
