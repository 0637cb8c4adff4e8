package dev.cardinal.engine.opensearch;

import dev.cardinal.model.Layout;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.projection.MappingProjection;
import java.util.List;
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
     * A sample written to a new index under dynamic mapping ({@link DocumentIndexPush#writeSample}) beside the
     * mapping {@code projected} for the same documents: fields as the limit counts them, documents indexed, and
     * documents refused, by the limit and otherwise.
     */
    public static IndexComparison dynamic(Layout layout, String index, MappingProjection projected, DocumentIndexPush.Measured m) {
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
