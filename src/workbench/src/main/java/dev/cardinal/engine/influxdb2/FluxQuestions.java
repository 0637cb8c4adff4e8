package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.ContrastQuestion;
import dev.cardinal.engine.DatabaseName;
import dev.cardinal.engine.QueryWriter;
import dev.cardinal.engine.QuestionParts;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import java.util.Optional;

/**
 * The comparison's questions in Flux, written alongside the InfluxQL answers: the same filter and the same grouping
 * per day, read from the bucket the generated code names ({@code database/retention policy}).
 */
final class FluxQuestions implements QueryWriter {

    @Override
    public Optional<Written> write(ContrastQuestion question) {
        String db = DatabaseName.of(question.database());
        String flux;
        if (question instanceof ContrastQuestion.PointsWhere q) {
            flux = pointsWhere(db, q.layout(), q.attribute(), q.value(), q.counted());
        } else if (question instanceof ContrastQuestion.DailyCountOf q) {
            flux = dailyCountOf(db, q.layout(), q.entity(), q.value(), q.field());
        } else {
            ContrastQuestion.DailyCountPer q = (ContrastQuestion.DailyCountPer) question;
            flux = dailyCountPer(db, q.layout(), q.entity(), q.field());
        }
        return Optional.ofNullable(flux).map(f -> new Written(f, ""));
    }

    private static String from(String db, Layout l, String since) {
        return "from(bucket: " + Flux.string(FluxGenerator.bucket(db, l)) + ")\n  |> range(start: " + since + ")\n";
    }

    /** The measurement test in Flux: equality, or the same regular expression InfluxQL uses over names. */
    private static String measurement(Layout l, String attr, String value) {
        return l.measurement().isLiteral() ? "r._measurement == " + Flux.string(l.measurement().literalText())
            : "r._measurement =~ " + QuestionParts.measurementPattern(l, attr, value);
    }

    private static String pointsWhere(String db, Layout l, String attr, String value, String counted) {
        String field = counted != null ? counted : l.fields().stream().filter(FieldSpec::isPlain).map(f -> f.key().literalText())
            .findFirst().orElse(null);
        String base = from(db, l, "-1d");
        String ofField = field == null ? "" : " and r._field == " + Flux.string(field);
        return switch (l.roleOf(attr)) {
            case TAG -> base + "  |> filter(fn: (r) => " + measurement(l, attr, null) + " and " + Flux.column(QuestionParts.tagKey(l, attr))
                + " == " + Flux.string(value) + ofField + ")\n  |> count()";
            case FIELD -> base + "  |> filter(fn: (r) => " + measurement(l, attr, null) + ")\n"
                + "  |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")\n"
                + "  |> filter(fn: (r) => " + Flux.column(QuestionParts.fieldKey(l, attr)) + " == " + Flux.string(value) + ")\n"
                + "  |> count(column: " + Flux.string(field == null ? QuestionParts.fieldKey(l, attr) : field) + ")";
            case IN_TEMPLATE -> {
                if (l.measurement().attributes().contains(attr)) {
                    yield base + "  |> filter(fn: (r) => " + measurement(l, attr, value) + ofField + ")\n  |> count()";
                }
                TagSpec t = QuestionParts.templatedTag(l, attr);
                yield t == null ? null : base + "  |> filter(fn: (r) => " + measurement(l, attr, null) + " and " + Flux.column(t.key())
                    + " =~ /" + QuestionParts.tagPattern(t.value(), attr, value) + "/" + ofField + ")\n  |> count()";
            }
            case DROPPED -> null;
        };
    }

    private static String dailyCountOf(String db, Layout l, String id, String value, String field) {
        String base = from(db, l, "-365d") + "  |> filter(fn: (r) => " + measurement(l, id, null);
        String perDay = "  |> group()\n  |> aggregateWindow(every: 1d, fn: count";
        return switch (l.roleOf(id)) {
            case TAG -> base + " and " + Flux.column(QuestionParts.tagKey(l, id)) + " == " + Flux.string(value) + " and r._field == "
                + Flux.string(QuestionParts.fieldKey(l, field)) + ")\n" + perDay + ")";
            case FIELD -> base + ")\n  |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")\n"
                + "  |> filter(fn: (r) => " + Flux.column(QuestionParts.fieldKey(l, id)) + " == " + Flux.string(value) + ")\n"
                + perDay + ", column: " + Flux.string(QuestionParts.fieldKey(l, field)) + ")";
            default -> null;
        };
    }

    private static String dailyCountPer(String db, Layout l, String id, String field) {
        if (l.roleOf(id) != dev.cardinal.model.Role.TAG) {
            return null;
        }
        String key = QuestionParts.tagKey(l, id);
        return from(db, l, "-365d") + "  |> filter(fn: (r) => " + measurement(l, id, null)
            + " and r._field == " + Flux.string(QuestionParts.fieldKey(l, field)) + ")\n  |> group(columns: ["
            + Flux.string(key) + "])\n  |> aggregateWindow(every: 1d, fn: count)";
    }
}
