package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.ContrastQuestion;
import dev.cardinal.engine.QueryWriter;
import dev.cardinal.engine.QuestionParts;
import dev.cardinal.model.Durations;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The comparison's questions in InfluxQL: a closed-set filter is a tag filter in one layout and perhaps a regular
 * expression over measurement names or a field scan in another; a question per entity is a tag filter or a field
 * filter for one entity, and a GROUP BY over a tag for every entity (InfluxQL groups by tags alone). The note says
 * what each query costs, or why the layout cannot answer.
 */
final class InfluxQlQuestions implements QueryWriter {
    private static final Duration YEAR = Duration.ofDays(365);

    @Override
    public Optional<Written> write(ContrastQuestion question) {
        if (question instanceof ContrastQuestion.PointsWhere q) {
            return Optional.of(pointsWhere(q.layout(), q.attribute(), q.value(), q.counted()));
        }
        if (question instanceof ContrastQuestion.DailyCountOf q) {
            return Optional.of(dailyCountOf(q.layout(), q.entity(), q.value(), q.field()));
        }
        return Optional.of(dailyCountPer((ContrastQuestion.DailyCountPer) question));
    }

    /** FROM clause: the measurement, or a regular expression over the names a templated measurement writes. */
    static String from(Layout l, String attr, String value) {
        return l.measurement().isLiteral() ? InfluxQl.identifier(l.measurement().literalText())
            : QuestionParts.measurementPattern(l, attr, value);
    }

    private static String anyField(Layout l, String preferred) {
        if (preferred != null) {
            return InfluxQl.identifier(preferred);
        }
        return l.fields().stream().filter(FieldSpec::isPlain).map(f -> InfluxQl.identifier(f.key().literalText())).findFirst()
            .orElse("*");
    }

    private static Written pointsWhere(Layout l, String attr, String value, String counted) {
        String last = " AND time > now() - 1d";
        return switch (l.roleOf(attr)) {
            case TAG -> new Written("SELECT COUNT(" + anyField(l, counted) + ") FROM " + from(l, attr, null) + " WHERE "
                + InfluxQl.identifier(QuestionParts.tagKey(l, attr)) + " = " + InfluxQl.string(value) + last,
                "a tag filter: the index finds the series of " + attr + " = " + value + " at once");
            case FIELD -> new Written("SELECT COUNT(" + anyField(l, counted) + ") FROM " + from(l, attr, null) + " WHERE "
                + InfluxQl.identifier(QuestionParts.fieldKey(l, attr)) + " = " + InfluxQl.string(value) + last,
                "a field filter: every series of the measurement is read and each point compared");
            case IN_TEMPLATE -> {
                if (l.measurement().attributes().contains(attr)) {
                    yield new Written("SELECT COUNT(" + anyField(l, counted) + ") FROM " + from(l, attr, value) + " WHERE time > now() - 1d",
                        "a regular expression over measurement names: " + attr + " is encoded in the name");
                }
                TagSpec t = QuestionParts.templatedTag(l, attr);
                if (t != null) {
                    yield new Written("SELECT COUNT(" + anyField(l, counted) + ") FROM " + from(l, attr, null) + " WHERE "
                        + InfluxQl.identifier(t.key()) + " =~ /" + QuestionParts.tagPattern(t.value(), attr, value) + "/" + last,
                        "a regular expression over the values of tag " + t.key() + ", which packs several facts");
                }
                yield new Written(null, attr + " is only written into field keys: each of its values is a different field");
            }
            case DROPPED -> new Written(null, "the layout does not write " + attr);
        };
    }

    /** One entity's count per day: a tag filter or a field filter, each grouped by day. */
    private static Written dailyCountOf(Layout l, String id, String value, String field) {
        String count = "SELECT COUNT(" + InfluxQl.identifier(QuestionParts.fieldKey(l, field)) + ") FROM " + from(l, id, null) + " WHERE ";
        String range = " AND time > now() - 365d GROUP BY time(1d)";
        return switch (l.roleOf(id)) {
            case TAG -> new Written(count + InfluxQl.identifier(QuestionParts.tagKey(l, id)) + " = " + InfluxQl.string(value) + range,
                "a tag filter: the index finds the series of " + id + " = " + value + " at once, then one count a day" + kept(l));
            case FIELD -> new Written(count + InfluxQl.identifier(QuestionParts.fieldKey(l, id)) + " = " + InfluxQl.string(value) + range,
                "a field filter: every point of the measurement in the range is read and compared to keep one " + id
                    + "'s, then one count a day" + kept(l));
            default -> new Written(null, "the layout does not write " + id + " where a query can filter on it");
        };
    }

    /** Every entity's count per day: a GROUP BY over a tag, or why InfluxQL has no such query. */
    private static Written dailyCountPer(ContrastQuestion.DailyCountPer q) {
        Layout l = q.layout();
        String id = q.entity();
        String field = q.field();
        Role role = l.roleOf(id);
        if (role == Role.TAG) {
            String key = QuestionParts.tagKey(l, id);
            long values = q.projection().now().tags().getOrDefault(key, 0L);
            return new Written("SELECT COUNT(" + InfluxQl.identifier(QuestionParts.fieldKey(l, field)) + ") FROM "
                + from(l, id, null) + " WHERE time > now() - 365d GROUP BY time(1d), " + InfluxQl.identifier(key),
                "a GROUP BY over a tag that grows with traffic: " + String.format(Locale.ROOT, "%,d", values)
                    + " values in the sample alone, each with its series in the index; the answer needs 365 days of raw points"
                    + kept(l));
        }
        if (role == Role.FIELD) {
            Optional<Rollup> keyed = q.workspace().rollups().stream().filter(r -> r.layout().equals(l.id())
                && r.destination().kind() == Rollup.DestinationKind.RELATIONAL_TABLE && r.groupBy().contains(id)).findFirst();
            String rollup = keyed.map(r -> "; rollup " + r.name() + " is keyed by " + id + " but keeps " + aggregates(r)
                + (r.window().equals(Duration.ofDays(1)) ? "" : " per " + Durations.format(r.window()))
                + ", not a daily count of " + field + ": add one to it to answer this").orElse(
                "; a daily rollup into a relational table keyed by " + id + " that counts " + field + " answers it");
            return new Written(null, "not answered alike: InfluxQL groups by tags only and " + id + " is a field, "
                + "and a subquery cannot group by a field either, so no query gives a row per " + id + " and day; one " + id
                + " at a time is the question above, a scan of the range each" + rollup);
        }
        return new Written(null, "the layout does not write " + id + " where a query can group by it");
    }

    private static String aggregates(Rollup r) {
        return r.aggregates().stream().map(a -> a.function().id() + "(" + a.attribute() + ")").collect(Collectors.joining(", "));
    }

    /** What a retention policy shorter than the year leaves of it: the same query, over fewer days. */
    private static String kept(Layout l) {
        Duration d = l.retention().duration();
        if (l.retention().isInfinite() || d.compareTo(YEAR) >= 0) {
            return "";
        }
        return "; retention policy " + l.retention().name() + " keeps " + Durations.format(d) + " of raw points, so the answer"
            + " covers the last " + Durations.format(d) + " of the year only";
    }
}
