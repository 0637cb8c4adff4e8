package dev.cardinal.opensearch;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/** The custom-metrics sample workspace with an OpenSearch target, copied with its traffic into a test's folder. */
public final class CustomMetricsWorkspace {
    private CustomMetricsWorkspace() {
    }

    /** {@code DIR/metrics.cardinal.json}: format 3, target {@code search} at {@code node}, {@code index}, {@code limit} fields. */
    public static Path write(Path dir, URI node, String index, long limit) throws Exception {
        String json = Files.readString(Path.of("sample-data/custom-metrics/custom-metrics.cardinal.json"))
            .replace("\"formatVersion\": 1", "\"formatVersion\": 3")
            .replace("\"targets\": []", "\"targets\": [{ \"id\": \"search\", \"name\": \"search\", \"kind\": \"opensearch\","
                + " \"url\": \"" + node + "\", \"database\": \"" + index + "\", \"limits\": { \"totalFields\": " + limit + " } }]");
        Path ws = dir.resolve("metrics.cardinal.json");
        Files.writeString(ws, json);
        Files.copy(Path.of("sample-data/custom-metrics/traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        return ws;
    }
}
