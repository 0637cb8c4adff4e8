package dev.cardinal.projection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
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
            return parse(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Limit> parse(JsonNode array) {
        List<Limit> limits = new ArrayList<>();
        for (JsonNode n : array) {
            limits.add(new Limit(n.get("id").asText(), n.get("product").asText(), Metric.fromId(n.get("metric").asText()),
                n.get("value").asLong(), n.get("source").asText()));
        }
        return List.copyOf(limits);
    }
}
