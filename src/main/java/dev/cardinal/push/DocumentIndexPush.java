package dev.cardinal.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Writes a document sample to a new index of an OpenSearch or Elasticsearch cluster over its REST API and reads the
 * engine's own numbers back: the fields of {@code GET index/_mapping}, counted as the total-fields limit counts
 * them, the documents indexed, and the documents refused by reason. It creates the index and never writes to one
 * that exists. Credentials are a header built in memory from what the caller got from the environment; they are
 * never logged or kept.
 */
public final class DocumentIndexPush {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BATCH = 2_000;
    private final URI base;
    private final String authorization;
    private final HttpClient http;
    private final Duration timeout;

    /**
     * @param base          the cluster, e.g. {@code https://search.example:9200}
     * @param authorization the value of the Authorization header ({@link #apiKey} or {@link #basic}), or null
     */
    public DocumentIndexPush(URI base, String authorization, Duration timeout) {
        String s = base.toString();
        this.base = URI.create(s.endsWith("/") ? s : s + "/");
        this.authorization = authorization;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    public static String apiKey(char[] key) {
        return "ApiKey " + new String(key);
    }

    public static String basic(String user, char[] password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + new String(password))
            .getBytes(StandardCharsets.UTF_8));
    }

    /**
     * What the engine made of the sample.
     *
     * @param fields            fields of the index's mapping, objects + leaves + multi-fields
     * @param indexed           documents the engine accepted
     * @param refusedByLimit    documents refused by the total-fields limit
     * @param refusedOther      documents refused for another reason (a value its field cannot take, a key)
     * @param firstLimitRefusal the 1-based place of the first document the limit refused, or 0
     * @param firstOtherReason  the engine's reason for the first other refusal, or null
     */
    public record Measured(long fields, long indexed, long refusedByLimit, long refusedOther, long firstLimitRefusal,
                           String firstOtherReason) {
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
        String path = URLEncoder.encode(index, StandardCharsets.UTF_8);
        if (exists(index)) {
            throw new PushException("the index '" + index + "' exists: Cardinal writes samples to a new index only");
        }
        ok("PUT", path, "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0"
            + (totalFieldsLimit == null ? "" : ",\"index.mapping.total_fields.limit\":" + totalFieldsLimit) + "}}");
        long indexed = 0;
        long byLimit = 0;
        long other = 0;
        long firstLimit = 0;
        String firstOther = null;
        for (int from = 0; from < documents.size(); from += BATCH) {
            StringBuilder bulk = new StringBuilder();
            for (String d : documents.subList(from, Math.min(documents.size(), from + BATCH))) {
                bulk.append("{\"index\":{}}\n").append(d).append('\n');
            }
            JsonNode items = JSON.readTree(ok("POST", path + "/_bulk", bulk.toString())).path("items");
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
        }
        JsonNode mapping = JSON.readTree(ok("GET", path + "/_mapping", null));
        long fields = count(mapping.path(index).path("mappings").path("properties"));
        return new Measured(fields, indexed, byLimit, other, firstLimit, firstOther);
    }

    /** Whether {@code index} exists (an alias or data stream of that name counts: it cannot be created either). */
    public boolean exists(String index) throws IOException, InterruptedException {
        int status = send("HEAD", URLEncoder.encode(index, StandardCharsets.UTF_8), null).statusCode();
        if (status != 200 && status != 404) {
            throw new PushException("HEAD " + index + ": HTTP " + status + (status == 401 || status == 403
                ? " (the cluster wants credentials with the right to read indices)" : ""));
        }
        return status == 200;
    }

    /** Objects and leaves count 1, each multi-field 1 more. */
    private static long count(JsonNode properties) {
        long n = 0;
        for (Map.Entry<String, JsonNode> e : properties.properties()) {
            n += 1 + e.getValue().path("fields").size();
            if (e.getValue().has("properties")) {
                n += count(e.getValue().get("properties"));
            }
        }
        return n;
    }

    private String ok(String method, String path, String body) throws IOException, InterruptedException {
        HttpResponse<String> r = send(method, path, body);
        if (r.statusCode() / 100 != 2) {
            String b = r.body() == null ? "" : r.body();
            throw new PushException(method + " " + path + ": HTTP " + r.statusCode() + ": "
                + (b.length() > 500 ? b.substring(0, 500) + "..." : b));
        }
        return r.body();
    }

    private HttpResponse<String> send(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout)
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            b.header("Content-Type", path.endsWith("_bulk") ? "application/x-ndjson" : "application/json");
        }
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** The cluster refused, or the index exists. */
    public static final class PushException extends IOException {
        private static final long serialVersionUID = 1L;

        public PushException(String message) {
            super(message);
        }
    }
}
