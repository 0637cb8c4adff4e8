package dev.cardinal.engine.influxdb3;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * InfluxDB 3's own HTTP API, as influxdb3_server/src/http.rs routes it: a query POSTed as JSON
 * {@code {"db", "q", "format"}} to {@code /api/v3/query_sql} or {@code /api/v3/query_influxql} ({@code QueryRequest} in
 * influxdb3_types/src/http.rs) and answered in JSON lines ({@code "format": "jsonl"}: one object per row, a null column
 * left out), and line protocol POSTed to {@code /api/v3/write_lp?db=&precision=&accept_partial=} ({@code WriteParams}),
 * answered 204. A token goes as {@code Authorization: Bearer ...} and lives in this object's header value only; no
 * message of this class carries it. A server started without authentication takes no token.
 */
public final class V3Http {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Told each row of a streamed answer, in the order the server sends them. */
    public interface Rows {
        void row(JsonNode row) throws IOException, InterruptedException;
    }

    private final HttpClient http;
    private final String server;
    private final String database;
    private final String authorization;
    private final Duration timeout;

    /** {@code token} (null: none) is cleared once copied into the header value. */
    public V3Http(URI server, String database, char[] token, Duration timeout) {
        this.server = server.toString().replaceAll("/+$", "");
        this.database = database;
        this.authorization = token == null ? null : "Bearer " + new String(token);
        if (token != null) {
            Arrays.fill(token, '\0');
        }
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
    }

    public String database() {
        return database;
    }

    public String server() {
        return server;
    }

    /** The rows a SQL query answers. */
    public List<JsonNode> sql(String q) throws IOException, InterruptedException {
        List<JsonNode> out = new ArrayList<>();
        query("/api/v3/query_sql", q, out::add);
        return out;
    }

    /** The rows a SQL query answers, each handed on as it arrives (a window's points need not fit in memory). */
    public void sql(String q, Rows rows) throws IOException, InterruptedException {
        query("/api/v3/query_sql", q, rows);
    }

    /** The rows an InfluxQL statement answers. */
    public List<JsonNode> influxQl(String q) throws IOException, InterruptedException {
        List<JsonNode> out = new ArrayList<>();
        query("/api/v3/query_influxql", q, out::add);
        return out;
    }

    private void query(String path, String q, Rows rows) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("db", database).put("q", q).put("format", "jsonl");
        HttpRequest request = request(path).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body))).build();
        HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            if (response.statusCode() != 200) {
                throw failure("POST " + path, response.statusCode(), in.lines().reduce("", (a, b) -> a + b));
            }
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode row;
                try {
                    row = JSON.readTree(line);
                } catch (IOException e) {
                    throw new IOException("POST " + path + " at " + server + " answered a line that is not JSON: "
                        + (line.length() > 200 ? line.substring(0, 200) + "..." : line));
                }
                rows.row(row);
            }
        }
    }

    /** Writes lines of line protocol, nanosecond timestamps, all or none ({@code accept_partial=false}). */
    public void write(String lines) throws IOException, InterruptedException {
        String path = "/api/v3/write_lp?db=" + URLEncoder.encode(database, StandardCharsets.UTF_8)
            + "&precision=nanosecond&accept_partial=false";
        HttpRequest request = request(path).header("Content-Type", "text/plain; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofString(lines, StandardCharsets.UTF_8)).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() != 204 && response.statusCode() != 200) {
            throw failure("POST /api/v3/write_lp", response.statusCode(), response.body());
        }
    }

    /**
     * Deletes a table of the database: {@code DELETE /api/v3/configure/table?db=DB&table=TABLE}, answered {@code 200}
     * with no body (a soft delete: the table is no longer queried and its name is free again); {@code 404}
     * {@code {"error": "Table not found"}} when there is none. Source: "Delete a table using the HTTP API",
     * content/shared/influxdb3-admin/tables/delete.md in influxdata/docs-v2 (commit 79332006).
     */
    public void deleteTable(String table) throws IOException, InterruptedException {
        String path = "/api/v3/configure/table?db=" + URLEncoder.encode(database, StandardCharsets.UTF_8) + "&table="
            + URLEncoder.encode(table, StandardCharsets.UTF_8);
        HttpResponse<String> response = http.send(request(path).DELETE().build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() / 100 != 2) {
            throw failure("DELETE /api/v3/configure/table", response.statusCode(), response.body());
        }
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server + path)).timeout(timeout);
        return authorization == null ? b : b.header("Authorization", authorization);
    }

    /**
     * The server's answer to a refused request: its {@code {"error", "data"}} body (http.rs {@code ErrorMessage}), or
     * its text, with what a 401, 403 or 404 means; never the token.
     */
    private IOException failure(String what, int status, String body) {
        String message = body;
        try {
            JsonNode tree = JSON.readTree(body);
            if (tree != null && tree.has("error")) {
                message = tree.path("error").asText() + (tree.hasNonNull("data") ? ": " + tree.get("data") : "");
            }
        } catch (IOException e) {
            // not JSON (DataFusion's errors are plain text; a proxy's page): its text is the message
        }
        String hint = switch (status) {
            case 401 -> "token missing or rejected: check the variable --token-env names";
            case 403 -> "the token lacks read or write permission on database " + database;
            case 404 -> "not found: the database, or no InfluxDB 3 API at this URL";
            default -> "";
        };
        String text = message.isBlank() ? hint : hint.isEmpty() ? message : message + " (" + hint + ")";
        return new IOException("HTTP " + status + " from " + what + " at " + server + (text.isEmpty() ? "" : ": " + text));
    }
}
