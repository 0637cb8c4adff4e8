package dev.cardinal.engine.influxdb2;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The rewrite of one window of a live layout's data into a new layout on InfluxDB 2.x or Cloud, as one Flux script:
 * {@code from |> range |> filter |> pivot |> map |> to}. After the pivot every old tag and field is a column of the row
 * under its old key; {@code map} builds the new row (a field made a tag is written with {@code string()}, as tags are
 * strings), and {@code to} writes the new tags ({@code tagColumns}) and fields ({@code fieldFn}). Unlike InfluxQL's
 * SELECT INTO, Flux can rename a tag and make a field into a tag. Names and strings go through {@link Flux#string}.
 * Sources: <a href="https://docs.influxdata.com/flux/v0/stdlib/influxdata/influxdb/to/">to()</a> (tagColumns, fieldFn:
 * "a function that returns a record of field keys and values"),
 * <a href="https://docs.influxdata.com/flux/v0/stdlib/universe/pivot/">pivot()</a>,
 * <a href="https://docs.influxdata.com/flux/v0/stdlib/universe/map/">map()</a>.
 */
public final class FluxMigration {
    private FluxMigration() {
    }

    /** One window's script, from {@code start} (inclusive) to {@code stop} (exclusive). */
    public static String window(String bucket, Layout from, String intoBucket, Layout to, String intoMeasurement, Instant start,
                                Instant stop) {
        requireLiteral(from);
        requireLiteral(to);
        List<String> row = new ArrayList<>(List.of("_time: r._time", "_measurement: " + Flux.string(intoMeasurement)));
        List<String> tagKeys = new ArrayList<>();
        for (TagSpec t : to.tags()) {
            String attribute = t.value().singleRef().orElseThrow();
            String old = column(from, attribute, to);
            row.add(Flux.string(t.key()) + ": " + (from.roleOf(attribute) == Role.FIELD ? "string(v: " + old + ")" : old));
            tagKeys.add(t.key());
        }
        List<String> fields = new ArrayList<>();
        for (FieldSpec f : to.fields()) {
            String key = f.key().literalText();
            row.add(Flux.string(key) + ": " + column(from, f.attribute(), to));
            fields.add(Flux.string(key) + ": " + Flux.column(key));
        }
        return "from(bucket: " + Flux.string(bucket) + ")\n"
            + "    |> range(start: " + start + ", stop: " + stop + ")\n"
            + "    |> filter(fn: (r) => r._measurement == " + Flux.string(from.measurement().literalText()) + ")\n"
            + "    |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")\n"
            + "    |> map(fn: (r) => ({" + String.join(", ", row) + "}))\n"
            + "    |> to(bucket: " + Flux.string(intoBucket) + ", tagColumns: " + Flux.list(tagKeys)
            + ", fieldFn: (r) => ({" + String.join(", ", fields) + "}))\n";
    }

    /** The column of the pivoted row that holds {@code attribute}: its tag key or field key in the old layout. */
    private static String column(Layout from, String attribute, Layout to) {
        return switch (from.roleOf(attribute)) {
            case TAG -> Flux.column(from.tagKeyOf(attribute));
            case FIELD -> Flux.column(from.fieldKeyOf(attribute));
            default -> throw new IllegalArgumentException("'" + to.id() + "' stores '" + attribute + "', which '" + from.id()
                + "' does not store");
        };
    }

    private static void requireLiteral(Layout l) {
        if (!l.measurement().isLiteral() || l.tags().stream().anyMatch(t -> t.value().singleRef().isEmpty())
            || l.fields().stream().anyMatch(f -> !f.key().isLiteral())) {
            throw new IllegalArgumentException("layout '" + l.id() + "' builds names from templates, which this rewrite does not compute");
        }
    }
}
