package dev.cardinal.engine.opensearch;

import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.Figure;
import dev.cardinal.engine.LimitCheck;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.MappingType;
import dev.cardinal.projection.NotProjected;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.Projections;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What an OpenSearch (or Elasticsearch) index holds for a layout: the layout's rows written as documents, one per row
 * (each tag and field under its key, the time as {@code @timestamp}; a templated key renders per row), mapped
 * dynamically, counted as the engine counts its mapping against {@code index.mapping.total_fields.limit} (objects,
 * leaves and {@code .keyword} multi-fields), with the dynamic types, the deepest object and the time to the limit where
 * the keys grow with traffic. The engine counts no series. The counting is the core's ({@link Projections} with
 * {@link ProjectionInput.Mapped}), checked against a real node by {@code LayoutMappingNodeTest} and
 * {@code EngineMappingNodeTest}.
 */
final class MappingCount implements SeriesEngine {
    /** The release the rules were checked on (the in-process node of the tests). */
    static final ServerVersion CHECKED = ServerVersion.of(2, 19, 6);
    /** Where the engine checks its mapping limits, and where their defaults are. */
    static final String SOURCE = "OpenSearch 2.19 server/src/main/java/org/opensearch/index/mapper/MappingLookup.java"
        + " (checkLimits: checkFieldLimit, checkObjectDepthLimit), defaults in MapperService.java";

    /** The most characters of a key a note shows. */
    private static final int SHOWN = 120;

    @Override
    public ServerVersion defaultVersion() {
        return CHECKED;
    }

    @Override
    public EngineCount count(Request r) {
        String engine = "OpenSearch " + r.version().orElse(CHECKED).text();
        String kind = r.sample().name();
        Projected projected = Projections.project(r.workspace(), r.layout(), new ProjectionInput.Mapped(
            ProjectionInput.rows(r.sample()), DocumentMapping.DEFAULT_TOTAL_FIELDS), r.settings());
        if (!(projected instanceof Projected.Mapping mapping)) {
            String why = projected instanceof NotProjected n ? n.message() : "no documents to map";
            return new EngineCount(engine, kind, r.layout().id(), List.of(), List.of(), List.of("not counted: "
                + CommentText.shown(why)));
        }
        MappingProjection m = mapping.projection();
        Duration horizon = r.settings().horizon();
        long wanted = m.wantedFieldsAt(horizon.toSeconds());
        long refused = m.refused().values().stream().mapToLong(Long::longValue).sum();
        long deepRefused = m.refused().getOrDefault(DocumentMapping.Refusal.DEPTH, 0L);
        int depth = depth(m.mapping());

        List<Figure> figures = new ArrayList<>();
        figures.add(new Figure("mappingFields", "mapping fields",
            m.fields(), Math.min(wanted, Math.max(m.fields(), m.limit()))));
        figures.add(new Figure("wantedFields", "fields the keys want, without the limit", m.wantedFields(), wanted));
        figures.add(new Figure("objects", "object fields", m.objects(), m.objects()));
        figures.add(new Figure("leaves", "leaf fields", m.leaves(), m.leaves()));
        figures.add(new Figure("multiFields", ".keyword multi-fields", m.multiFields(), m.multiFields()));
        types(m.mapping()).forEach((t, n) -> figures.add(new Figure("type." + t.engineName(),
            t.engineName() + " fields", n, n)));
        figures.add(new Figure("depth", "deepest object (the document is 1)", depth, depth));
        figures.add(new Figure("documents", "documents (one per row)", m.documents(), m.documents()));
        figures.add(new Figure("refusedDocuments", "documents refused", refused, refused));

        List<LimitCheck> limits = new ArrayList<>();
        OptionalDouble seconds = m.secondsToLimit();
        Duration after = seconds.isPresent() && (m.limitReachedInSample() || seconds.getAsDouble() <= horizon.toSeconds())
            ? Duration.ofSeconds(Math.round(seconds.getAsDouble())) : null;
        limits.add(new LimitCheck("index.mapping.total_fields.limit", m.limit(), SOURCE,
            m.objects() == 0 || m.busiestObject().equals("(top level)") ? "the index's mapping"
                : "the index's mapping (most fields under " + shown(m.busiestObject()) + ")", wanted, after,
            "refuses each document that would add fields past it (illegal_argument_exception), and indexes later ones that fit"));
        limits.add(new LimitCheck("index.mapping.depth.limit", DocumentMapping.DEFAULT_DEPTH, SOURCE,
            "the deepest object", deepRefused > 0 ? DocumentMapping.DEFAULT_DEPTH + 1 : depth, null,
            "refuses the document (illegal_argument_exception)"));

        List<String> notes = new ArrayList<>();
        notes.add("OpenSearch counts no series: each row is a document, and each key it writes (tag, field, rendered"
            + " template, @timestamp) a field of the index's mapping under dynamic mapping, counted as the total-fields limit"
            + " counts it (objects, leaves, .keyword multi-fields); rules checked on OpenSearch "
            + CHECKED.text() + " (Elasticsearch counts its mapping fields alike)");
        notes.add("total-fields limit: " + m.whenLimitRefuses() + (seconds.isPresent() && !m.limitReachedInSample()
            ? " (at the pace new keys arrived in the sample's later half, in time: the traffic multiplier does not change it)"
            : ""));
        m.refused().forEach((why, n) -> notes.add(String.format(Locale.ROOT, "%,d %s refused %s", n, documents(n), reason(why))));
        m.typeRefusals().forEach(i -> notes.add(String.format(Locale.ROOT, "'%s'%s: %,d %s refused, first at line %d: %s",
            shown(i.path()), i.type() == null ? "" : " (" + i.type().engineName() + ")", i.documents(), documents(i.documents()),
            i.firstLine(),
            shown(i.message()))));
        m.truncations().forEach(i -> notes.add(String.format(Locale.ROOT, "'%s' is a long: the fractions of %,d %s are"
            + " truncated, first at line %d", shown(i.path()), i.documents(), documents(i.documents()), i.firstLine())));
        return new EngineCount(engine, kind, r.layout().id(), figures, limits, notes);
    }

    private static String documents(long n) {
        return n == 1 ? "document" : "documents";
    }

    /** A key or the engine's message about it, inert and short enough for a line (a key may be thousands long). */
    private static String shown(String text) {
        String inert = CommentText.shown(text);
        if (inert.length() <= SHOWN) {
            return inert;
        }
        int end = Character.isHighSurrogate(inert.charAt(SHOWN - 1)) ? SHOWN - 1 : SHOWN;
        return inert.substring(0, end) + "... (" + inert.length() + " characters)";
    }

    /** The deepest object of a mapping, as {@code index.mapping.depth.limit} counts it: the document is 1. */
    static int depth(Map<String, MappingType> mapping) {
        int deepest = 1;
        for (Map.Entry<String, MappingType> e : mapping.entrySet()) {
            if (e.getValue() == MappingType.OBJECT) {
                deepest = Math.max(deepest, (int) e.getKey().chars().filter(c -> c == '.').count() + 2);
            }
        }
        return deepest;
    }

    /** Leaf fields by their dynamic type, in the enum's order. */
    private static Map<MappingType, Long> types(Map<String, MappingType> mapping) {
        Map<MappingType, Long> out = new EnumMap<>(MappingType.class);
        mapping.values().stream().filter(t -> t != MappingType.OBJECT).forEach(t -> out.merge(t, 1L, Long::sum));
        return out;
    }

    private static String reason(DocumentMapping.Refusal r) {
        return switch (r) {
            case TOTAL_FIELDS -> "by the total-fields limit";
            case TYPE -> "for a value their field's type cannot take (mapper_parsing_exception)";
            case DEPTH -> "by the mapping depth limit";
            case NAME -> "for a key the engine cannot map (an empty part, a metadata field such as _id)";
        };
    }
}
