package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.engine.DynamicIndex;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.engine.ShownComparison;
import dev.cardinal.model.Layout;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.projection.MappingProjection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A layout's sample written to an index, and what the engine reports beside what Cardinal projected, row by row:
 * the one comparison the command line and the workbench print for a document target.
 *
 * @param refusals the engine's reasons for the first documents it refused ({@code document N: type: reason}), in
 *                 the order met; empty when it took them all
 */
public record IndexComparison(Layout layout, String index, List<Row> rows, List<String> refusals) {
    public IndexComparison {
        rows = List.copyOf(rows);
        refusals = List.copyOf(refusals);
    }

    /** One number, projected and as the engine reports it. */
    public record Row(String what, long projected, long measured) {
        public boolean differs() {
            return projected != measured;
        }
    }

    /** True when the engine reports exactly what was projected. */
    public boolean matches() {
        return rows.stream().noneMatch(Row::differs);
    }

    /**
     * As {@code cardinal apply --write-sample} and the Push tab show it.
     *
     * @param refusal what the first of {@link #refusals} is, for a summary ({@code first refusal})
     */
    public SampleComparison shown(String eventKind, String refusal) {
        ObjectNode n = JsonNodeFactory.instance.objectNode().put("name", eventKind).put("layout", layout.id())
            .put("index", index).put("matches", matches());
        ArrayNode rs = n.putArray("rows");
        rows.forEach(r -> rs.addObject().put("what", r.what()).put("projected", r.projected()).put("measured", r.measured()));
        ArrayNode refused = n.putArray("refusals");
        refusals.forEach(refused::add);
        String written = "the sample written to index " + index + " with _bulk";
        List<String> text = new ArrayList<>();
        text.add("");
        text.add(String.format(Locale.ROOT, "%s, layout %s: %s", eventKind, layout.id(), written));
        text.add(String.format(Locale.ROOT, "  %-48s %14s %14s", "", "projected", "measured"));
        rows.forEach(r -> text.add(String.format(Locale.ROOT, "  %-48s %,14d %,14d%s", r.what(), r.projected(), r.measured(),
            r.differs() ? "   <- differs" : "")));
        refusals.forEach(r -> text.add("  refused: " + r));
        text.add(matches() ? "  the index holds what was projected" : "  the index's numbers DIFFER from the projection");
        String verdict = dev.cardinal.projection.Quantities.count(rows.get(0).measured()) + " mapping fields, "
            + (matches() ? "as projected" : "NOT as projected") + (refusals.isEmpty() ? "" : "; " + refusal + ": " + refusals.get(0));
        List<ComparisonRow> seam = rows.stream().map(r -> ComparisonRow.exact(r.what(), r.projected(), r.measured()))
            .toList();
        return new SampleComparison(eventKind, layout.id(), written, seam, refusals, false, matches(), null, null,
            new ShownComparison(verdict, n, text));
    }

    /**
     * A sample written to a new index under dynamic mapping ({@link DocumentIndexPush#writeSample}) beside the
     * mapping {@code projected} for the same documents: fields as the limit counts them, documents indexed, and
     * documents refused, by the limit and otherwise.
     */
    public static IndexComparison dynamic(Layout layout, String index, MappingProjection projected, DynamicIndex.Measured m) {
        long refusedOther = projected.refused().entrySet().stream().filter(e -> e.getKey() != DocumentMapping.Refusal.TOTAL_FIELDS)
            .mapToLong(Map.Entry::getValue).sum();
        long refusedByLimit = projected.refused().getOrDefault(DocumentMapping.Refusal.TOTAL_FIELDS, 0L);
        List<Row> rows = List.of(
            new Row("mapping fields (objects + leaves + multi-fields)", projected.fields(), m.fields()),
            new Row("documents indexed", projected.documents() - refusedByLimit - refusedOther, m.indexed()),
            new Row("documents refused by the total-fields limit", refusedByLimit, m.refusedByLimit()),
            new Row("first document the limit refused", projected.firstLimitRefusal() == null ? 0
                : projected.firstLimitRefusal().document(), m.firstLimitRefusal()),
            new Row("documents refused otherwise", refusedOther, m.refusedOther()));
        return new IndexComparison(layout, index, rows, m.firstOtherReason() == null ? List.of() : List.of(m.firstOtherReason()));
    }
}
