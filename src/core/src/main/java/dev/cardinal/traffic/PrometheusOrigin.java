package dev.cardinal.traffic;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * How a line-protocol file keeps that a measurement came as a Prometheus metric (remote write taken by a capture, which
 * spools it as line protocol, {@code metric,label=value value=V T}): a comment line {@code #cardinal:prometheus-metric
 * NAME} anywhere in the file marks the event kind {@code NAME} ({@link EventKindSample#prometheusMetric()}). The name is
 * percent-encoded (UTF-8, as a URL query encodes it), so the line holds nothing but letters, digits and {@code .-*_+%}:
 * whatever a metric is called, a server reading the file takes the line for a comment and no line scanner sees a quote,
 * an escape or a delimiter in it. InfluxDB and VictoriaMetrics both skip lines that start with {@code #}.
 */
public final class PrometheusOrigin {
    private static final String PREFIX = "#cardinal:prometheus-metric ";
    private static final byte[] PREFIX_BYTES = PREFIX.getBytes(StandardCharsets.US_ASCII);

    private PrometheusOrigin() {
    }

    /** The comment line (with its newline) that marks {@code metric}. */
    public static String line(String metric) {
        return PREFIX + URLEncoder.encode(metric, StandardCharsets.UTF_8) + "\n";
    }

    /** The metric a comment line {@code buf[start, end)} marks, or null when it is no such line. */
    static String metric(byte[] buf, int start, int end) {
        int n = PREFIX_BYTES.length;
        if (end - start <= n) {
            return null;
        }
        for (int i = 0; i < n; i++) {
            if (buf[start + i] != PREFIX_BYTES[i]) {
                return null;
            }
        }
        try {
            return URLDecoder.decode(new String(buf, start + n, end - start - n, StandardCharsets.US_ASCII),
                StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null; // a comment that only looks like one: it marks nothing
        }
    }
}
