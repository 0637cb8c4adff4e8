package dev.cardinal.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The read side of the Prometheus HTTP API ({@code /api/v1/series}, {@code /api/v1/labels},
 * {@code /api/v1/label/NAME/values}, https://prometheus.io/docs/prometheus/latest/querying/api/), which Prometheus
 * and VictoriaMetrics both serve: what their plans, sample checks and imports read. The seam opens no connection:
 * each engine hands it its own {@link Transport}.
 */
public final class SeriesApi {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** An answer: its HTTP status and text. */
    public record Answer(int status, String body) {
    }

    /** Sends one request to the server, with the connection's authorization and timeout. */
    public interface Transport {
        /**
         * @param method      {@code GET} or {@code POST}
         * @param contentType of {@code body}, null for a GET
         */
        Answer exchange(String method, String pathAndQuery, String contentType, byte[] body) throws IOException, InterruptedException;
    }

    private final Connection server;
    private final Transport http;

    public SeriesApi(Connection server, Transport http) {
        this.server = server;
        this.http = http;
    }

    /** The server's address, for requests of the engine's own. */
    public Connection server() {
        return server;
    }

    /** Each series {@code match} selects within [fromMs, toMs], as its labels ({@code __name__} included). */
    public List<Map<String, String>> series(List<String> match, long fromMs, long toMs) throws IOException, InterruptedException {
        List<Map<String, String>> out = new ArrayList<>();
        for (JsonNode s : data("POST", "/api/v1/series", form(match, fromMs, toMs))) {
            Map<String, String> labels = new TreeMap<>();
            s.fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
            out.add(labels);
        }
        return out;
    }

    /** The values of label {@code name} (of the series {@code match} selects, every series when empty) within the range. */
    public List<String> labelValues(String name, List<String> match, long fromMs, long toMs) throws IOException, InterruptedException {
        List<String> out = new ArrayList<>();
        // Prometheus 2.42 takes only GET here
        String path = "/api/v1/label/" + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20") + "/values?"
            + form(match, fromMs, toMs);
        for (JsonNode v : data("GET", path, null)) {
            out.add(v.asText());
        }
        return out;
    }

    /** The label names of the series {@code match} selects within the range, {@code __name__} included. */
    public List<String> labels(List<String> match, long fromMs, long toMs) throws IOException, InterruptedException {
        List<String> out = new ArrayList<>();
        for (JsonNode v : data("POST", "/api/v1/labels", form(match, fromMs, toMs))) {
            out.add(v.asText());
        }
        return out;
    }

    /** The {@code data} of a GET of {@code pathAndQuery} ({@code /api/v1/status/tsdb}). */
    public JsonNode get(String pathAndQuery) throws IOException, InterruptedException {
        return data("GET", pathAndQuery, null);
    }

    /** Sends {@code body} and returns the answer, for a write of the engine's own. */
    public Answer post(String pathAndQuery, String contentType, byte[] body) throws IOException, InterruptedException {
        return http.exchange("POST", pathAndQuery, contentType, body);
    }

    private JsonNode data(String method, String pathAndQuery, String form) throws IOException, InterruptedException {
        Answer r = form == null ? http.exchange(method, pathAndQuery, null, null)
            : http.exchange(method, pathAndQuery, "application/x-www-form-urlencoded", form.getBytes(StandardCharsets.UTF_8));
        int query = pathAndQuery.indexOf('?');
        String where = server.where() + (query < 0 ? pathAndQuery : pathAndQuery.substring(0, query));
        if (r.status() == 401 || r.status() == 403) {
            throw new IOException(where + " answered " + r.status() + ": the server wants credentials (a user and password, or a token)");
        }
        JsonNode root;
        try {
            root = JSON.readTree(r.body());
        } catch (IOException e) {
            throw new IOException(where + " answered " + r.status() + " with no JSON: " + CommentText.shown(excerpt(r.body())));
        }
        if (r.status() != 200 || !"success".equals(root.path("status").asText())) {
            throw new IOException(where + " answered " + r.status() + ": "
                + CommentText.shown(excerpt(root.path("error").asText(r.body()))));
        }
        return root.get("data");
    }

    private static String excerpt(String text) {
        String s = text.strip();
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    private static String form(List<String> match, long fromMs, long toMs) {
        StringBuilder sb = new StringBuilder("start=").append(seconds(fromMs)).append("&end=").append(seconds(toMs));
        match.forEach(m -> sb.append("&match%5B%5D=").append(URLEncoder.encode(m, StandardCharsets.UTF_8)));
        return sb.toString();
    }

    /** Milliseconds as the API's seconds with a fraction. */
    public static String seconds(long ms) {
        return String.format(Locale.ROOT, "%d.%03d", Math.floorDiv(ms, 1000), Math.floorMod(ms, 1000));
    }
}
