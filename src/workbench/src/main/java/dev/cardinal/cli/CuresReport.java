package dev.cardinal.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.opensearch.MappingCures;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

/** The cures table of {@code cardinal analyze --kind opensearch}: each cure for the mapping explosion, side by side. */
final class CuresReport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private CuresReport() {
    }

    static void json(List<MappingCures.Row> cures, ObjectNode into) {
        ArrayNode array = into.putArray("cures");
        for (MappingCures.Row r : cures) {
            ObjectNode o = array.addObject();
            o.put("cure", r.cure());
            o.put("engine", r.engine());
            o.put("openSearch", r.openSearch());
            o.put("fields", r.fields());
            o.put("refused", r.refused());
            o.put("ignoredFields", r.ignoredFields());
            o.put("documentsWithIgnored", r.documentsWithIgnored());
            o.put("queries", r.queries());
            o.put("note", r.note());
            o.put("source", r.source());
            try {
                o.set("template", r.template() == null ? null : JSON.readTree(r.template()));
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    static void text(MappingCures.Table table, long limit, PrintWriter out) {
        List<MappingCures.Row> cures = table.rows();
        String object = table.object();
        if (cures.isEmpty()) {
            return;
        }
        out.printf(Locale.ROOT, "  cures%s, against the limit of %,d:%n", object == null ? " (the names are at the top"
            + " level: no object to cure)" : " for the names under " + CommentText.shown(object), limit);
        out.printf(Locale.ROOT, "    %-28s %-26s %9s %9s %17s  %s%n", "cure", "engine", "fields", "refused",
            "ignored (docs)", "OpenSearch 2.19.6");
        for (MappingCures.Row r : cures) {
            out.printf(Locale.ROOT, "    %-28s %-26s %,9d %,9d %17s  %s%n", r.cure(), r.engine(), r.fields(), r.refused(),
                String.format(Locale.ROOT, "%,d (%,d)", r.ignoredFields(), r.documentsWithIgnored()), r.openSearch());
        }
        for (MappingCures.Row r : cures) {
            out.printf(Locale.ROOT, "    %s: %s%s%n", r.cure(), CommentText.shown(r.queries()),
                r.note().isEmpty() ? "" : "; " + CommentText.shown(r.note()));
        }
    }
}
