package dev.cardinal.projection;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.cardinal.model.ServerLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A server limit a layout can run into. Limits are data: each engine ships its own ({@code limits.json} beside its
 * package's classes, read with {@link #read}), so a new product or a changed default is an edit to that file, not to
 * code.
 *
 * @param id      stable identifier, e.g. {@code influxdb1-max-series-per-database}
 * @param product which server or plan
 * @param metric  what is limited
 * @param value   the limit
 * @param source  where the number comes from
 */
public record Limit(String id, String product, Metric metric, long value, String source) {

    /** What a limit counts. */
    public enum Metric {
        /** Series in one database (or organisation, for Cloud plans). */
        SERIES,
        /** Distinct values of any one tag key. */
        VALUES_PER_TAG,
        /** Distinct field key names (one mapping holds them all). */
        FIELD_KEYS,
        /** Columns of one table: time, tag keys and field keys of the widest measurement. */
        COLUMNS_PER_TABLE,
        /** Tables, that is measurements. */
        TABLES;

        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static Metric fromId(String id) {
            for (Metric m : values()) {
                if (m.id().equals(id)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("unknown limit metric '" + id + "'");
        }
    }

    /**
     * The limits in the resource {@code name} beside {@code owner}'s class.
     *
     * @throws IllegalStateException when the build left it out
     */
    public static List<Limit> read(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " beside " + owner.getName() + " is missing from the build");
            }
            // jackson-core's parser alone: Jackson's data binding (some 300 classes) costs a command's start-up
            // more CPU time than it would save here
            try (JsonParser p = new JsonFactory().createParser(in)) {
                return parse(p, owner.getPackageName() + "/" + name);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Limit> parse(JsonParser p, String where) throws IOException {
        if (p.nextToken() != JsonToken.START_ARRAY) {
            throw new IOException(where + ": an array of limits expected");
        }
        List<Limit> limits = new ArrayList<>();
        while (p.nextToken() == JsonToken.START_OBJECT) {
            Map<String, String> fields = new HashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                fields.put(name, p.getValueAsString());
            }
            limits.add(new Limit(fields.get("id"), fields.get("product"), Metric.fromId(fields.get("metric")),
                Long.parseLong(fields.get("value")), fields.get("source")));
        }
        return List.copyOf(limits);
    }

    /**
     * A server's shipped limits with a target's own values: a value replaces the shipped one of its kind, 0 drops it
     * (InfluxDB's "unlimited"), and a value with no shipped limit of its kind adds one, named for {@code product}.
     */
    public static List<Limit> withOwn(List<Limit> shipped, ServerLimits own, String product) {
        List<Limit> out = new ArrayList<>(shipped);
        override(out, Metric.SERIES, own.maxSeriesPerDatabase(), "maxSeriesPerDatabase", product);
        override(out, Metric.VALUES_PER_TAG, own.maxValuesPerTag(), "maxValuesPerTag", product);
        override(out, Metric.FIELD_KEYS, own.totalFields(), "totalFields", product);
        return List.copyOf(out);
    }

    private static void override(List<Limit> limits, Metric metric, Long value, String setting, String product) {
        if (value == null) {
            return;
        }
        boolean found = false;
        for (int i = limits.size() - 1; i >= 0; i--) {
            Limit l = limits.get(i);
            if (l.metric() != metric) {
                continue;
            }
            found = true;
            if (value == 0) {
                limits.remove(i);
            } else {
                limits.set(i, new Limit(l.id(), l.product(), metric, value, "the target's " + setting + " (shipped default "
                    + String.format(Locale.ROOT, "%,d", l.value()) + ")"));
            }
        }
        if (!found && value > 0) {
            limits.add(new Limit("target-" + metric.id(), product, metric, value, "the target's " + setting));
        }
    }
}
