package dev.cardinal.engine.influxdb2;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Flux scripts POSTed to a 2.x server's {@code /api/v2/query?org=ORG} as {@code application/vnd.flux} with
 * {@code Authorization: Token ...}, the answer read as CSV (annotation rows, starting {@code #}, skipped). The token
 * lives in this object's header value only; no message of this class carries it.
 * Source: <a href="https://docs.influxdata.com/influxdb/v2/api/#operation/PostQuery">POST /api/v2/query</a>,
 * <a href="https://docs.influxdata.com/influxdb/v2/reference/syntax/annotated-csv/">annotated CSV</a>.
 */
public final class FluxHttp {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final URI query;
    private final String org;
    private final String server;
    private final String authorization;
    private final Duration timeout;

    /** {@code token} is cleared once copied into the header value. */
    public FluxHttp(URI server, String org, char[] token, Duration timeout) {
        String base = server.toString().replaceAll("/+$", "");
        this.org = URLEncoder.encode(org, StandardCharsets.UTF_8);
        this.query = URI.create(base + "/api/v2/query?org=" + this.org);
        this.server = base;
        this.authorization = "Token " + new String(token);
        Arrays.fill(token, '\0');
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** The rows of every table of the answer, each by column name; a Flux error table is thrown as an IOException. */
    public List<Map<String, String>> rows(String flux) throws IOException, InterruptedException {
        List<Map<String, String>> rows = new ArrayList<>();
        post(flux, rows);
        return rows;
    }

    /** Runs a script whose answer is not needed (it is read and dropped line by line, however long). */
    public void run(String flux) throws IOException, InterruptedException {
        post(flux, null);
    }

    /**
     * Deletes the points of {@code bucket} from {@code start} to {@code stop} that {@code predicate} matches:
     * {@code POST /api/v2/delete?org=ORG&bucket=BUCKET} with {@code {"start", "stop", "predicate"}} as JSON, answered
     * {@code 204} (the v2 API reference's "Delete data", influxdb-oss-v2-openapi.yaml in influxdata/docs-v2; OSS
     * deletes before it answers, Cloud queues the delete and answers once queued).
     */
    public void delete(String bucket, java.time.Instant start, java.time.Instant stop, String predicate)
        throws IOException, InterruptedException {
        String body = JSON.writeValueAsString(JSON.createObjectNode().put("start", start.toString()).put("stop", stop.toString())
            .put("predicate", predicate));
        HttpRequest request = HttpRequest.newBuilder(URI.create(server + "/api/v2/delete?org=" + org + "&bucket="
                + URLEncoder.encode(bucket, StandardCharsets.UTF_8))).timeout(timeout)
            .header("Content-Type", "application/json").header("Authorization", authorization)
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() / 100 != 2) {
            throw failure("POST /api/v2/delete", response.statusCode(), response.body());
        }
    }

    private void post(String flux, List<Map<String, String>> keep) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(query).timeout(timeout)
            .header("Content-Type", "application/vnd.flux").header("Accept", "application/csv")
            .header("Authorization", authorization)
            .POST(HttpRequest.BodyPublishers.ofString(flux, StandardCharsets.UTF_8)).build();
        HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            if (response.statusCode() != 200) {
                throw failure("POST /api/v2/query", response.statusCode(), in.lines().reduce("", (a, b) -> a + b));
            }
            List<String> header = null;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isEmpty() || line.startsWith("#")) {
                    header = null; // a blank line or annotations start the next table, with its own header
                    continue;
                }
                List<String> cells = cells(line);
                if (header == null) {
                    header = cells;
                    continue;
                }
                int error = header.indexOf("error");
                if (error >= 0 && header.contains("reference")) {
                    throw new IOException("the Flux script failed on " + server + ": " + cells.get(error));
                }
                if (keep != null) {
                    Map<String, String> row = new LinkedHashMap<>();
                    for (int i = 0; i < header.size() && i < cells.size(); i++) {
                        row.put(header.get(i), cells.get(i));
                    }
                    keep.add(row);
                }
            }
        }
    }

    /** The server's {@code {"code", "message"}} error, with what a 401 or 403 means; never the token. */
    private IOException failure(String what, int status, String body) {
        String message = body;
        try {
            message = JSON.readTree(body).path("message").asText(body);
        } catch (IOException e) {
            // not JSON (a proxy's page): its text is the message
        }
        String hint = switch (status) {
            case 401 -> " (token missing or rejected: check the variable --token-env names)";
            case 403 -> " (the token lacks read or write permission on the buckets)";
            case 404 -> " (not found: the organisation or bucket, or no InfluxDB 2.x API at this URL)";
            default -> "";
        };
        return new IOException("HTTP " + status + " from " + what + " at " + server + ": " + message + hint);
    }

    /** One CSV line's cells (RFC 4180 quoting, as the annotated CSV uses for values with commas or quotes). */
    static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        out.add(cell.toString());
        return out;
    }
}
