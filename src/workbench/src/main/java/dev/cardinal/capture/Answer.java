package dev.cardinal.capture;

import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the capture endpoint answers one request: a status, a JSON body or none, and the headers that go with it
 * (Retry-After on load shedding, Allow on 405). {@link #bytes} writes it as HTTP/1.1 on the wire.
 */
record Answer(int status, String json, Map<String, String> headers) {
    static Answer empty(int status) {
        return new Answer(status, null, Map.of());
    }

    static Answer json(int status, String json) {
        return new Answer(status, json, Map.of());
    }

    Answer withHeader(String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return new Answer(status, json, Map.copyOf(h));
    }

    /** Load shedding: the writer is to come back, not to give up or drop its points. */
    boolean retryLater() {
        return headers.containsKey("Retry-After");
    }

    /**
     * The status line, headers and body. Every answer names the server's version as influxd does (clients that probe
     * with /ping read it); a 204 carries no Content-Length (RFC 9110 forbids it), and a HEAD answer no body.
     */
    byte[] bytes(boolean close, boolean keepAliveHttp10, boolean head, String version) {
        byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
        StringBuilder h = new StringBuilder(256).append("HTTP/1.1 ").append(status).append(' ').append(ReasonPhrase.of(status)).append("\r\n")
            .append("Date: ").append(DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC))).append("\r\n")
            .append("X-Influxdb-Version: ").append(version).append("\r\nX-Influxdb-Build: OSS\r\n");
        if (json != null) {
            h.append("Content-Type: application/json\r\n");
        }
        if (status != 204) {
            h.append("Content-Length: ").append(body.length).append("\r\n");
        }
        headers.forEach((k, v) -> h.append(k).append(": ").append(v).append("\r\n"));
        if (close) {
            h.append("Connection: close\r\n");
        } else if (keepAliveHttp10) {
            h.append("Connection: keep-alive\r\n");
        }
        byte[] head0 = h.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        if (head || body.length == 0) {
            return head0;
        }
        byte[] all = new byte[head0.length + body.length];
        System.arraycopy(head0, 0, all, 0, head0.length);
        System.arraycopy(body, 0, all, head0.length, body.length);
        return all;
    }
}
