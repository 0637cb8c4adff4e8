package dev.cardinal.engine.victoriametrics;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One series as VictoriaMetrics holds it: a metric name and labels sorted by name, each a byte string (one char per
 * byte, as {@link InfluxLineParser} reads). Equal keys are the same series on the server.
 */
record VmSeries(String name, List<Label> labels) {
    /** A label; {@code name} is never {@code __name__} (the metric name is apart). */
    record Label(String name, String value) {
    }

    VmSeries {
        labels = List.copyOf(labels);
    }

    /** A key equal exactly when name and labels are: every part length-prefixed, so no byte can fake a boundary. */
    String key() {
        StringBuilder sb = new StringBuilder(name.length() + 16 * labels.size());
        sb.append(name.length()).append(':').append(name);
        for (Label l : labels) {
            sb.append(l.name().length()).append(':').append(l.name()).append(l.value().length()).append(':').append(l.value());
        }
        return sb.toString();
    }

    /** As the server's {@code /api/v1/series} answers: {@code __name__} and every label, text decoded from UTF-8. */
    Map<String, String> asMap() {
        Map<String, String> m = new TreeMap<>();
        m.put("__name__", text(name));
        labels.forEach(l -> m.put(text(l.name()), text(l.value())));
        return m;
    }

    /** A byte string as the text it encodes (malformed bytes, as a cut at a byte length leaves, as U+FFFD). */
    static String text(String bytes) {
        return new String(bytes.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    /** Text as a byte string of its UTF-8. */
    static String bytes(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }
}
