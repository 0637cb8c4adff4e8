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
    private final String tenantKey;
    /** Per top-level object, per tenant, the keys it holds: what slots would have to hold. */
    private final Map<String, Map<String, java.util.Set<String>>> namesPerTenant = new LinkedHashMap<>();
    private final Map<String, List<double[]>> mostNamesCurve = new LinkedHashMap<>();
    private final Map<String, Integer> mostNames = new LinkedHashMap<>();
    private final TenantFields tenantFields = new TenantFields();

    /**
     * @param tenantKey the top-level key that says whose a document is ({@code tenant}), for the names each tenant
     *                  puts under an object, or null
     */
    public MappingProjector(long totalFieldsLimit, String tenantKey) {
        this.limit = totalFieldsLimit;
        this.tenantKey = tenantKey;
        this.engine = new DocumentMapping(totalFieldsLimit, DocumentMapping.DEFAULT_DEPTH);
        curve.add(new double[]{0, 0});
    }

    public MappingProjector(long totalFieldsLimit) {
        this(totalFieldsLimit, null);
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
                Object[] r = typeRefusals.computeIfAbsent(pathIn(o.message()),
                    p -> new Object[]{0L, d.line(), documents, o.message()});
                r[0] = (Long) r[0] + 1;
            }
        }
        for (String path : o.truncations()) {
            truncations.computeIfAbsent(path, p -> new long[]{0, d.line(), documents})[0]++;
        }
        if (tenantKey != null && d.json().path(tenantKey).isValueNode()) {
            countNames(d.json().get(tenantKey).asText(), d.json());
        }
        DocumentMapping.Outcome w = wanted.index(d.json());
        if (tenantKey != null && d.hasTime() && d.json().path(tenantKey).isValueNode()) {
            // the first document's fields are what every document carries, not what its tenant named
            tenantFields.document(d.json().get(tenantKey).asText(), lastSeconds, documents == 1 ? 0 : w.newFields());
        }
        if (w.newFields() > 0 && d.hasTime()) {
            curve.add(new double[]{lastSeconds, wanted.totalFields()});
        }
    }

    private void countNames(String tenant, com.fasterxml.jackson.databind.JsonNode doc) {
        for (Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> e : doc.properties()) {
            if (!e.getValue().isObject() || e.getValue().isEmpty()) {
                continue;
            }
            java.util.Set<String> names = namesPerTenant.computeIfAbsent(e.getKey(), k -> new java.util.HashMap<>())
                .computeIfAbsent(tenant, t -> new java.util.HashSet<>());
            e.getValue().fieldNames().forEachRemaining(names::add);
            if (names.size() > mostNames.getOrDefault(e.getKey(), 0)) {
                mostNames.put(e.getKey(), names.size());
                mostNamesCurve.computeIfAbsent(e.getKey(), k -> new ArrayList<>(List.of(new double[]{0, 0})))
                    .add(new double[]{lastSeconds, names.size()});
            }
        }
    }

    /** The object whose tenants hold the most names, and how many: what a slot layout must provision. */
    private MappingProjection.Slots slots() {
        String object = mostNames.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
        if (object == null) {
            return null;
        }
        Map<String, java.util.Set<String>> tenants = namesPerTenant.get(object);
        String busiest = null;
        java.util.Set<String> distinct = new java.util.HashSet<>();
        for (Map.Entry<String, java.util.Set<String>> e : tenants.entrySet()) {
            distinct.addAll(e.getValue());
            if (busiest == null || e.getValue().size() > tenants.get(busiest).size()) {
                busiest = e.getKey();
            }
        }
        double[][] c = ending(mostNamesCurve.get(object), mostNames.get(object));
        return new MappingProjection.Slots(tenantKey, object, tenants.size(), distinct.size(), mostNames.get(object),
            busiest, c[0], c[1]);
    }

    /** A curve's checkpoints as x and y arrays, ending where the sample ends, whether or not the last documents moved it. */
    private double[][] ending(List<double[]> checkpoints, double last) {
        int n = checkpoints.size();
        double[] xs = new double[n + 1];
        double[] ys = new double[n + 1];
        for (int i = 0; i < n; i++) {
            xs[i] = checkpoints.get(i)[0];
            ys[i] = checkpoints.get(i)[1];
        }
        xs[n] = lastSeconds;
        ys[n] = last;
        return new double[][]{xs, ys};
    }

    /** The most fields the writer's keys can make, when they are bounded (see {@link MappingProjection#keyBound}). */
    public MappingProjector keyBound(long bound) {
        this.keyBound = bound;
        return this;
    }

    private long keyBound = Long.MAX_VALUE;

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
        truncations.forEach((path, c) -> truncated.add(new MappingProjection.FieldIssue(path, MappingType.LONG, c[0], c[1], c[2],
            "a long field receives fractions: the engine accepts them and truncates them in the index")));
        List<MappingProjection.FieldIssue> conflicts = new ArrayList<>();
        typeRefusals.forEach((path, c) -> conflicts.add(new MappingProjection.FieldIssue(path,
            engine.fields().get(path), (Long) c[0], (Long) c[1], (Long) c[2], (String) c[3])));
        double[][] c = ending(curve, wanted.totalFields());
        // in the order of the reasons, as the reports list them (Map.copyOf would list them in an order of its own each run)
        return new MappingProjection(limit, documents, java.util.Collections.unmodifiableMap(new EnumMap<>(refused)),
            Map.copyOf(engine.fields()), engine.totalFields(), objects, multi, wanted.totalFields(), firstLimitRefusal,
            List.copyOf(truncated), List.copyOf(conflicts), c[0], c[1], lastSeconds, slots(), keyBound,
            tenantKey == null || firstLimitRefusal != null ? null
                : LimitForecast.of(tenantFields.snapshot(), lastSeconds, wanted.totalFields(), limit + 1));
    }

    /** The field a refusal message names in brackets, or the message itself. */
    private static String pathIn(String message) {
        int open = message.indexOf('[');
        int close = open < 0 ? -1 : message.indexOf(']', open);
        return close > open ? message.substring(open + 1, close) : message;
    }
}
