package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardinal.engine.DynamicIndex.Measured;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

/**
 * Writes a document sample to a new index of an OpenSearch or Elasticsearch cluster over its REST API and reads the
 * engine's own numbers back: the fields of {@code GET index/_mapping}, counted as the total-fields limit counts
 * them, the documents indexed, and the documents refused by reason. It creates the index and never writes to one
 * that exists. Credentials are a header built in memory from what the caller got from the environment; they are
 * never logged or kept.
 */
public final class DocumentIndexPush {
    private static final int BATCH = 2_000;
    /** How long a sample's writer waits for one request ({@link dev.cardinal.engine.DynamicIndex#REQUEST_TIMEOUT}). */
    public static final Duration SAMPLE_REQUEST_TIMEOUT = dev.cardinal.engine.DynamicIndex.REQUEST_TIMEOUT;
    private final IndexHttp http;

    /**
     * @param base          the cluster, e.g. {@code https://search.example:9200}
     * @param authorization the value of the Authorization header ({@link #apiKey} or {@link #basic}), or null
     */
    public DocumentIndexPush(URI base, String authorization, Duration timeout) {
        this.http = new IndexHttp(base, authorization, timeout);
    }

    public static String apiKey(char[] key) {
        return "ApiKey " + new String(key);
    }

    public static String basic(String user, char[] password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + new String(password))
            .getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Creates {@code index} (one shard, no replica, so documents are indexed in the order sent) and writes the
     * documents to it with {@code _bulk}.
     *
     * @param documents one JSON object per element, in order
     * @throws PushException when the index exists or the cluster answers with an error
     */
    public Measured writeSample(String index, List<String> documents) throws IOException, InterruptedException {
        return writeSample(index, documents, null);
    }

    /**
     * As {@link #writeSample(String, List)}, the index created with {@code index.mapping.total_fields.limit} set to
     * {@code totalFieldsLimit} when it is not null (else the cluster's default, 1,000 unless a template says other).
     */
    public Measured writeSample(String index, List<String> documents, Long totalFieldsLimit) throws IOException, InterruptedException {
        return writeSample(index, documents, totalFieldsLimit, dev.cardinal.engine.PushMonitor.NONE);
    }

    /**
     * As above, reporting each batch to {@code monitor}; when it is cancelled the write stops between batches (what
     * was written stays) with a {@link java.util.concurrent.CancellationException}.
     */
    public Measured writeSample(String index, List<String> documents, Long totalFieldsLimit, dev.cardinal.engine.PushMonitor monitor)
        throws IOException, InterruptedException {
        String path = IndexHttp.segment(index);
        if (exists(index)) {
            throw new PushException("the index '" + index + "' exists: Cardinal writes samples to a new index only");
        }
        http.ok("PUT", path, "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0"
            + (totalFieldsLimit == null ? "" : ",\"index.mapping.total_fields.limit\":" + totalFieldsLimit) + "}}");
        long indexed = 0;
        long byLimit = 0;
        long other = 0;
        long firstLimit = 0;
        String firstOther = null;
        for (int from = 0; from < documents.size(); from += BATCH) {
            if (monitor.cancelled()) {
                throw new java.util.concurrent.CancellationException("stopped after " + from + " documents");
            }
            StringBuilder bulk = new StringBuilder();
            for (String d : documents.subList(from, Math.min(documents.size(), from + BATCH))) {
                bulk.append("{\"index\":{}}\n").append(d).append('\n');
            }
            JsonNode items = http.okJson("POST", http.bulk(path), bulk.toString()).path("items");
            for (int i = 0; i < items.size(); i++) {
                JsonNode error = items.get(i).path("index").path("error");
                if (error.isMissingNode()) {
                    indexed++;
                } else if (error.path("reason").asText().startsWith("Limit of total fields")) {
                    byLimit++;
                    firstLimit = firstLimit == 0 ? from + i + 1 : firstLimit;
                } else {
                    other++;
                    firstOther = firstOther == null ? error.path("type").asText() + ": " + error.path("reason").asText()
                        : firstOther;
                }
            }
            monitor.progress("documents", Math.min(documents.size(), from + BATCH), documents.size());
        }
        JsonNode mapping = http.okJson("GET", path + "/_mapping", null);
        long fields = IndexMapping.of(mapping.path(index).path("mappings")).fields();
        return new Measured(fields, indexed, byLimit, other, firstLimit, firstOther);
    }

    /** Whether {@code index} exists (an alias or data stream of that name counts: it cannot be created either). */
    public boolean exists(String index) throws IOException, InterruptedException {
        int status = http.send("HEAD", IndexHttp.segment(index), null).status();
        if (status != 200 && status != 404) {
            throw new PushException("HEAD " + index + ": HTTP " + status + (status == 401 || status == 403
                ? " (the cluster wants credentials with the right to read indices)" : ""));
        }
        return status == 200;
    }
}
