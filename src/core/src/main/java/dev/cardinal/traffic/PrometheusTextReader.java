package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.ValueType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * Reads a scrape in the Prometheus text exposition format (version 0.0.4, https://prometheus.io/docs/instrumenting/exposition_formats/)
 * or OpenMetrics text: one file per scrape, as {@code curl http://HOST/metrics > scrape.prom} saves it. Each sample
 * line {@code name{label="value",...} value [timestamp]} becomes a row of the event kind {@code name} (a histogram's
 * {@code _bucket}, {@code _sum} and {@code _count} are three, as Prometheus stores them), its labels tags and its value
 * the float field {@code value}; a series of the metric is a series of the event kind. A line without a timestamp
 * is given the time it is read, as a scrape is; a timestamp is milliseconds (text format) or, below 10^11, seconds
 * (OpenMetrics). {@code # HELP}, {@code # TYPE}, {@code # EOF} and other comments are skipped, as are exemplars
 * after {@code #}. Labels with an empty value are left out, as Prometheus leaves them out. A line that is not a
 * sample is a bad line with its column and reason; a first line that is neither a comment nor a sample means the
 * file is not this format at all.
 */
public final class PrometheusTextReader implements TrafficReader {
    /** The field that holds each sample's value. */
    public static final String VALUE = "value";
    /** A decimal float as the format writes one (Go's ParseFloat without hex, underscores or the named values). */
    private static final java.util.regex.Pattern FLOAT = java.util.regex.Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    @Override
    public void read(InputStream in, String file, SampleBinding binding, SampleBuilder into, ReadMonitor monitor)
        throws IOException, SampleFormatException {
        into.fileStarted();
        long readNs = System.currentTimeMillis() * 1_000_000L;
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        long line = 0;
        boolean anySample = false;
        for (String text = lines.readLine(); text != null; text = lines.readLine()) {
            line++;
            if ((line & 1023) == 0 && monitor.cancelled()) {
                throw new CancellationException("reading " + file + " was cancelled");
            }
            String s = text.strip();
            if (s.isEmpty() || s.startsWith("#")) {
                continue;
            }
            Parsed p = new Parsed(s);
            String why = p.parse();
            if (why != null) {
                if (!anySample && line <= 1) {
                    throw new SampleFormatException(file + " is not in the Prometheus text format: line 1, column "
                        + (p.at + 1) + ": " + why);
                }
                into.badLine(new ReadProblem(file, line, p.at + 1, ReadProblem.Kind.MALFORMED, why));
                continue;
            }
            anySample = true;
            if (!write(p, file, line, readNs, into)) {
                break;
            }
        }
        into.linesSeen(line);
    }

    /** Writes one parsed sample; false when the reading must stop (the row cap or the memory budget). */
    private static boolean write(Parsed p, String file, long line, long readNs, SampleBuilder into) {
        EventKindBuilder kind = into.kind(p.name);
        into.markPrometheusMetric(p.name);
        int added = 0;
        for (String[] l : p.labels) {
            added += kind.find(l[0], true) < 0 ? 1 : 0;
        }
        added += kind.find(VALUE, false) < 0 ? 1 : 0;
        if (added > 0 && !into.affords(kind.newAttributeBytes(added))) {
            into.capBefore(file, line, "the memory budget of " + (into.limits().maxBytes() >> 20) + " MiB");
            return false;
        }
        int[] tags = new int[p.labels.size()];
        for (int i = 0; i < tags.length; i++) {
            tags[i] = kind.attribute(p.labels.get(i)[0], true, ValueType.STRING, file, line);
        }
        int value = kind.attribute(VALUE, false, ValueType.FLOAT, file, line);
        kind.beginRow();
        for (int i = 0; i < tags.length; i++) {
            kind.setString(tags[i], p.labels.get(i)[1]);
        }
        kind.setDouble(value, p.value);
        if (p.timestampNs == Long.MIN_VALUE) {
            into.pointWithoutTimestamp();
        }
        kind.commit(p.timestampNs == Long.MIN_VALUE ? readNs : p.timestampNs);
        return into.rowAdded(file, line);
    }

    /** One sample line, parsed; {@link #at} is where a problem is. */
    static final class Parsed {
        private final String s;
        int at;
        String name;
        final List<String[]> labels = new ArrayList<>();
        double value;
        long timestampNs = Long.MIN_VALUE;

        Parsed(String s) {
            this.s = s;
        }

        /** Null when the line is a sample, else why not. */
        String parse() {
            int start = at;
            while (at < s.length() && nameChar(s.charAt(at), at == start, true)) {
                at++;
            }
            if (at == start) {
                return "a sample line starts with a metric name ([a-zA-Z_:][a-zA-Z0-9_:]*)";
            }
            name = s.substring(start, at);
            if (at < s.length() && s.charAt(at) == '{') {
                at++;
                String why = labels();
                if (why != null) {
                    return why;
                }
            }
            if (at >= s.length() || (s.charAt(at) != ' ' && s.charAt(at) != '\t')) {
                return "a space and the value follow the metric name and labels";
            }
            skipSpaces();
            int v = at;
            while (at < s.length() && s.charAt(at) != ' ' && s.charAt(at) != '\t') {
                at++;
            }
            String valueText = s.substring(v, at);
            Double parsed = number(valueText);
            if (parsed == null) {
                at = v;
                return "the value '" + valueText + "' is not a number (a float, NaN, +Inf or -Inf)";
            }
            value = parsed;
            skipSpaces();
            if (at < s.length() && s.charAt(at) != '#') {
                int t = at;
                while (at < s.length() && s.charAt(at) != ' ' && s.charAt(at) != '\t') {
                    at++;
                }
                String ts = s.substring(t, at);
                Double time = number(ts);
                if (time == null || time.isNaN() || time.isInfinite()) {
                    at = t;
                    return "the timestamp '" + ts + "' is not a number";
                }
                // the text format's milliseconds; OpenMetrics' seconds (a float, or an integer below 10^11: before 1973 in ms)
                timestampNs = ts.contains(".") || ts.contains("e") || ts.contains("E") || Math.abs(time) < 1e11
                    ? Math.round(time * 1e9) : Math.round(time) * 1_000_000L;
                skipSpaces();
                if (at < s.length() && s.charAt(at) != '#') {
                    return "more follows the timestamp (an exemplar starts with '#')";
                }
            }
            return null;
        }

        private String labels() {
            Set<String> seen = new HashSet<>();
            while (true) {
                skipSpaces();
                if (at < s.length() && s.charAt(at) == '}') {
                    at++;
                    return null;
                }
                int start = at;
                while (at < s.length() && nameChar(s.charAt(at), at == start, false)) {
                    at++;
                }
                if (at == start) {
                    return "a label name ([a-zA-Z_][a-zA-Z0-9_]*) or '}' expected";
                }
                String label = s.substring(start, at);
                skipSpaces();
                if (at >= s.length() || s.charAt(at) != '=') {
                    return "'=' expected after the label name '" + label + "'";
                }
                at++;
                skipSpaces();
                if (at >= s.length() || s.charAt(at) != '"') {
                    return "a label value is in double quotes";
                }
                at++;
                StringBuilder value = new StringBuilder();
                while (at < s.length() && s.charAt(at) != '"') {
                    char c = s.charAt(at++);
                    if (c == '\\' && at < s.length()) {
                        char e = s.charAt(at++);
                        switch (e) {
                            case 'n' -> value.append('\n');
                            case '\\', '"' -> value.append(e);
                            default -> value.append('\\').append(e); // an unknown escape stays as written
                        }
                    } else {
                        value.append(c);
                    }
                }
                if (at >= s.length()) {
                    return "the value of label '" + label + "' has no closing quote";
                }
                at++;
                if (!seen.add(label)) {
                    return "the label '" + label + "' appears twice";
                }
                if (label.equals(VALUE)) {
                    return "a label named 'value' would be the sample's value field";
                }
                if (!value.isEmpty()) {
                    labels.add(new String[] {label, value.toString()});
                }
                skipSpaces();
                if (at < s.length() && s.charAt(at) == ',') {
                    at++;
                } else if (at >= s.length() || s.charAt(at) != '}') {
                    return "',' or '}' expected after the value of label '" + label + "'";
                }
            }
        }

        private void skipSpaces() {
            while (at < s.length() && (s.charAt(at) == ' ' || s.charAt(at) == '\t')) {
                at++;
            }
        }

        private static boolean nameChar(char c, boolean first, boolean metric) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || metric && c == ':' || !first && c >= '0' && c <= '9';
        }

        /** Go's ParseFloat as the format uses it: a float, NaN, +Inf, -Inf, Inf. */
        private static Double number(String text) {
            switch (text) {
                case "NaN", "nan" -> {
                    return Double.NaN;
                }
                case "+Inf", "Inf", "+inf", "inf" -> {
                    return Double.POSITIVE_INFINITY;
                }
                case "-Inf", "-inf" -> {
                    return Double.NEGATIVE_INFINITY;
                }
                default -> {
                    if (!FLOAT.matcher(text).matches()) {
                        return null;
                    }
                    return Double.parseDouble(text);
                }
            }
        }
    }
}
