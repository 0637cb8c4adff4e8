package dev.cardinal.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.DynamicIndex;
import dev.cardinal.engine.opensearch.MappingCures;
import dev.cardinal.lint.Finding;
import dev.cardinal.model.Durations;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.LimitForecast;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.ProjectionSettings;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/** {@code cardinal analyze --kind opensearch}: what an index does with each document sample, as text or JSON. */
final class MappingReport {
    static final String LIMIT_ID = "elasticsearch-total-fields";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The total-fields limit documents are counted toward: the chosen server's, or the engine's default. */
    static long limit(ProjectionSettings settings) {
        return settings.limits().stream().filter(l -> l.id().equals(LIMIT_ID)).findFirst().map(Limit::value)
            .orElse(DocumentMapping.DEFAULT_TOTAL_FIELDS);
    }

    /** One event kind's documents (one file), what the index makes of them, and the document rules' findings. */
    record Kind(String name, String file, MappingProjection projection, List<Finding> findings,
                MappingCures.Table cures) {
    }

    private MappingReport() {
    }

    static String json(List<Kind> kinds, Duration horizon, DynamicIndex.Measured measured) {
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
            k.findings().forEach(f -> findings.add(LintCommand.finding(f)));
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
            if (!k.cures().rows().isEmpty()) {
                o.put("curesObject", k.cures().object());
                CuresReport.json(k.cures().rows(), o);
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
            if (p.tenantForecast() != null) {
                // the forecast from tenants (--tenant): its range, and why there is no number when the sample cannot tell
                LimitForecast f = p.tenantForecast();
                ObjectNode range = l.putObject("range");
                putSeconds(range, "low", f.low());
                putSeconds(range, "high", f.high());
                range.put("tenants", f.tenants());
                range.put("cannotTell", f.cannotTell());
            }
            l.put("subject", p.busiestObject());
            l.put("growth", p.curveSeconds().length >= 2 ? p.fit().growth().name().toLowerCase(Locale.ROOT) : "closed");
        }
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Seconds, or null for a time the forecast cannot give (never reached, or the sample cannot tell). */
    private static void putSeconds(ObjectNode o, String key, double seconds) {
        if (Double.isFinite(seconds)) {
            o.put(key, seconds);
        } else {
            o.putNull(key);
        }
    }

    static void text(List<Kind> kinds, Duration horizon, DynamicIndex.Measured measured, PrintWriter out) {
        for (Kind k : kinds) {
            MappingProjection p = k.projection();
            out.printf(Locale.ROOT, "%s (%s): %,d documents%n", k.name(), k.file(), p.documents());
            out.printf(Locale.ROOT, "  mapping: %,d fields toward the limit of %,d (%,d objects, %,d leaves, %,d .keyword"
                + " multi-fields); the names would make %,d%n", p.fields(), p.limit(), p.objects(), p.leaves(),
                p.multiFields(), p.wantedFields());
            out.printf(Locale.ROOT, "  %s: %s (%s)%n", LIMIT_ID, p.whenLimitRefuses(), CommentText.shown(p.busiestObject()));
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
            CuresReport.text(k.cures(), p.limit(), out);
            for (Finding f : k.findings()) {
                // names come from the documents: shown inert, one line each
                out.printf(Locale.ROOT, "  %s %s [%s] %s%n", f.severity().id(), f.rule(), CommentText.shown(f.subject()),
                    CommentText.shown(f.message()));
                out.printf(Locale.ROOT, "    %s%n    fix: %s%n", CommentText.shown(String.join("; ", f.evidence().stream()
                    .map(e -> e.label() + " " + e.value()).toList())), CommentText.shown(f.fix().title()));
            }
        }
    }
}
