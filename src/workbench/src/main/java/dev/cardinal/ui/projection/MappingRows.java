package dev.cardinal.ui.projection;

import dev.cardinal.model.Durations;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Quantities;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The projection panel's tables for a document engine (OpenSearch, Elasticsearch): the mapping a layout builds in an
 * index under dynamic mapping, counted as {@code index.mapping.total_fields.limit} counts it, and when that limit
 * refuses the first document.
 */
final class MappingRows {
    private MappingRows() {
    }

    /**
     * @param strictFields the fields of the strict mapping Cardinal generates for the layout (what Push applies), or
     *                     empty for a layout without a fixed mapping
     */
    static List<ProjectionRows.Row> of(MappingProjection m, Duration horizon, OptionalLong strictFields) {
        List<ProjectionRows.Row> rows = new ArrayList<>();
        boolean refusing = m.limitReachedInSample();
        rows.add(new ProjectionRows.Row("documents", Quantities.count(m.documents()), "", false,
            "Documents the layout writes: one per row of the sample, with @timestamp, each tag as a string and each field"
                + " under its key."));
        long atHorizon = m.wantedFieldsAt(horizon.toSeconds());
        rows.add(new ProjectionRows.Row("mapping fields", Quantities.count(m.fields()), Quantities.count(Math.min(atHorizon,
            Math.max(m.fields(), m.limit()))) + (atHorizon > m.limit() ? " (limit)" : ""), refusing || atHorizon > m.limit(),
            "Fields in the index mapping after the sample, as the total-fields limit counts them: objects, leaf fields"
                + " and multi-fields (a string mapped dynamically is text plus .keyword: 2). At the horizon: the fields"
                + " the names would make, at the rate new names arrived in the sample's later half."));
        strictFields.ifPresent(strict -> rows.add(new ProjectionRows.Row("mapping fields, strict template",
            Quantities.count(strict), Quantities.count(strict), strict > m.limit(),
            "Fields of the strict mapping Cardinal generates for this layout (its index template, in the Code tab; what"
                + " Push applies): every key the layout can write is listed, so the index reports this many once the"
                + " template is applied, whatever the traffic. The row above is the same documents under dynamic"
                + " mapping, which maps only the keys the sample uses.")));
        rows.add(new ProjectionRows.Row("objects", Quantities.count(m.objects()), "", false,
            "Object fields: a dotted key a.b makes the object a and the leaf a.b; each object counts 1."));
        rows.add(new ProjectionRows.Row("leaf fields", Quantities.count(m.leaves()), "", false,
            "Fields holding values: long, float, boolean, date, text."));
        rows.add(new ProjectionRows.Row(".keyword multi-fields", Quantities.count(m.multiFields()), "", false,
            "Each string field mapped dynamically gets a .keyword sub-field, which counts toward the limit too; a"
                + " strict mapping that maps it as keyword alone saves one field each."));
        if (m.wantedFields() != m.fields()) {
            rows.add(new ProjectionRows.Row("fields the names want", Quantities.count(m.wantedFields()), "", true,
                "Fields the sample's keys would make without the limit: the index refused the documents that bring the rest."));
        }
        long refused = m.refused().values().stream().mapToLong(Long::longValue).sum();
        rows.add(new ProjectionRows.Row("documents refused", Quantities.count(refused), "", refused > 0, refusedDetail(m)));
        return rows;
    }

    static List<ProjectionRows.LimitRow> limits(MappingProjection m, Duration horizon) {
        long atHorizon = m.wantedFieldsAt(horizon.toSeconds());
        // short enough for the column at 1280x800: the setting's name and the first refused document are in the tooltip
        String limit = m.limit() == Long.MAX_VALUE ? "(none)" : Quantities.count(m.limit());
        String name = "total fields " + limit;
        OptionalDouble s = m.secondsToLimit();
        String breaks = s.isEmpty() ? "never"
            : (m.limitReachedInSample() ? "already (" : "after ")
                + ProjectionRows.shortSpan(Duration.ofSeconds(Math.round(s.getAsDouble())))
                + (m.limitReachedInSample() ? ")" : "");
        boolean alarm = m.limitReachedInSample() || s.isPresent() && s.getAsDouble() <= horizon.toSeconds();
        String detail = "index.mapping.total_fields.limit " + limit + (m.limitReachedInSample()
            ? ", reached in the sample at document " + Quantities.count(m.firstLimitRefusal().document()) : "") + ". "
            + "The index refuses any document that would take its mapping past the limit: "
            + m.whenLimitRefuses() + ". Growth of the fields over the sample: "
            + (m.curveSeconds().length >= 2 ? m.fit().growth().name().toLowerCase(Locale.ROOT).replace('_', ' ') : "closed")
            + "; horizon " + Durations.format(horizon) + ".";
        return List.of(new ProjectionRows.LimitRow(name, Quantities.count(atHorizon), breaks, "", alarm, detail));
    }

    /** The status line: "post in layout “dynamic”: 412 mapping fields of 1,000 in the index, projected to refuse ...". */
    static String status(String eventKind, String layout, MappingProjection m, Duration took) {
        return String.format(Locale.ROOT, "%s in layout “%s”: %s mapping fields of %s in the index, %s (%d ms)", eventKind,
            layout, Quantities.count(m.fields()), m.limit() == Long.MAX_VALUE ? "no limit" : Quantities.count(m.limit()),
            m.whenLimitRefuses(), took.toMillis());
    }

    private static String refusedDetail(MappingProjection m) {
        if (m.refused().isEmpty()) {
            return "Documents the index refuses: none.";
        }
        StringBuilder sb = new StringBuilder("Documents the index refuses:");
        for (var e : m.refused().entrySet()) {
            sb.append(String.format(Locale.ROOT, " %,d %s;", e.getValue(), reason(e.getKey())));
        }
        sb.setLength(sb.length() - 1);
        return sb.append('.').toString();
    }

    private static String reason(DocumentMapping.Refusal r) {
        return switch (r) {
            case TOTAL_FIELDS -> "by the total-fields limit";
            case TYPE -> "for a value their field's type cannot take";
            case DEPTH -> "by the mapping depth limit";
            case NAME -> "for a key the engine cannot map";
        };
    }
}
