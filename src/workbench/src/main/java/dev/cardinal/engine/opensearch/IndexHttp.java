package dev.cardinal.engine.opensearch;

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

/**
 * The REST edge to one OpenSearch or Elasticsearch cluster: requests with the Authorization header built in memory
 * from what the caller took from the environment (never logged, never part of a message), and the engine's errors
 * turned into one sentence: the request, the status, the engine's error type and reason, and what caused it.
 */
final class IndexHttp {
    static final ObjectMapper JSON = new ObjectMapper();
    private final URI base;
    private final String authorization;
    private final HttpClient http;
    private final Duration timeout;

    /** @param authorization the Authorization header's value, or null */
    IndexHttp(URI base, String authorization, Duration timeout) {
        String s = base.toString();
        this.base = URI.create(s.endsWith("/") ? s : s + "/");
        this.authorization = authorization;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** The cluster, for display: never credentials (a URL that carries them is refused before this). */
    String url() {
        String s = base.toString();
        return s.substring(0, s.length() - 1);
    }

    /** One status and body. */
    record Response(int status, String body) {
        boolean ok() {
            return status / 100 == 2;
        }
    }

    /**
     * {@code INDEX/_bulk} with the engine's own wait for each document's dynamic mapping update ({@code timeout},
     * 1 minute by default) as long as this client waits for the answer, less half a minute: a busy cluster then applies
     * the update late instead of refusing the document, which would make a refusal the sample does not cause (seen on
     * a loaded test machine: hundreds of documents refused in one run, one in the next).
     */
    String bulk(String path) {
        long seconds = Math.max(60, timeout.toSeconds() - 30);
        return path + "/_bulk?timeout=" + seconds + "s";
    }

    /** A name as one path segment: every reserved character escaped, so a name cannot reach another endpoint. */
    static String segment(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }

    Response send(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path.startsWith("/") ? path.substring(1) : path))
            .timeout(timeout)
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            b.header("Content-Type", path.contains("_bulk") ? "application/x-ndjson" : "application/json");
        }
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return new Response(r.statusCode(), r.body() == null ? "" : r.body());
    }

    /** The body of a request that must succeed; else the engine's error as a sentence. */
    String ok(String method, String path, String body) throws IOException, InterruptedException {
        Response r = send(method, path, body);
        if (!r.ok()) {
            throw new PushException(method + " /" + stripSlash(path) + ": " + problem(r));
        }
        return r.body();
    }

    JsonNode okJson(String method, String path, String body) throws IOException, InterruptedException {
        return JSON.readTree(ok(method, path, body));
    }

    private static String stripSlash(String path) {
        return path.startsWith("/") ? path.substring(1) : path;
    }

    /** {@code HTTP 400 mapper_parsing_exception: reason (caused by: type: reason)}, with a hint for 401 and 403. */
    static String problem(Response r) {
        String head = "HTTP " + r.status();
        if (r.status() == 401 || r.status() == 403) {
            head += " (the cluster wants credentials with the right to do this: --api-key-env VAR, or --user with --password-env)";
        }
        JsonNode error;
        try {
            error = JSON.readTree(r.body()).path("error");
        } catch (IOException notJson) {
            String b = r.body().strip();
            return head + (b.isEmpty() ? "" : ": " + (b.length() > 300 ? b.substring(0, 300) + "..." : b));
        }
        return head + (error.isMissingNode() ? "" : ": " + error(error));
    }

    /** An engine error object as {@code type: reason (caused by type: reason; caused by ...)}. */
    static String error(JsonNode error) {
        if (error.isTextual()) {
            return error.asText();
        }
        StringBuilder s = new StringBuilder(error.path("type").asText("error")).append(": ").append(error.path("reason").asText(""));
        // the reason that names the field is often the innermost one
        int depth = 0;
        for (JsonNode cause = error.path("caused_by"); cause.isObject() && depth < 5; cause = cause.path("caused_by"), depth++) {
            s.append(depth == 0 ? " (caused by " : "; caused by ").append(cause.path("type").asText()).append(": ")
                .append(cause.path("reason").asText());
        }
        return depth == 0 ? s.toString() : s.append(')').toString();
    }
}
