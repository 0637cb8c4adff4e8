package dev.cardinal.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.Durations;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.MappingType;
import dev.cardinal.push.DocumentIndexPush;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/** {@code cardinal analyze --kind opensearch}: what an index does with each document sample, as text or JSON. */
final class MappingReport {
    static final String LIMIT_ID = "elasticsearch-total-fields";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One event kind's documents (one file) and what the index makes of them. */
    record Kind(String name, String file, MappingProjection projection) {
    }

    private MappingReport() {
    }

    static String json(List<Kind> kinds, Duration horizon, DocumentIndexPush.Measured measured) {
        ObjectNode root = JSON.createObjectNode();
        root.put("engine", "OpenSearch / Elasticsearch (dynamic mapping; rules checked on OpenSearch 2.19.6)");
        ArrayNode array = root.putArray("eventKinds");
        for (Kind k : kinds) {
            MappingProjection p = k.projection();
            ObjectNode o = array.addObject();
            o.put("name", k.name());
            o.put("file", k.file());
            o.put("documents", p.documents());
            ObjectNode mapping = o.putObject("mapping");
            mapping.put("fields", p.fields());
            mapping.put("objects", p.objects());
            mapping.put("leaves", p.leaves());
            mapping.put("multiFields", p.multiFields());
            mapping.put("wantedFields", p.wantedFields());
            ObjectNode paths = mapping.putObject("paths");
            new TreeMap<>(p.mapping()).forEach((path, t) -> paths.put(path, t.engineName()));
            ObjectNode refused = o.putObject("refused");
            for (DocumentMapping.Refusal r : DocumentMapping.Refusal.values()) {
                refused.put(r.name().toLowerCase(Locale.ROOT).replace('_', '-'), p.refused().getOrDefault(r, 0L));
            }
            ArrayNode findings = o.putArray("findings");
            for (MappingProjection.FieldIssue f : p.truncations()) {
                finding(findings, "opensearch-fraction-truncated", "warning", f);
            }
            for (MappingProjection.FieldIssue f : p.typeRefusals()) {
                finding(findings, "opensearch-value-refused", "error", f);
            }
            String named = userNamedKeys(p, horizon);
            if (named != null) {
                ObjectNode f = findings.addObject();
                f.put("rule", USER_NAMED_KEYS);
                f.put("severity", p.limitReachedInSample() ? "error" : "warning");
                f.put("subject", subject(p));
                f.put("message", named);
                f.put("fix", fix(p, horizon));
            }
            if (p.slots() != null) {
                MappingProjection.Slots sl = p.slots();
                ObjectNode slots = o.putObject("slots");
                slots.put("tenantKey", sl.tenantKey());
                slots.put("object", sl.object());
                slots.put("tenants", sl.tenants());
                slots.put("distinctNames", sl.distinctNames());
                slots.put("mostNamesOneTenant", sl.mostNames());
                slots.put("tenant", sl.busiest());
                slots.put("growth", sl.fit().growth().name().toLowerCase(Locale.ROOT));
                slots.put("horizon", Durations.format(horizon));
                slots.put("slotsToProvision", sl.toProvision(horizon.toSeconds()));
            }
            if (measured != null) {
                ObjectNode m = o.putObject("measured");
                m.put("fields", measured.fields());
                m.put("indexed", measured.indexed());
                m.put("refusedByLimit", measured.refusedByLimit());
                m.put("refusedOther", measured.refusedOther());
                m.put("firstLimitRefusal", measured.firstLimitRefusal());
            }
            ObjectNode projection = o.putObject("projection");
            ArrayNode limits = projection.putArray("timeToLimit");
            ObjectNode l = limits.addObject();
            l.put("id", LIMIT_ID);
            l.put("limit", p.limit());
            OptionalDouble seconds = p.secondsToLimit();
            if (seconds.isPresent()) {
                l.put("seconds", seconds.getAsDouble());
            } else {
                l.putNull("seconds");
            }
            l.put("observed", p.limitReachedInSample());
            if (p.firstLimitRefusal() != null) {
                l.put("document", p.firstLimitRefusal().document());
                l.put("line", p.firstLimitRefusal().line());
            }
            l.put("subject", subject(p));
            l.put("growth", p.curveSeconds().length >= 2 ? p.fit().growth().name().toLowerCase(Locale.ROOT) : "closed");
        }
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void finding(ArrayNode findings, String rule, String severity, MappingProjection.FieldIssue f) {
        ObjectNode o = findings.addObject();
        o.put("rule", rule);
        o.put("severity", severity);
        o.put("subject", f.path());
        o.put("message", f.message());
        o.put("documents", f.documents());
        o.put("firstLine", f.firstLine());
    }

    static void text(List<Kind> kinds, Duration horizon, DocumentIndexPush.Measured measured, PrintWriter out) {
        for (Kind k : kinds) {
            MappingProjection p = k.projection();
            out.printf(Locale.ROOT, "%s (%s): %,d documents%n", k.name(), k.file(), p.documents());
            out.printf(Locale.ROOT, "  mapping: %,d fields toward the limit of %,d (%,d objects, %,d leaves, %,d .keyword"
                + " multi-fields); the names would make %,d%n", p.fields(), p.limit(), p.objects(), p.leaves(),
                p.multiFields(), p.wantedFields());
            out.printf(Locale.ROOT, "  %s: %s (%s)%n", LIMIT_ID, p.whenLimitRefuses(), subject(p));
            p.refused().forEach((r, n) -> out.printf(Locale.ROOT, "  refused: %,d documents (%s)%n", n,
                r.name().toLowerCase(Locale.ROOT).replace('_', ' ')));
            if (measured != null) {
                out.printf(Locale.ROOT, "  measured on the engine: %,d fields (projected %,d); %,d documents indexed,"
                    + " %,d refused by the limit (projected %,d), the first at document %d (projected %s), %,d refused"
                    + " otherwise (projected %,d)%n", measured.fields(), p.fields(), measured.indexed(),
                    measured.refusedByLimit(), p.refused().getOrDefault(DocumentMapping.Refusal.TOTAL_FIELDS, 0L),
                    measured.firstLimitRefusal(), p.firstLimitRefusal() == null ? "none"
                        : String.valueOf(p.firstLimitRefusal().document()), measured.refusedOther(),
                    p.refused().entrySet().stream().filter(e -> e.getKey() != DocumentMapping.Refusal.TOTAL_FIELDS)
                        .mapToLong(Map.Entry::getValue).sum());
            }
            if (p.slots() != null) {
                MappingProjection.Slots sl = p.slots();
                out.printf(Locale.ROOT, "  slots: %,d tenants (%s) put %,d names under %s, at most %,d one tenant (%s),"
                    + " %s; provision %,d slots per tenant for %s%n", sl.tenants(), sl.tenantKey(), sl.distinctNames(),
                    sl.object(), sl.mostNames(), sl.busiest(), sl.fit().growth().name().toLowerCase(Locale.ROOT),
                    sl.toProvision(horizon.toSeconds()), Durations.format(horizon));
            }
            String named = userNamedKeys(p, horizon);
            if (named != null) {
                out.printf(Locale.ROOT, "  %s: [%s] %s%n    fix: %s%n", USER_NAMED_KEYS, subject(p), named, fix(p, horizon));
            }
            for (MappingProjection.FieldIssue f : p.truncations()) {
                out.printf(Locale.ROOT, "  warning: [%s] %s (%,d documents, first at line %d)%n", f.path(), f.message(),
                    f.documents(), f.firstLine());
            }
            for (MappingProjection.FieldIssue f : p.typeRefusals()) {
                out.printf(Locale.ROOT, "  error: %s (%,d documents, first at line %d)%n", f.message(), f.documents(),
                    f.firstLine());
            }
        }
    }

    static final String USER_NAMED_KEYS = "opensearch-dynamic-user-named-keys";

    /** The finding that names keep arriving as fields under dynamic mapping, or null when they do not. */
    static String userNamedKeys(MappingProjection p, Duration horizon) {
        if (p.curveSeconds().length < 3 || p.fit().growth() != dev.cardinal.projection.Growth.GROWS) {
            return null;
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "dynamic mapping turns names into fields, and"
            + " they keep arriving: %,d fields wanted by %,d documents (%s)", p.wantedFields(), p.documents(),
            p.fit().evidence()));
        if (p.slots() != null) {
            sb.append(String.format(Locale.ROOT, "; %,d tenants name %,d keys under %s, at most %,d each",
                p.slots().tenants(), p.slots().distinctNames(), p.slots().object(), p.slots().mostNames()));
        }
        return sb.toString();
    }

    private static String fix(MappingProjection p, Duration horizon) {
        String slots = p.slots() == null ? "a fixed set of slots per tenant (give --tenant KEY for how many)"
            : p.slots().toProvision(horizon.toSeconds()) + " slots per tenant under " + p.slots().object()
            + " (for " + Durations.format(horizon) + ")";
        return slots + " with a strict mapping and the slot tables translating names, or one flat_object (OpenSearch)"
            + " / flattened (Elasticsearch) field for the named values";
    }

    /** The object holding the most fields: where the names that grow the mapping go ({@code metrics}). */
    static String subject(MappingProjection p) {
        Map<String, Integer> children = new HashMap<>();
        for (Map.Entry<String, MappingType> e : p.mapping().entrySet()) {
            int dot = e.getKey().lastIndexOf('.');
            children.merge(dot < 0 ? "(top level)" : e.getKey().substring(0, dot), 1, Integer::sum);
        }
        return children.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue()
            .thenComparing(Map.Entry.comparingByKey())).map(Map.Entry::getKey).orElse("(top level)");
    }
}
