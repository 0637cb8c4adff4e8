package dev.cardinal.engine.influxdb1;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * How the points of one layout become the points of another through InfluxQL's {@code SELECT ... INTO}: the new
 * tag set is kept by {@code GROUP BY} (a tag named there stays a tag, under its own key), and every selected column
 * becomes a field, renamed with {@code AS}. A tag of the old layout demoted to a field is selected as
 * {@code "key"::tag}; a field as {@code "key"::field}. InfluxQL cannot rename a tag in {@code GROUP BY}, make a field
 * into a tag, or compute a templated name, so such a pair of layouts is refused with the reason.
 *
 * @param tags    the tag keys kept, in the new layout's order
 * @param columns what is selected, in the new layout's field order
 * @param dropped attributes the old layout stores and the new one does not (their values are not carried)
 */
public record MigrationMapping(List<String> tags, List<Column> columns, List<String> dropped) {
    /** One selected column: {@code "from"::kind AS "to"}. */
    public record Column(String from, boolean fromTag, String to) {
        public String text() {
            return InfluxQl.identifier(from) + (fromTag ? "::tag" : "::field") + " AS " + InfluxQl.identifier(to);
        }
    }

    public MigrationMapping {
        tags = List.copyOf(tags);
        columns = List.copyOf(columns);
        dropped = List.copyOf(dropped);
    }

    /** The mapping from {@code from} to {@code to}; an {@link IllegalArgumentException} says what InfluxQL cannot do. */
    public static MigrationMapping of(Layout from, Layout to) {
        if (!from.eventKind().equals(to.eventKind())) {
            throw new IllegalArgumentException("layout '" + from.id() + "' stores " + from.eventKind() + " and '" + to.id()
                + "' stores " + to.eventKind() + ": a migration rewrites one event kind");
        }
        requireLiteral(from);
        requireLiteral(to);
        List<String> tags = new ArrayList<>();
        for (TagSpec t : to.tags()) {
            String attribute = t.value().singleRef().orElseThrow();
            Role was = from.roleOf(attribute);
            if (was == Role.FIELD) {
                throw new IllegalArgumentException("'" + attribute + "' is a field in '" + from.id() + "' and a tag in '"
                    + to.id() + "': InfluxQL's SELECT INTO writes every selected column as a field, so a field cannot become a tag");
            }
            if (was != Role.TAG) {
                throw new IllegalArgumentException("'" + to.id() + "' tags '" + attribute + "', which '" + from.id() + "' does not store");
            }
            String oldKey = from.tagKeyOf(attribute);
            if (!oldKey.equals(t.key())) {
                throw new IllegalArgumentException("tag '" + oldKey + "' is renamed '" + t.key() + "': InfluxQL's GROUP BY keeps a"
                    + " tag under its own key, so a tag cannot be renamed by SELECT INTO");
            }
            requireNoTrailingBackslash("tag key", t.key());
            tags.add(t.key());
        }
        List<Column> columns = new ArrayList<>();
        for (FieldSpec f : to.fields()) {
            Role was = from.roleOf(f.attribute());
            if (was != Role.TAG && was != Role.FIELD) {
                throw new IllegalArgumentException("'" + to.id() + "' stores the field '" + f.attribute() + "', which '"
                    + from.id() + "' does not store");
            }
            columns.add(was == Role.TAG ? new Column(from.tagKeyOf(f.attribute()), true, f.key().literalText())
                : new Column(from.fieldKeyOf(f.attribute()), false, f.key().literalText()));
        }
        if (columns.stream().noneMatch(c -> !c.fromTag())) {
            throw new IllegalArgumentException("'" + to.id() + "' keeps none of the fields of '" + from.id()
                + "': InfluxQL selects no point without a field");
        }
        List<String> dropped = from.attributesUsed().stream().filter(a -> to.roleOf(a) == Role.DROPPED).toList();
        return new MigrationMapping(tags, columns, dropped);
    }

    /**
     * influxd (1.6.7, read on the real server) joins a SELECT INTO's series key without escaping it: a measurement or
     * tag key that ends in a backslash escapes the comma after it, and the tag set becomes part of the name.
     */
    static void requireNoTrailingBackslash(String what, String name) {
        if (name.endsWith("\\")) {
            throw new IllegalArgumentException("the " + what + " '" + name + "' ends in a backslash: InfluxDB writes a SELECT INTO's"
                + " series key unescaped, so the backslash would join the tags to the name; choose another name");
        }
    }

    private static void requireLiteral(Layout l) {
        boolean templated = !l.measurement().isLiteral() || l.tags().stream().anyMatch(t -> t.value().singleRef().isEmpty())
            || l.fields().stream().anyMatch(f -> !f.key().isLiteral());
        if (templated) {
            throw new IllegalArgumentException("layout '" + l.id() + "' builds names from templates: InfluxQL's SELECT INTO"
                + " cannot compute a measurement, tag or field name from values (re-write such data through the write API)");
        }
    }

    /** The fields carried from the old layout under their new keys (old key, new key): their counts must be kept. */
    public List<Column> carriedFields() {
        return columns.stream().filter(c -> !c.fromTag()).toList();
    }

    /** {@code GROUP BY "a", "b"}, or "" for no tag. */
    public String groupBy() {
        return tags.isEmpty() ? "" : " GROUP BY " + String.join(", ", tags.stream().map(InfluxQl::identifier).toList());
    }
}
