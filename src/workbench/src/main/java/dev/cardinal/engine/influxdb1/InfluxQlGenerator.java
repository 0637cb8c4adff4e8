package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.ExampleValues;
import dev.cardinal.engine.Language;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Role;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The InfluxQL that puts a layout into production on InfluxDB 1.x: the database, the layout's retention policy
 * (duration, replication, shard duration), a continuous query per rollup into a retention policy, and example
 * queries for the questions the layout answers (filter by a tag, group by a tag, a field over time).
 */
public final class InfluxQlGenerator {
    /** One statement with the comment that says why it is there. */
    public record Statement(String comment, String influxql) {
    }

    /**
     * @param setup             database and retention policies, in order
     * @param continuousQueries one per rollup into a retention policy
     * @param examples          example queries (read-only)
     * @param skipped           rollups with no continuous query, and why
     */
    public record Script(String database, List<Statement> setup, List<Statement> continuousQueries,
                         List<Statement> examples, List<String> skipped) {
        /** The whole script, statements ending in {@code ;}, comments as {@code --} lines. */
        public String text() {
            StringBuilder sb = new StringBuilder();
            section(sb, "setup", setup);
            section(sb, "continuous queries (rollups)", continuousQueries);
            skipped.forEach(s -> sb.append(Language.INFLUXQL.comment(s)).append('\n'));
            if (!skipped.isEmpty()) {
                sb.append('\n');
            }
            section(sb, "example queries", examples);
            return sb.toString();
        }

        private static void section(StringBuilder sb, String title, List<Statement> statements) {
            if (statements.isEmpty()) {
                return;
            }
            sb.append(Language.INFLUXQL.comment(title)).append('\n');
            for (Statement s : statements) {
                sb.append(Language.INFLUXQL.comment(s.comment())).append('\n').append(s.influxql()).append(";\n");
            }
            sb.append('\n');
        }
    }

    private InfluxQlGenerator() {
    }

    /**
     * @param sample the layout's sample, for example values (the most frequent value of a tag); may be null, and
     *               then the filter example is left out rather than invented
     */
    public static Script generate(Workspace ws, Layout layout, String database, EventKindSample sample) {
        requireServerName("database", database);
        requireServerName("retention policy", layout.retention().name());
        ws.rollups().stream().filter(r -> r.layout().equals(layout.id())
                && r.destination().kind() == Rollup.DestinationKind.RETENTION_POLICY)
            .forEach(r -> requireServerName("retention policy of rollup " + r.name(), r.destination().name()));
        String db = InfluxQl.identifier(database);
        List<Statement> setup = new ArrayList<>();
        setup.add(new Statement("the database", "CREATE DATABASE " + db));
        RetentionPlan rp = layout.retention();
        setup.add(new Statement("where " + layout.name() + " writes: kept " + (rp.isInfinite() ? "forever"
                : "for " + InfluxQl.duration(rp.duration())) + ", shard groups of " + InfluxQl.duration(rp.effectiveShardGroupDuration()),
            "CREATE RETENTION POLICY " + InfluxQl.identifier(rp.name()) + " ON " + db + " DURATION "
                + InfluxQl.duration(rp.duration()) + " REPLICATION " + rp.replication() + " SHARD DURATION "
                + InfluxQl.duration(rp.effectiveShardGroupDuration()) + " DEFAULT"));
        List<Statement> cqs = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Rollup r : ws.rollups()) {
            if (!r.layout().equals(layout.id())) {
                continue;
            }
            if (r.destination().kind() != Rollup.DestinationKind.RETENTION_POLICY) {
                skipped.add("rollup " + r.name() + " goes to " + r.destination().kind().id() + " " + r.destination().name()
                    + ": see the Flux and SQL files");
                continue;
            }
            List<String> notTags = r.groupBy().stream().filter(a -> layout.roleOf(a) != Role.TAG).toList();
            if (!notTags.isEmpty()) {
                skipped.add("rollup " + r.name() + " groups by " + String.join(", ", notTags)
                    + ", held in fields: InfluxQL GROUP BY takes tags and time only (see cardinal lint)");
                continue;
            }
            String dest = InfluxQl.identifier(r.destination().name());
            setup.add(new Statement("where rollup " + r.name() + " writes", "CREATE RETENTION POLICY " + dest + " ON " + db
                + " DURATION " + InfluxQl.duration(r.destination().retention()) + " REPLICATION " + rp.replication()));
            cqs.add(new Statement("rollup " + r.name() + ": every " + InfluxQl.duration(r.window()) + " into " + r.destination().name(),
                ContinuousQueryText.create(r, layout, database)));
        }
        return new Script(database, setup, cqs, examples(layout, sample), skipped);
    }

    /** The name of a rollup's continuous query. */
    public static String continuousQueryName(Rollup r) {
        return ContinuousQueryText.name(r);
    }

    /**
     * InfluxDB 1.x refuses database and retention policy names that are empty, "." or "..", hold a slash or a
     * backslash (they become directory names), or hold a character Go's {@code unicode.IsPrint} rejects (line breaks,
     * tabs, control and format characters, any space but U+0020: the server answers "invalid name", measured on
     * 1.6.7); quoting cannot help, so such a name is refused here, clearly.
     */
    public static void requireServerName(String what, String name) {
        String why = name.isEmpty() || name.equals(".") || name.equals("..") ? "names must not be empty, '.' or '..'"
            : name.contains("/") || name.contains("\\") ? "names must not contain '/' or '\\' (they become directory names)"
            : name.codePoints().allMatch(InfluxQlGenerator::printable) ? null
            : "names must be printable: no line breaks, tabs, control or format characters, and no space but ' '";
        if (why != null) {
            throw new IllegalArgumentException("the " + what + " name '" + CommentText.shown(name) + "' cannot be used on"
                + " InfluxDB 1.x: " + why);
        }
    }

    /** Go's {@code unicode.IsPrint}: letters, marks, numbers, punctuation, symbols and the ASCII space. */
    private static boolean printable(int cp) {
        if (cp == ' ') {
            return true;
        }
        return switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER, Character.MODIFIER_LETTER,
                Character.OTHER_LETTER, Character.NON_SPACING_MARK, Character.ENCLOSING_MARK, Character.COMBINING_SPACING_MARK,
                Character.DECIMAL_DIGIT_NUMBER, Character.LETTER_NUMBER, Character.OTHER_NUMBER, Character.CONNECTOR_PUNCTUATION,
                Character.DASH_PUNCTUATION, Character.START_PUNCTUATION, Character.END_PUNCTUATION,
                Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION,
                Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL, Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL -> true;
            default -> false;
        };
    }

    private static Optional<String> measurement(Layout layout) {
        return layout.measurement().isLiteral() ? Optional.of(layout.measurement().literalText()) : Optional.empty();
    }

    private static List<Statement> examples(Layout layout, EventKindSample sample) {
        List<Statement> out = new ArrayList<>();
        Optional<String> m = measurement(layout);
        if (m.isEmpty()) {
            return out; // a templated name has no one measurement to ask; cardinal lint says why that hurts
        }
        String from = InfluxQl.identifier(m.get());
        Optional<FieldSpec> counted = layout.fields().stream().filter(f -> f.key().isLiteral()).findFirst();
        if (counted.isEmpty()) {
            return out;
        }
        String field = InfluxQl.identifier(counted.get().key().literalText());
        Optional<TagSpec> tag = layout.tags().stream().filter(t -> t.value().singleRef().isPresent()).findFirst();
        if (tag.isPresent()) {
            String key = InfluxQl.identifier(tag.get().key());
            Optional<String> value = sample == null ? Optional.empty()
                : ExampleValues.mostFrequent(sample, tag.get().value().singleRef().get(), InfluxQl::writable);
            value.ifPresent(v -> out.add(new Statement("filter by a tag: points of " + tag.get().key() + " = " + v,
                "SELECT COUNT(" + field + ") FROM " + from + " WHERE " + key + " = " + InfluxQl.string(v))));
            out.add(new Statement("group by a tag: points per " + tag.get().key(),
                "SELECT COUNT(" + field + ") FROM " + from + " GROUP BY " + key));
        }
        for (FieldSpec f : layout.fields()) {
            if (!f.key().isLiteral() || sample == null) {
                continue;
            }
            var a = sample.attribute(f.attribute());
            if (a.isPresent() && (a.get().type() == ValueType.FLOAT || a.get().type() == ValueType.INTEGER)) {
                String k = InfluxQl.identifier(layout.fieldKeyOf(f.attribute()));
                out.add(new Statement("a field over time: hourly mean, max and sum of " + f.key().literalText() + " over the last day",
                    "SELECT MEAN(" + k + "), MAX(" + k + "), SUM(" + k + ") FROM " + from
                        + " WHERE time > now() - 1d GROUP BY time(1h) fill(none)"));
                break;
            }
        }
        return out;
    }
}
