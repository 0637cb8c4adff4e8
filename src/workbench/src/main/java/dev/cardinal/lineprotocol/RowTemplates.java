package dev.cardinal.lineprotocol;

import dev.cardinal.model.Template;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.EventKindSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders templates row by row. Slot numbers depend on every row before, so one instance serves one pass over
 * the rows in order; rendering the same row twice is fine (a value keeps its slot). Public for the engines that
 * turn rows into their own points (Prometheus' series), so that every engine renders a template alike.
 */
public final class RowTemplates {
    private final EventKindSample sample;
    /** Per slot reference: scope values → (value → 1-based slot). */
    private final Map<Template.SlotRef, Map<List<String>, Map<String, Integer>>> slots = new HashMap<>();
    private final Map<String, Column> columns = new HashMap<>();

    public RowTemplates(EventKindSample sample) {
        this.sample = sample;
    }

    /** The template's text for a row; an absent attribute (or one the sample lacks) renders as "". */
    public String render(Template t, int row) {
        List<Template.Part> parts = t.parts();
        if (parts.size() == 1 && parts.get(0) instanceof Template.Literal l) {
            return l.text();
        }
        StringBuilder sb = new StringBuilder();
        for (Template.Part p : parts) {
            if (p instanceof Template.Literal l) {
                sb.append(l.text());
            } else if (p instanceof Template.Ref r) {
                sb.append(textOrEmpty(r.attribute(), row));
            } else if (p instanceof Template.SlotRef s) {
                String slot = slot(s, row);
                if (slot == null) {
                    return "";
                }
                sb.append(slot);
            }
        }
        return sb.toString();
    }

    /**
     * The slot of the row's value among the distinct values seen so far for the same scope values, in row order.
     * An absent value has no slot and renders as "". A new value when all {@code max} slots of its scope are taken
     * gets none: {@code null}, and the whole template renders as "" (no key can be empty).
     */
    private String slot(Template.SlotRef s, int row) {
        String value = text(s.attribute(), row);
        if (value == null) {
            return "";
        }
        // Arrays.asList keeps nulls, so an absent scope attribute is its own scope, distinct from "".
        String[] scope = new String[s.scope().size()];
        for (int i = 0; i < scope.length; i++) {
            scope[i] = text(s.scope().get(i), row);
        }
        Map<String, Integer> seen = slots.computeIfAbsent(s, k -> new HashMap<>())
            .computeIfAbsent(new ArrayList<>(Arrays.asList(scope)), k -> new HashMap<>());
        Integer n = seen.get(value);
        if (n == null) {
            if (s.max() > 0 && seen.size() >= s.max()) {
                return null;
            }
            n = seen.size() + 1;
            seen.put(value, n);
        }
        return Integer.toString(n);
    }

    private String textOrEmpty(String attribute, int row) {
        String t = text(attribute, row);
        return t == null ? "" : t;
    }

    /** {@link Column#text(int)} of the attribute, {@code null} when absent in the row or unknown to the sample. */
    String text(String attribute, int row) {
        Column c = column(attribute);
        return c == null ? null : c.text(row);
    }

    public Column column(String attribute) {
        return columns.computeIfAbsent(attribute, a -> {
            int i = sample.attributeIndex(a);
            return i < 0 ? null : sample.column(i);
        });
    }
}
