package dev.cardinal.capture;

import java.io.EOFException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The head of one HTTP/1.x request to the capture endpoint, read strictly: a request line of exactly three parts,
 * header names without white space before the colon, no folded lines, no control characters, a Host header in
 * 1.1, at most {@code maxBytes} in all, and a body framed one way only (Content-Length or chunked, never both:
 * that is how requests are smuggled past a proxy). Header names are kept in lower case; repeated headers are joined
 * with commas, except Content-Length, whose repeats must agree.
 *
 * @param contentLength the declared body length, -1 when there is none (a chunked body, or no body)
 */
record HttpHead(String method, String path, String rawQuery, boolean http11, Map<String, String> headers, long contentLength, boolean chunked) {

    /** The next request's head, or null when the client closed the connection before sending one. */
    static HttpHead read(HttpInput in, int maxBytes) throws IOException, HttpProblem {
        int budget = maxBytes;
        String requestLine = in.line(budget);
        if (requestLine != null && requestLine.isEmpty()) {
            requestLine = in.line(budget); // RFC 9112 2.2: an empty line before a request is skipped
        }
        if (requestLine == null) {
            return null;
        }
        budget -= requestLine.length() + 2;
        String[] parts = requestLine.split(" ", -1);
        if (parts.length != 3 || !token(parts[0]) || parts[1].isEmpty()) {
            throw new HttpProblem(400, "malformed request line");
        }
        boolean http11 = version(parts[2]);
        String target = originForm(parts[1]);
        int q = target.indexOf('?');
        Map<String, String> headers = new HashMap<>();
        long length = -1;
        while (true) {
            String line = in.line(Math.max(0, budget));
            if (line == null) {
                throw new EOFException("the client closed in the middle of a request head");
            }
            budget -= line.length() + 2;
            if (line.isEmpty()) {
                break;
            }
            int colon = line.indexOf(':');
            if (colon <= 0 || !token(line.substring(0, colon))) {
                throw new HttpProblem(400, line.charAt(0) == ' ' || line.charAt(0) == '\t' ? "folded header lines are not taken"
                    : "malformed header line");
            }
            String name = line.substring(0, colon).toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).strip();
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if ((c < 0x20 && c != '\t') || c == 0x7f) {
                    throw new HttpProblem(400, "control character in header " + name);
                }
            }
            if (name.equals("content-length")) {
                length = contentLength(value, length);
            } else {
                headers.merge(name, value, (a, b) -> a + ", " + b);
            }
        }
        String te = headers.get("transfer-encoding");
        if (te != null && (!http11 || length >= 0)) {
            throw new HttpProblem(400, "a body framed by both Transfer-Encoding and Content-Length, or chunked in HTTP/1.0");
        }
        if (te != null && !te.equalsIgnoreCase("chunked")) {
            throw new HttpProblem(501, "transfer encoding " + te + " is not supported (only chunked)");
        }
        if (http11 && !headers.containsKey("host")) {
            throw new HttpProblem(400, "missing required Host header");
        }
        return new HttpHead(parts[0], q < 0 ? target : target.substring(0, q), q < 0 ? null : target.substring(q + 1), http11,
            Map.copyOf(headers), length, te != null);
    }

    String header(String name) {
        return headers.get(name);
    }

    /** Whether the connection stays open after the answer: HTTP/1.1 unless told to close, 1.0 only when asked. */
    boolean keepAlive() {
        String c = headers.getOrDefault("connection", "").toLowerCase(Locale.ROOT);
        boolean close = false;
        boolean keep = false;
        for (String token : c.split(",")) {
            close |= token.strip().equals("close");
            keep |= token.strip().equals("keep-alive");
        }
        return !close && (http11 || keep);
    }

    boolean expectsContinue() {
        return "100-continue".equalsIgnoreCase(headers.get("expect"));
    }

    boolean gzip() {
        return "gzip".equalsIgnoreCase(headers.get("content-encoding"));
    }

    boolean hasBody() {
        return chunked || contentLength > 0;
    }

    private static boolean version(String v) throws HttpProblem {
        if (v.equals("HTTP/1.1")) {
            return true;
        }
        if (v.equals("HTTP/1.0")) {
            return false;
        }
        throw new HttpProblem(v.matches("HTTP/\\d(\\.\\d)?") ? 505 : 400, "protocol " + v + " is not HTTP/1.1");
    }

    /** The path and query of a request target; the absolute form a proxy sends ({@code http://host/path}) is taken too. */
    private static String originForm(String target) throws HttpProblem {
        String t = target;
        if (t.regionMatches(true, 0, "http://", 0, 7)) {
            int slash = t.indexOf('/', 7);
            t = slash < 0 ? "/" : t.substring(slash);
        }
        if (!t.startsWith("/") || t.chars().anyMatch(c -> c < 0x21 || c >= 0x7f)) {
            throw new HttpProblem(400, "malformed request target");
        }
        return t;
    }

    private static long contentLength(String value, long before) throws HttpProblem {
        long length = -1;
        for (String v : value.split(",", -1)) {
            String d = v.strip();
            if (d.isEmpty() || d.length() > 18 || !d.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw new HttpProblem(400, "malformed Content-Length");
            }
            long n = Long.parseLong(d);
            if ((length >= 0 && n != length) || (before >= 0 && n != before)) {
                throw new HttpProblem(400, "conflicting Content-Length headers");
            }
            length = n;
        }
        return length;
    }

    private static boolean token(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= 0x20 || c >= 0x7f || "\"(),/:;<=>?@[\\]{}".indexOf(c) >= 0) {
                return false;
            }
        }
        return true;
    }
}
