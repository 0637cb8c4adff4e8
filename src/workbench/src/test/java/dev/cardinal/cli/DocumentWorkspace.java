package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

/** The custom-metrics workspace with an OpenSearch target of 5,000 fields, bound to its NDJSON documents. */
final class DocumentWorkspace {
    private DocumentWorkspace() {
    }

    static Path write(Path dir) throws Exception {
        assertEquals(0, CliRun.of("sample-data", "custom-metrics", "--documents", "-o", dir.toString()).code());
        Path ws = dir.resolve("custom-metrics/custom-metrics.cardinal.json");
        String json = Files.readString(ws).replaceFirst("\"formatVersion\" *: *1", "\"formatVersion\": 3")
            .replaceFirst("\"targets\" *: *\\[ *]", "\"targets\": [{ \"id\": \"search\", \"name\": \"search\", \"kind\":"
                + " \"opensearch\", \"url\": \"http://127.0.0.1:9\", \"database\": \"metrics\", \"limits\": {"
                + " \"totalFields\": 5000 } }]")
            .replaceFirst("\"path\" *: *\"traffic.lp.gz\" *, *\"format\" *: *\"line-protocol\"",
                "\"path\": \"documents.ndjson.gz\", \"format\": \"ndjson\", \"eventKind\": \"custom_metric\"");
        Files.writeString(ws, json);
        return ws;
    }
}
