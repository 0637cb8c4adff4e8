package dev.cardinal.projection;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The mapping one OpenSearch or Elasticsearch index builds under dynamic mapping, document after document, and
 * whether the engine accepts each document. The rules, each checked against a real OpenSearch 2.19.6 node
 * ({@code DocumentMappingNodeTest}):
 * <ul>
 *   <li>the first non-null value of a field decides its type: an integer a {@code long}, a fraction a
 *   {@code float}, a boolean a {@code boolean}, a string that looks like a date a {@code date}
 *   ({@link DateDetection}), any other string (numeric strings included) {@code text} with a {@code .keyword};
 *   a null or an empty array adds nothing; an array is its elements;</li>
 *   <li>a dotted key {@code a.b} is the object {@code a} holding the field {@code b};</li>
 *   <li>later values are coerced where the engine coerces them: a fraction into a {@code long} is accepted and
 *   truncated (a finding, not a refusal), a numeric string into a number is accepted, anything into
 *   {@code text}; a value it cannot coerce refuses the whole document ({@code mapper_parsing_exception});</li>
 *   <li>the fields counted toward {@code index.mapping.total_fields.limit} are objects, leaves and multi-fields,
 *   metadata fields excluded; the limit is checked per document: a document whose new fields would take the count
 *   past it is refused, and adds nothing, while later documents that fit are still accepted;</li>
 *   <li>an object nested deeper than {@code index.mapping.depth.limit} (20) refuses its document.</li>
 * </ul>
 * Not thread-safe: one instance follows one index.
 */
public final class DocumentMapping {
    /** Engine default of {@code index.mapping.total_fields.limit}. */
    public static final long DEFAULT_TOTAL_FIELDS = 1000;
    /** Engine default of {@code index.mapping.depth.limit}. */
    public static final int DEFAULT_DEPTH = 20;
    /** Metadata fields a document may not carry at its top level. */
    private static final Set<String> METADATA = Set.of("_id", "_index", "_routing", "_source", "_ignored", "_seq_no",
        "_version", "_primary_term", "_field_names", "_data_stream_timestamp", "_doc_count", "_nested_path");

    /** Why the engine refuses a document. */
    public enum Refusal {
        /** {@code illegal_argument_exception: Limit of total fields [N] has been exceeded} */
        TOTAL_FIELDS,
        /** {@code illegal_argument_exception: Limit of mapping depth [N] has been exceeded} */
        DEPTH,
        /** {@code mapper_parsing_exception}: a value the field's type cannot take */
        TYPE,
        /** {@code mapper_parsing_exception} or {@code illegal_argument_exception}: a key the engine cannot map */
        NAME
    }

    /**
     * What indexing one document did.
     *
     * @param refusal     null when the engine accepts the document
     * @param message     why it was refused, naming the field; null when accepted
     * @param newFields   fields the document added to the mapping (0 when refused)
     * @param truncations fields whose value the engine truncates (a fraction into a {@code long}), in document order
     */
    public record Outcome(Refusal refusal, String message, int newFields, List<String> truncations) {
        public boolean accepted() {
            return refusal == null;
        }
    }

    private final long totalFieldsLimit;
    private final int depthLimit;
    private final Map<String, MappingType> fields = new HashMap<>();
    /** Date fields detected by {@code yyyy/MM/dd}, which take that format only. */
    private final Set<String> slashedDates = new HashSet<>();
    private long count;
    // the document being indexed
    private final Map<String, MappingType> pending = new LinkedHashMap<>();
    private final List<String> truncated = new ArrayList<>();

    public DocumentMapping(long totalFieldsLimit, int depthLimit) {
        if (totalFieldsLimit < 1 || depthLimit < 1) {
            throw new IllegalArgumentException("limits are 1 or more");
        }
        this.totalFieldsLimit = totalFieldsLimit;
        this.depthLimit = depthLimit;
    }

    public DocumentMapping() {
        this(DEFAULT_TOTAL_FIELDS, DEFAULT_DEPTH);
    }

    /** Indexes one document (a JSON object): the mapping grows when the engine accepts it. */
    public Outcome index(JsonNode document) {
        if (!document.isObject()) {
            throw new IllegalArgumentException("a document is a JSON object");
        }
        pending.clear();
        truncated.clear();
        try {
            object(null, document);
        } catch (Refused r) {
            return new Outcome(r.refusal, r.getMessage(), 0, List.of());
        }
        int added = 0;
        for (Map.Entry<String, MappingType> e : pending.entrySet()) {
            added += e.getValue().fields();
            if (e.getValue() == MappingType.OBJECT && depth(e.getKey()) > depthLimit) {
                return new Outcome(Refusal.DEPTH, "Limit of mapping depth [" + depthLimit
                    + "] has been exceeded due to object field [" + e.getKey() + "]", 0, List.of());
            }
        }
        if (count + added > totalFieldsLimit) {
            return new Outcome(Refusal.TOTAL_FIELDS, "Limit of total fields [" + totalFieldsLimit
                + "] has been exceeded: " + count + " fields and " + added + " new", 0, List.of());
        }
        fields.putAll(pending);
        count += added;
        return new Outcome(null, null, added, truncated.isEmpty() ? List.of() : List.copyOf(truncated));
    }

    /** Fields the engine counts toward the total-fields limit: objects, leaves and multi-fields. */
    public long totalFields() {
        return count;
    }

    /** Each mapped path (dotted) and its type; a {@code text} path's {@code .keyword} is implied. */
    public Map<String, MappingType> fields() {
        return Collections.unmodifiableMap(fields);
    }

    /** An object at {@code a.b} is at depth 3: the engine counts the root as 1. */
    private static int depth(String objectPath) {
        int dots = 0;
        for (int i = 0; i < objectPath.length(); i++) {
            if (objectPath.charAt(i) == '.') {
                dots++;
            }
        }
        return dots + 2;
    }

    private void object(String prefix, JsonNode obj) throws Refused {
        for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) obj::fields) {
            String[] parts = parts(prefix, e.getKey());
            String path = prefix;
            for (int i = 0; i < parts.length - 1; i++) {
                path = path == null ? parts[i] : path + "." + parts[i];
                ensureObject(path);
            }
            String leaf = parts[parts.length - 1];
            value(path == null ? leaf : path + "." + leaf, e.getValue());
        }
    }

    /**
     * A key split at its dots as the engine splits it (Java's split: a trailing dot is dropped, so {@code "a."} is
     * {@code a}), refused where the engine refuses it: an empty key, a part that is empty or only whitespace in a
     * dotted key, a metadata field at the top level. A whitespace-only key without a dot is a field like any other.
     */
    private static String[] parts(String prefix, String name) throws Refused {
        String where = prefix == null ? "" : " in [" + prefix + "]";
        if (name.isEmpty()) {
            throw new Refused(Refusal.NAME, "field name cannot be an empty string" + where);
        }
        if (prefix == null && METADATA.contains(name)) {
            throw new Refused(Refusal.NAME, "field [" + name + "] is a metadata field and cannot be added inside a document");
        }
        if (name.indexOf('.') < 0) {
            return new String[]{name};
        }
        String[] parts = name.split("\\.");
        if (parts.length == 0) {
            throw new Refused(Refusal.NAME, "field name [" + name + "]" + where + " holds only dots");
        }
        for (String part : parts) {
            if (part.isEmpty()) {
                throw new Refused(Refusal.NAME, "object field starting or ending with a [.] makes object resolution"
                    + " ambiguous: [" + name + "]" + where);
            }
            if (part.isBlank()) {
                throw new Refused(Refusal.NAME, "object field cannot contain only whitespace: ['" + name + "']" + where);
            }
        }
        return parts;
    }

    private MappingType type(String path) {
        MappingType t = fields.get(path);
        return t != null ? t : pending.get(path);
    }

    private void ensureObject(String path) throws Refused {
        MappingType t = type(path);
        if (t == null) {
            pending.put(path, MappingType.OBJECT);
        } else if (t != MappingType.OBJECT) {
            throw new Refused(Refusal.TYPE, "[" + path + "] is a " + t.engineName() + " field, the document gives it an object");
        }
    }

    private void value(String path, JsonNode v) throws Refused {
        if (v.isNull()) {
            return;
        }
        if (v.isArray()) {
            for (JsonNode element : v) {
                value(path, element);
            }
            return;
        }
        if (v.isObject()) {
            ensureObject(path);
            object(path, v);
            return;
        }
        MappingType t = type(path);
        if (t == null) {
            pending.put(path, infer(v));
            if (pending.get(path) == MappingType.DATE && !DateDetection.isIsoDate(v.asText())) {
                slashedDates.add(path);
            }
        } else if (!fields.containsKey(path)) {
            // a field new in this document: each value makes a dynamic mapping of its own, and they must agree
            MappingType again = infer(v);
            if (again != t) {
                throw new Refused(Refusal.TYPE, "mapper [" + path + "] cannot be changed from type [" + t.engineName()
                    + "] to [" + again.engineName() + "]");
            }
        } else {
            accept(path, t, v);
        }
    }

    private static MappingType infer(JsonNode v) {
        if (v.isIntegralNumber()) {
            return MappingType.LONG;
        }
        if (v.isNumber()) {
            return MappingType.FLOAT;
        }
        if (v.isBoolean()) {
            return MappingType.BOOLEAN;
        }
        return DateDetection.isDate(v.asText()) ? MappingType.DATE : MappingType.TEXT;
    }

    /** A value for an existing field: accepted as the engine coerces it, else the document is refused. */
    private void accept(String path, MappingType t, JsonNode v) throws Refused {
        switch (t) {
            case OBJECT -> throw refused(path, t, v);
            case TEXT -> {
            }
            case LONG, FLOAT -> {
                if (v.isTextual() && v.asText().isEmpty()) {
                    return; // an empty string is the engine's null for a number
                }
                Double d = v.isNumber() ? Double.valueOf(v.asDouble()) : v.isTextual() ? number(v.asText()) : null;
                if (d == null || d.isNaN() || d.isInfinite()) {
                    throw refused(path, t, v);
                }
                if (t == MappingType.LONG) {
                    if (d >= 0x1p63 || d < -0x1p63) {
                        throw refused(path, t, v);
                    }
                    if (d != Math.rint(d)) {
                        truncated.add(path);
                    }
                } else if (Math.abs(d) > Float.MAX_VALUE) {
                    throw refused(path, t, v);
                }
            }
            case BOOLEAN -> {
                if (!v.isBoolean() && !(v.isTextual() && (v.asText().equals("true") || v.asText().equals("false")
                    || v.asText().isEmpty()))) {
                    throw refused(path, t, v);
                }
            }
            case DATE -> {
                // a date field keeps the format that detected it, and takes epoch milliseconds too
                boolean slashed = slashedDates.contains(path);
                boolean ok = v.isTextual() ? DateDetection.parses(v.asText(), slashed) : v.isIntegralNumber();
                if (!ok) {
                    throw refused(path, t, v);
                }
            }
        }
    }

    private static Double number(String s) {
        try {
            return Double.valueOf(s.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Refused refused(String path, MappingType t, JsonNode v) {
        String shown = v.isTextual() ? "'" + v.asText() + "'" : v.toString();
        if (shown.length() > 60) {
            shown = shown.substring(0, 57) + "...";
        }
        return new Refused(Refusal.TYPE, "failed to parse field [" + path + "] of type [" + t.engineName() + "]: " + shown);
    }

    /** Control flow: the document is refused; no stack trace needed. */
    private static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        final Refusal refusal;

        Refused(Refusal refusal, String message) {
            super(message, null, false, false);
            this.refusal = refusal;
        }
    }
}
