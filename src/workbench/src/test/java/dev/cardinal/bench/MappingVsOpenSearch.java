package dev.cardinal.bench;

import dev.cardinal.opensearch.OpenSearchNode;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.MappingProjector;
import dev.cardinal.traffic.NdjsonDocuments;
import dev.cardinal.traffic.scenarios.CustomMetricsDocuments;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Documents per second that Cardinal reads and projects (NdjsonDocuments into a MappingProjector, from memory, one
 * thread; best of five after two warm-ups), beside the indexing rate of a real in-process OpenSearch 2.19.6 node on
 * the same documents ({@code _bulk} of 2,000 into one shard with the default total-fields limit, refusals included;
 * the node on the same JVM and machine).
 * Run: mvn -q -DskipTests -Pbench test-compile exec:exec -Dbench.main=dev.cardinal.bench.MappingVsOpenSearch -Dbench=40000
 */
public final class MappingVsOpenSearch {
    private MappingVsOpenSearch() {
    }

    public static void main(String[] args) throws Exception {
        int rows = Integer.parseInt(args.length > 0 && args[0].matches("\\d+") ? args[0] : "40000");
        StringWriter out = new StringWriter();
        CustomMetricsDocuments.write(out, rows);
        byte[] bytes = out.toString().getBytes(StandardCharsets.UTF_8);
        long best = Long.MAX_VALUE;
        MappingProjection p = null;
        for (int i = 0; i < 7; i++) {
            long t0 = System.nanoTime();
            MappingProjector projector = new MappingProjector();
            NdjsonDocuments.read(new ByteArrayInputStream(bytes), "bench", projector);
            p = projector.result();
            if (i >= 2) {
                best = Math.min(best, System.nanoTime() - t0);
            }
        }
        System.out.printf(Locale.ROOT, "cardinal: %,d documents (%,d bytes) read and projected in %.0f ms: %,.0f documents/s"
            + " (mapping %d fields, %d refused by the limit)%n", rows, bytes.length, best / 1e6, rows / (best / 1e9),
            p.fields(), p.refused().values().stream().mapToLong(Long::longValue).sum());

        List<String> lines = out.toString().lines().toList();
        try (OpenSearchNode node = OpenSearchNode.start()) {
            node.createIndex("bench", null);
            long t0 = System.nanoTime();
            for (int from = 0; from < lines.size(); from += 2_000) {
                StringBuilder bulk = new StringBuilder();
                for (String line : lines.subList(from, Math.min(lines.size(), from + 2_000))) {
                    bulk.append("{\"index\":{}}\n").append(line).append('\n');
                }
                node.ok("POST", "/bench/_bulk", bulk.toString());
            }
            node.ok("POST", "/bench/_refresh", null);
            long ns = System.nanoTime() - t0;
            System.out.printf(Locale.ROOT, "OpenSearch 2.19.6 (in process, 1 shard): %,d documents indexed in %.0f ms:"
                + " %,.0f documents/s%n", rows, ns / 1e6, rows / (ns / 1e9));
        }
    }
}
