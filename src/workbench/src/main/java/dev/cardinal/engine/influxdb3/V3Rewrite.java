package dev.cardinal.engine.influxdb3;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.lineprotocol.LineProtocolEscaping;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a point of one layout's table becomes a line of line protocol in another layout on InfluxDB 3, read back and
 * written again through the write API: every new tag and field takes the old tag or field of its attribute (so a tag
 * can become a field, a field a tag, and either be renamed); a field keeps the type the server gives it, a tag made a
 * field is a string, a field made a tag is its value's text. Names reach SQL quoted ({@link Sql3}) and line protocol
 * escaped ({@link LineProtocolEscaping}); a name line protocol cannot carry is refused before anything runs.
 */
public final class V3Rewrite {
    /** One column of the new layout and the old column it is read from ({@code fromTag}: an old tag). */
    public record Source(String newKey, String oldKey, boolean fromTag) {
    }

    private final String table;
    private final String into;
    private final List<Source> tags;
    private final List<Source> fields;
    private final List<String> dropped;

    private V3Rewrite(String table, String into, List<Source> tags, List<Source> fields, List<String> dropped) {
        this.table = table;
        this.into = into;
        this.tags = List.copyOf(tags);
        this.fields = List.copyOf(fields);
        this.dropped = List.copyOf(dropped);
    }

    /** The rewrite from {@code from} into table {@code into} in layout {@code to}; what it cannot do is refused, saying why. */
    public static V3Rewrite between(Layout from, Layout to, String into) {
        if (!from.eventKind().equals(to.eventKind())) {
            throw new IllegalArgumentException("layout '" + from.id() + "' stores " + from.eventKind() + " and '" + to.id()
                + "' stores " + to.eventKind() + ": a migration rewrites one event kind");
        }
        for (Layout l : List.of(from, to)) {
            if (!l.measurement().isLiteral() || l.tags().stream().anyMatch(t -> t.value().singleRef().isEmpty())
                || l.fields().stream().anyMatch(f -> !f.key().isLiteral())) {
                throw new IllegalArgumentException("layout '" + l.id() + "' builds names from templates, which this rewrite does not compute");
            }
        }
        writable("table", into, LineProtocolEscaping.whyNotMeasurement(into));
        List<Source> tags = new ArrayList<>();
        for (TagSpec t : to.tags()) {
            writable("tag key", t.key(), LineProtocolEscaping.whyNotTag(t.key()));
            tags.add(source(from, to, t.value().singleRef().orElseThrow(), t.key()));
        }
        List<Source> fields = new ArrayList<>();
        for (FieldSpec f : to.fields()) {
            String key = f.key().literalText();
            writable("field key", key, LineProtocolEscaping.whyNotFieldKey(key));
            fields.add(source(from, to, f.attribute(), key));
        }
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("'" + to.id() + "' has no field: a point without a field cannot be written");
        }
        List<String> dropped = from.attributesUsed().stream().filter(a -> to.roleOf(a) == Role.DROPPED).toList();
        return new V3Rewrite(from.measurement().literalText(), into, tags, fields, dropped);
    }

    private static Source source(Layout from, Layout to, String attribute, String newKey) {
        return switch (from.roleOf(attribute)) {
            case TAG -> new Source(newKey, from.tagKeyOf(attribute), true);
            case FIELD -> new Source(newKey, from.fieldKeyOf(attribute), false);
            default -> throw new IllegalArgumentException("'" + to.id() + "' stores '" + attribute + "', which '" + from.id()
                + "' does not store");
        };
    }

    private static void writable(String what, String name, String whyNot) {
        if (whyNot != null) {
            throw new IllegalArgumentException("the " + what + " '" + name + "' cannot be written in line protocol: " + whyNot);
        }
    }

    public String table() {
        return table;
    }

    public String into() {
        return into;
    }

    /** Attributes the old layout stores and the new one does not (their values are not carried). */
    public List<String> dropped() {
        return dropped;
    }

    /** What the rewrite does, for the state file: a changed plan never resumes another plan's progress. */
    public String identity() {
        return "influxdb3 rewrite " + Sql3.identifier(table) + " -> " + Sql3.identifier(into) + " tags " + tags + " fields " + fields;
    }

    /**
     * The old columns the table has, each once, in the order the new layout reads them: a tag or field the server has
     * never seen (no point carries it) is not selected, as a column it does not know fails the query.
     */
    List<String> columns(Map<String, String> oldTypes) {
        List<String> out = new ArrayList<>();
        for (Source s : sources()) {
            if (oldTypes.containsKey(s.oldKey()) && !out.contains(s.oldKey())) {
                out.add(s.oldKey());
            }
        }
        return out;
    }

    private List<Source> sources() {
        List<Source> all = new ArrayList<>(tags);
        all.addAll(fields);
        return all;
    }

    /**
     * The query that reads a window's points, oldest first, each column under a name of its position ({@code c0} the
     * time, {@code c1}... the columns), so no name of the layout can clash with another in the answer. With
     * {@code after}, only the points after that time.
     */
    String select(List<String> columns, Instant start, Instant stop, Instant after) {
        StringBuilder q = new StringBuilder("SELECT \"time\" AS \"c0\"");
        for (int i = 0; i < columns.size(); i++) {
            q.append(", ").append(Sql3.identifier(columns.get(i))).append(" AS \"c").append(i + 1).append('"');
        }
        return q.append(" FROM ").append(Sql3.identifier(table)).append(where(start, stop, after)).append(" ORDER BY \"time\"").toString();
    }

    static String where(Instant start, Instant stop, Instant after) {
        return " WHERE \"time\" >= " + Sql3.string(start.toString()) + " AND \"time\" < " + Sql3.string(stop.toString())
            + (after == null ? "" : " AND \"time\" > " + Sql3.string(after.toString()));
    }

    /**
     * The line of one row the {@link #select} answered, in nanoseconds, or an error naming the point when the new
     * layout would write it without a field (it cannot be written).
     *
     * @param oldTypes each old column the server has: {@code tag}, or a field's type as {@code SHOW FIELD KEYS} names it
     */
    String line(JsonNode row, List<String> columns, Map<String, String> oldTypes) throws IOException {
        Map<String, JsonNode> byOld = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            JsonNode v = row.get("c" + (i + 1));
            if (v != null && !v.isNull()) {
                byOld.put(columns.get(i), v);
            }
        }
        long nanos = nanos(row.get("c0"));
        StringBuilder line = new StringBuilder(LineProtocolEscaping.measurement(into));
        for (Source t : tags) {
            JsonNode v = byOld.get(t.oldKey());
            String text = v == null ? "" : v.isTextual() ? v.asText() : v.isNumber() ? v.decimalValue().toPlainString() : v.asText();
            String escaped = text.isEmpty() ? null : LineProtocolEscaping.tag(text);
            if (escaped == null && !text.isEmpty()) {
                throw new IOException("the point at " + MigrationWindow.instant(nanos) + " in " + table + " has '" + text + "' for tag '" + t.newKey()
                    + "', which line protocol cannot carry as a tag value: " + LineProtocolEscaping.whyNotTag(text));
            }
            if (escaped != null) {
                line.append(',').append(LineProtocolEscaping.tag(t.newKey())).append('=').append(escaped);
            }
        }
        String sep = " ";
        for (Source f : fields) {
            JsonNode v = byOld.get(f.oldKey());
            if (v != null) {
                line.append(sep).append(LineProtocolEscaping.fieldKey(f.newKey())).append('=')
                    .append(value(v, f.fromTag() ? "string" : oldTypes.get(f.oldKey()), f.oldKey()));
                sep = ",";
            }
        }
        if (sep.equals(" ")) {
            throw new IOException("the point at " + MigrationWindow.instant(nanos) + " in " + table + " has no value for any field of the new"
                + " layout (" + String.join(", ", fields.stream().map(Source::newKey).toList()) + "): it cannot be written");
        }
        return line.append(' ').append(nanos).toString();
    }

    private static String value(JsonNode v, String type, String column) throws IOException {
        boolean fits = switch (type) {
            case "float" -> v.isNumber();
            case "integer", "unsigned" -> v.isIntegralNumber();
            case "boolean" -> v.isBoolean();
            default -> true;
        };
        if (!fits) {
            throw new IOException("the server answered " + v + " for " + column + ", which it calls a " + type + " field");
        }
        return switch (type) {
            case "float" -> v.decimalValue().toPlainString();
            case "integer" -> v.bigIntegerValue() + "i";
            case "unsigned" -> v.bigIntegerValue() + "u";
            case "boolean" -> String.valueOf(v.asBoolean());
            default -> LineProtocolEscaping.stringValue(v.asText());
        };
    }

    /**
     * A time the server answered: JSON lines write a timestamp column as ISO 8601 without a zone, in UTC
     * ({@code "2065-01-07T17:28:51"}, with the fraction when there is one), or a number of nanoseconds.
     */
    static long nanos(JsonNode time) throws IOException {
        if (time != null && time.isIntegralNumber()) {
            return time.longValue();
        }
        String text = time == null ? "nothing" : time.asText();
        try {
            return MigrationWindow.nanos(text.endsWith("Z") ? Instant.parse(text) : LocalDateTime.parse(text).toInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new IOException("the server answered " + text + " for a time, not an ISO 8601 time");
        }
    }
}
