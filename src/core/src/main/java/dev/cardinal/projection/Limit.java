package dev.cardinal.projection;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A server limit a layout can run into. Limits are data ({@code limits.json} beside this class), so a new product
 * or a changed default is an edit to that file, not to code.
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

    /** The limits shipped with Cardinal. */
    public static List<Limit> defaults() {
        return Defaults.LIMITS;
    }

    private static final AtomicBoolean LOADING = new AtomicBoolean();

    /**
     * Starts reading the shipped limits on a thread of its own (once, however often it is called), so that it (and
     * loading Jackson, which it needs first) overlaps whatever the caller does next: starting the toolkit, or setting
     * up the command line.
     */
    public static void loadInBackground() {
        if (!LOADING.compareAndSet(false, true)) {
            return;
        }
        Thread t = new Thread(() -> {
            defaults();
            ProjectionSettings.defaults();
        }, "cardinal-limits");
        t.setDaemon(true);
        t.start();
    }

    /** The shipped limits, read once (the list is immutable). */
    private static final class Defaults {
        static final List<Limit> LIMITS = read();
    }

    private static List<Limit> read() {
        try (InputStream in = Limit.class.getResourceAsStream("limits.json")) {
            if (in == null) {
                throw new IllegalStateException("limits.json is missing from the build");
            }
            // jackson-core's parser alone: Jackson's data binding (some 300 classes) costs a command's start-up
            // more CPU time than it would save here
            try (JsonParser p = new JsonFactory().createParser(in)) {
                return parse(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An array of objects with {@code id}, {@code product}, {@code metric}, {@code value} and {@code source}. */
    static List<Limit> parse(JsonParser p) throws IOException {
        if (p.nextToken() != JsonToken.START_ARRAY) {
            throw new IOException("limits.json: an array of limits expected");
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
}
