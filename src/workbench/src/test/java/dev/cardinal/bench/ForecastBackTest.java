package dev.cardinal.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.opensearch.EngineMapping;
import dev.cardinal.opensearch.OpenSearchNode;
import dev.cardinal.projection.LimitForecast;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.MappingProjector;
import dev.cardinal.traffic.NdjsonDocuments;
import dev.cardinal.traffic.scenarios.CustomMetricsDocuments;
import dev.cardinal.traffic.scenarios.DocumentShape;
import dev.cardinal.traffic.scenarios.NamedMetricsDocuments;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Back-tests the time to {@code index.mapping.total_fields.limit} on document streams of every {@link DocumentShape}
 * (and the custom-metrics scenario the forecast was first made for): per stream, the forecast from its first 10%, 20%
 * and 50% of documents against the truth, the time of the first document a real in-process OpenSearch 2.19.6 node
 * refuses for the limit when the stream is written to it with {@code _bulk} (default limit, one shard). The node's
 * field count and first refused document are checked against the projection; a disagreement stops the bench,
 * since the truth would then be in doubt.
 * Each prefix is forecast twice: as before issue 36 (a line over the later half of the wanted-fields curve, what
 * {@code analyze} does without {@code --tenant}) and from the tenants ({@code --tenant tenant}: {@link LimitForecast}).
 * Run: mvn -q -o -DskipTests -Pbench test-compile exec:exec -Dbench.main=dev.cardinal.bench.ForecastBackTest -Dbench=300000
 * ({@code -Dbench=ROWS,SEED}; the custom-metrics scenario always has its own 40,000 documents and seed).
 */
public final class ForecastBackTest {
    private static final double[] PREFIXES = {0.10, 0.20, 0.50};
    private static final ObjectMapper JSON = new ObjectMapper();

    private ForecastBackTest() {
    }

    /** One stream: its name and its documents, one JSON object a line. */
    private record Stream(String name, List<String> lines) {
    }

    public static void main(String[] args) throws Exception {
        String[] a = args.length > 0 ? args[0].split(",") : new String[0];
        long rows = a.length > 0 && a[0].matches("\\d+") ? Long.parseLong(a[0]) : NamedMetricsDocuments.defaultRows();
        long seed = a.length > 1 && a[1].matches("\\d+") ? Long.parseLong(a[1]) : 36;
        List<Stream> streams = new ArrayList<>();
        StringWriter custom = new StringWriter();
        CustomMetricsDocuments.write(custom, CustomMetricsDocuments.defaultRows());
        streams.add(new Stream("custom-metrics", custom.toString().lines().toList()));
        for (DocumentShape shape : DocumentShape.values()) {
            StringWriter out = new StringWriter();
            NamedMetricsDocuments.write(out, rows, shape, seed);
            streams.add(new Stream(shape.id(), out.toString().lines().toList()));
        }
        System.out.printf(Locale.ROOT, "Streams of %,d documents (custom-metrics: %,d), seed %d; the truth from OpenSearch"
            + " 2.19.6 in process.%n%n", rows, CustomMetricsDocuments.defaultRows(), seed);
        System.out.println("| stream | fields wanted | node: first refused (document, day) | prefix"
            + " | line (no tenant key): day, error | tenants: forecast day, error | range (day) | range holds truth |");
        System.out.println("|---|---:|---|---:|---|---|---|---|");
        try (OpenSearchNode node = OpenSearchNode.start()) {
            for (Stream s : streams) {
                long t0 = System.nanoTime();
                backTest(s, node);
                System.err.printf(Locale.ROOT, "%s: %.0f s%n", s.name(), (System.nanoTime() - t0) / 1e9);
                node.deleteIndex("backtest-" + s.name());
            }
        }
    }

    private static void backTest(Stream s, OpenSearchNode node) throws IOException, InterruptedException {
        byte[] bytes = String.join("\n", s.lines()).getBytes(StandardCharsets.UTF_8);
        long[] at = new long[s.lines().size()];
        // the forecast as it was (a line over the later half of the wanted-fields curve) beside the one from tenants
        MappingProjector line = new MappingProjector();
        MappingProjector projector = new MappingProjector(1_000, "tenant");
        List<MappingProjection[]> prefixes = new ArrayList<>();
        int[] cut = new int[PREFIXES.length];
        for (int i = 0; i < PREFIXES.length; i++) {
            cut[i] = (int) Math.round(PREFIXES[i] * at.length);
        }
        int[] n = {0};
        var problems = NdjsonDocuments.read(new ByteArrayInputStream(bytes), s.name(), d -> {
            at[n[0]++] = d.timeNanos();
            line.accept(d);
            projector.accept(d);
            for (int c : cut) {
                if (n[0] == c) {
                    prefixes.add(new MappingProjection[]{line.result(), projector.result()});
                }
            }
        });
        if (!problems.isEmpty() || n[0] != at.length) {
            throw new IllegalStateException(s.name() + ": the generator wrote unreadable lines: " + problems);
        }
        MappingProjection whole = projector.result();
        long first = firstRefusedOnTheNode(node, "backtest-" + s.name(), s.lines());
        long projectedFirst = whole.firstLimitRefusal() == null ? 0 : whole.firstLimitRefusal().document();
        if (first != projectedFirst) {
            throw new IllegalStateException(s.name() + ": the node first refused document " + first + ", the projection "
                + projectedFirst);
        }
        double truth = first == 0 ? Double.NaN : (at[(int) first - 1] - at[0]) / 1e9;
        String refused = first == 0 ? "none in " + days(whole.spanSeconds()) + " days"
            : String.format(Locale.ROOT, "%,d, %s", first, days(truth));
        for (int i = 0; i < PREFIXES.length; i++) {
            MappingProjection before = prefixes.get(i)[0];
            MappingProjection after = prefixes.get(i)[1];
            String lineCell = before.limitReachedInSample() ? "reached in the prefix" : before.secondsToLimit().isEmpty()
                ? "none" : days(before.secondsToLimit().getAsDouble()) + ", " + error(before.secondsToLimit().getAsDouble(), truth);
            LimitForecast f = after.tenantForecast();
            String forecast;
            String range;
            String holds;
            if (after.limitReachedInSample()) {
                forecast = "reached in the prefix";
                range = "";
                holds = "";
            } else {
                forecast = f.cannotTell() != null ? "cannot tell" : Double.isInfinite(f.seconds()) ? "never"
                    : days(f.seconds()) + ", " + error(f.seconds(), truth);
                range = days(f.low()) + " to " + days(f.high());
                holds = Double.isNaN(truth) ? (Double.isInfinite(f.high()) ? "yes" : "no") : f.holds(truth) ? "yes" : "**no**";
            }
            System.out.printf(Locale.ROOT, "| %s | %,d | %s | %d%% | %s | %s | %s | %s |%n", s.name(),
                whole.wantedFields(), refused, Math.round(PREFIXES[i] * 100), lineCell, forecast, range, holds);
        }
    }

    /**
     * Writes the documents to a new index with the default limit in batches of 500, up to the batch in which the
     * limit refuses its first document (each refused document costs the node a mapping merge, and what follows
     * the first cannot change which one it was): its 1-based place, or 0 when none is refused. Checks that the
     * node's mapping then holds as many fields as the projection of the documents written.
     */
    private static long firstRefusedOnTheNode(OpenSearchNode node, String index, List<String> lines)
        throws IOException, InterruptedException {
        node.createIndex(index, null);
        MappingProjector written = new MappingProjector();
        long first = 0;
        int from = 0;
        while (from < lines.size() && first == 0) {
            List<String> batch = lines.subList(from, Math.min(lines.size(), from + 500));
            StringBuilder bulk = new StringBuilder();
            batch.forEach(d -> bulk.append("{\"index\":{}}\n").append(d).append('\n'));
            JsonNode items = JSON.readTree(node.ok("POST", "/" + index + "/_bulk", bulk.toString())).path("items");
            for (int i = 0; i < items.size() && first == 0; i++) {
                if (items.get(i).path("index").path("error").path("reason").asText().startsWith("Limit of total fields")) {
                    first = from + i + 1;
                }
            }
            int line = from;
            NdjsonDocuments.read(new ByteArrayInputStream(String.join("\n", batch).getBytes(StandardCharsets.UTF_8)),
                index, d -> written.accept(new NdjsonDocuments.Document(d.line() + line, d.json(), d.timeNanos())));
            from += batch.size();
        }
        long fields = EngineMapping.of(node, index).fields();
        if (fields != written.result().fields()) {
            throw new IllegalStateException(index + ": the node holds " + fields + " fields after " + from
                + " documents, the projection " + written.result().fields());
        }
        return first;
    }

    private static String error(double forecast, double truth) {
        return Double.isNaN(truth) ? "none came" : String.format(Locale.ROOT, "%+.1f%%", 100 * (forecast - truth) / truth);
    }

    private static String days(double seconds) {
        return Double.isInfinite(seconds) ? "never" : String.format(Locale.ROOT, "%.2f", seconds / 86_400);
    }
}
