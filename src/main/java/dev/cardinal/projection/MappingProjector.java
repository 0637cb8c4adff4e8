package dev.cardinal.projection;

import dev.cardinal.traffic.NdjsonDocuments;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Follows a document sample into an OpenSearch or Elasticsearch index under dynamic mapping: one
 * {@link DocumentMapping} with the index's limit (what the engine holds and refuses) and one without (the fields
 * the sample's names want, whose growth gives the time to the limit from a sample that does not reach it).
 * Feed documents in the order they are written, then take {@link #result()}.
 */
public final class MappingProjector implements NdjsonDocuments.Sink {
    private final long limit;
    private final DocumentMapping engine;
    private final DocumentMapping wanted = new DocumentMapping(Long.MAX_VALUE, Integer.MAX_VALUE);
    private final Map<DocumentMapping.Refusal, Long> refused = new EnumMap<>(DocumentMapping.Refusal.class);
    private final Map<String, long[]> truncations = new LinkedHashMap<>();
    private final Map<String, Object[]> typeRefusals = new LinkedHashMap<>();
    private final List<double[]> curve = new ArrayList<>();
    private long documents;
    private long firstNanos = Long.MIN_VALUE;
    private double lastSeconds;
    private MappingProjection.Refused firstLimitRefusal;

    public MappingProjector(long totalFieldsLimit) {
        this.limit = totalFieldsLimit;
        this.engine = new DocumentMapping(totalFieldsLimit, DocumentMapping.DEFAULT_DEPTH);
        curve.add(new double[]{0, 0});
    }

    public MappingProjector() {
        this(DocumentMapping.DEFAULT_TOTAL_FIELDS);
    }

    @Override
    public void accept(NdjsonDocuments.Document d) {
        documents++;
        double seconds = Double.NaN;
        if (d.hasTime()) {
            if (firstNanos == Long.MIN_VALUE) {
                firstNanos = d.timeNanos();
            }
            seconds = (d.timeNanos() - firstNanos) / 1e9;
            // documents out of time order: the curve's clock never runs backwards
            lastSeconds = Math.max(lastSeconds, seconds);
        }
        DocumentMapping.Outcome o = engine.index(d.json());
        if (!o.accepted()) {
            refused.merge(o.refusal(), 1L, Long::sum);
            if (o.refusal() == DocumentMapping.Refusal.TOTAL_FIELDS && firstLimitRefusal == null) {
                firstLimitRefusal = new MappingProjection.Refused(d.line(), documents, seconds, o.message());
            }
            if (o.refusal() == DocumentMapping.Refusal.TYPE || o.refusal() == DocumentMapping.Refusal.NAME) {
                // one entry per field, with the first document's message
                Object[] r = typeRefusals.computeIfAbsent(pathIn(o.message()), p -> new Object[]{0L, d.line(), o.message()});
                r[0] = (Long) r[0] + 1;
            }
        }
        for (String path : o.truncations()) {
            truncations.computeIfAbsent(path, p -> new long[]{0, d.line()})[0]++;
        }
        DocumentMapping.Outcome w = wanted.index(d.json());
        if (w.newFields() > 0 && d.hasTime()) {
            curve.add(new double[]{lastSeconds, wanted.totalFields()});
        }
    }

    public MappingProjection result() {
        long objects = 0;
        long multi = 0;
        for (MappingType t : engine.fields().values()) {
            if (t == MappingType.OBJECT) {
                objects++;
            } else if (t == MappingType.TEXT) {
                multi++;
            }
        }
        List<MappingProjection.FieldIssue> truncated = new ArrayList<>();
        truncations.forEach((path, c) -> truncated.add(new MappingProjection.FieldIssue(path, MappingType.LONG, c[0], c[1],
            "a long field receives fractions: the engine accepts them and truncates them in the index")));
        List<MappingProjection.FieldIssue> conflicts = new ArrayList<>();
        typeRefusals.forEach((path, c) -> conflicts.add(new MappingProjection.FieldIssue(path,
            engine.fields().get(path), (Long) c[0], (Long) c[1], (String) c[2])));
        double[] xs = new double[curve.size() + 1];
        double[] ys = new double[curve.size() + 1];
        for (int i = 0; i < curve.size(); i++) {
            xs[i] = curve.get(i)[0];
            ys[i] = curve.get(i)[1];
        }
        // the curve ends where the sample ends, whether or not the last documents brought fields
        xs[curve.size()] = lastSeconds;
        ys[curve.size()] = wanted.totalFields();
        return new MappingProjection(limit, documents, Map.copyOf(refused), Map.copyOf(engine.fields()),
            engine.totalFields(), objects, multi, wanted.totalFields(), firstLimitRefusal, List.copyOf(truncated),
            List.copyOf(conflicts), xs, ys, lastSeconds);
    }

    /** The field a refusal message names in brackets, or the message itself. */
    private static String pathIn(String message) {
        int open = message.indexOf('[');
        int close = open < 0 ? -1 : message.indexOf(']', open);
        return close > open ? message.substring(open + 1, close) : message;
    }
}
