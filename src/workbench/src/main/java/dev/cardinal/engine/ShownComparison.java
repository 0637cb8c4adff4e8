package dev.cardinal.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How the engine shows a {@link SampleComparison}.
 *
 * @param verdict one line for a summary, after "written to TARGET: " ({@code 12 mapping fields, as projected})
 * @param json    its node in {@code cardinal apply --write-sample --format json}'s {@code eventKinds}
 * @param text    its lines in the text output
 */
public record ShownComparison(String verdict, ObjectNode json, List<String> text) {
    public ShownComparison {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(json, "json");
        text = List.copyOf(text);
    }

    /** The common way: a table of the rows, then the notes; it matches when not stopped and no row differs. */
    static ShownComparison common(String eventKind, String layout, String written, List<ComparisonRow> rows, List<String> notes,
                                  boolean cancelled) {
        boolean matches = !cancelled && rows.stream().noneMatch(ComparisonRow::differs);
        ObjectNode n = JsonNodeFactory.instance.objectNode().put("name", eventKind).put("layout", layout).put("matches", matches)
            .put("written", written).put("cancelled", cancelled);
        ArrayNode rs = n.putArray("rows");
        rows.forEach(r -> rs.addObject().put("what", r.what()).put("projected", r.projected()).put("measured", r.measured())
            .put("estimate", r.estimate()).put("differs", r.differs()));
        ArrayNode ns = n.putArray("notes");
        notes.forEach(ns::add);
        List<String> text = new ArrayList<>();
        text.add("");
        text.add(String.format(Locale.ROOT, "%s, layout %s: %s", eventKind, layout, written));
        text.add(String.format(Locale.ROOT, "  %-64s %14s %14s", "", "projected", "measured"));
        rows.forEach(r -> text.add(String.format(Locale.ROOT, "  %-64s %,14d %,14d%s", r.what(), r.projected(), r.measured(),
            r.measured() == r.projected() ? "" : "   <- " + r.difference())));
        notes.forEach(note -> text.add("  note: " + note));
        text.add(cancelled ? "  stopped as asked: nothing was read back"
            : matches ? "  the server holds what was projected" : "  the server's numbers DIFFER from the projection");
        String verdict = written + "; " + (matches ? "as projected" : "NOT as projected")
            + (notes.isEmpty() ? "" : " (" + notes.get(0) + ")");
        return new ShownComparison(verdict, n, text);
    }
}
