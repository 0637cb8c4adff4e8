package dev.cardinal.engine.influxdb1;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.influxdb1.InfluxV1Exception.Kind;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads {@code /query} answers into {@link InfluxV1Result} and failed answers into {@link InfluxV1Exception}. */
final class InfluxV1Results {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern DROPPED = Pattern.compile("dropped=(\\d+)\\s*$");

    private InfluxV1Results() {
    }

    /** {@code {"results":[{"statement_id":0,"series":[...]}]}}; the first statement error is thrown. */
    static InfluxV1Result parse(JsonNode root, String what) throws InfluxV1Exception {
        if (root.hasNonNull("error")) {
            String server = root.get("error").asText();
            throw new InfluxV1Exception(Kind.QUERY_ERROR, 200, what + ": " + server, server, -1, null);
        }
        List<InfluxV1Result.Statement> statements = new ArrayList<>();
        for (JsonNode st : root.path("results")) {
            if (st.hasNonNull("error")) {
                String server = st.get("error").asText();
                throw new InfluxV1Exception(Kind.QUERY_ERROR, 200, what + ": " + server, server, -1, null);
            }
            List<InfluxV1Result.Series> series = new ArrayList<>();
            for (JsonNode s : st.path("series")) {
                series.add(series(s));
            }
            statements.add(new InfluxV1Result.Statement(st.path("statement_id").asInt(statements.size()), series));
        }
        return new InfluxV1Result(statements);
    }

    private static InfluxV1Result.Series series(JsonNode s) {
        Map<String, String> tags = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = s.path("tags").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            tags.put(e.getKey(), e.getValue().asText());
        }
        List<String> columns = new ArrayList<>();
        s.path("columns").forEach(c -> columns.add(c.asText()));
        List<List<Object>> values = new ArrayList<>();
        for (JsonNode row : s.path("values")) {
            List<Object> r = new ArrayList<>();
            row.forEach(v -> r.add(value(v)));
            values.add(r);
        }
        return new InfluxV1Result.Series(s.path("name").asText(""), tags, columns, values);
    }

    private static Object value(JsonNode v) {
        if (v.isNull()) {
            return null;
        }
        if (v.isIntegralNumber() && v.canConvertToLong()) {
            return v.longValue();
        }
        if (v.isNumber()) {
            return v.doubleValue();
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        return v.asText();
    }

    /** The {@code "error"} of a JSON error body, else the body as text (trimmed); "" when empty. */
    static String errorText(byte[] body) {
        if (body == null || body.length == 0) {
            return "";
        }
        try {
            JsonNode n = JSON.readTree(body);
            if (n != null && n.hasNonNull("error")) {
                return n.get("error").asText();
            }
        } catch (IOException notJson) {
            // plain-text bodies (e.g. from a proxy) are shown as they are
        }
        String text = new String(body, StandardCharsets.UTF_8).strip();
        return text.length() > 500 ? text.substring(0, 500) + "…" : text;
    }

    /** Turns a non-success answer into the matching exception, keeping the server's own message. */
    static InfluxV1Exception failure(HttpResponse<byte[]> r, URI url, boolean authenticated, String what) {
        int status = r.statusCode();
        String server = errorText(r.body());
        long dropped = -1;
        Kind kind;
        String explanation;
        if (status == 400 && server.startsWith("partial write")) {
            Matcher m = DROPPED.matcher(server);
            dropped = m.find() ? Long.parseLong(m.group(1)) : 0;
            kind = Kind.PARTIAL_WRITE;
            explanation = "partial write, " + dropped + " point(s) dropped";
        } else if (status == 400 && server.startsWith("unable to parse")) {
            kind = Kind.PARSE_ERROR;
            explanation = "line protocol rejected";
        } else if (status == 400 && server.startsWith("field type conflict")) {
            kind = Kind.FIELD_TYPE_CONFLICT;
            explanation = "field type conflict inside the batch, nothing of it was written";
        } else if (status == 400) {
            kind = Kind.BAD_REQUEST;
            explanation = "bad request";
        } else if (status == 401) {
            kind = Kind.UNAUTHORIZED;
            explanation = !authenticated ? "authentication required" : "credentials rejected";
        } else if (status == 403) {
            kind = Kind.FORBIDDEN;
            explanation = "not allowed for this user";
        } else if (status == 404 && server.startsWith("database not found")) {
            kind = Kind.DATABASE_NOT_FOUND;
            explanation = "database not found (create it first)";
        } else if (status == 413) {
            kind = Kind.TOO_LARGE;
            explanation = "request body too large for the server's max-body-size; send smaller batches";
        } else if (status >= 500) {
            kind = Kind.SERVER_ERROR;
            explanation = "server error " + status;
        } else {
            kind = Kind.OTHER;
            explanation = "unexpected HTTP " + status;
        }
        String message = what + " at " + url + ": " + explanation + (server.isEmpty() ? "" : ": " + server);
        return new InfluxV1Exception(kind, status, message, server.isEmpty() ? null : server, dropped, null);
    }
}
