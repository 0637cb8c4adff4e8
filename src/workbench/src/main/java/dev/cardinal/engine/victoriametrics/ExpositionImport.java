package dev.cardinal.engine.victoriametrics;

import dev.cardinal.lineprotocol.RowTemplates;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.DoubleColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.PrometheusTextReader;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The rows of a Prometheus metric kept as it came ({@link dev.cardinal.engine.MetricOrigin}) written to VictoriaMetrics
 * as text exposition through {@code /api/v1/import/prometheus?extra_label=db=DB}, one line per row,
 * {@code metric{label="value",...} value milliseconds}, so the server names each series after the metric, as the
 * projection does, where line protocol through {@code /write} would name it {@code metric_value}. What the server holds
 * from such a line, at v1.79.5:
 * <ul>
 * <li>the line is read by {@code Row.unmarshal} and {@code unmarshalTags} (lib/protoparser/prometheus/parser.go): the
 *     metric name runs to the first opening brace, without the spaces and tabs at its ends; a label name runs to the first
 *     {@code =}, without the spaces and tabs at its ends, and one that starts with a closing brace ends the labels; a line
 *     that starts with {@code #} is a comment; a value is quoted with {@code \\}, {@code \"} and {@code \n} escaped. A
 *     name these rules would read as something else is not sent ({@link #whyNot}): its rows are counted apart and
 *     said;</li>
 * <li>{@code insertRows} (app/vminsert/prometheusimport/request_handler.go) adds the metric name as the first label,
 *     then the tags in the line's order, then the extra label {@code db} whether or not a tag has that name (the later
 *     of two labels of one name is the one kept, {@link VmIngest}); a label with an empty value is skipped
 *     ({@code InsertCtx.AddLabel}, app/vminsert/common/insert_ctx.go);</li>
 * <li>{@code MarshalMetricNameRaw} (lib/storage/metric_name.go) keeps the first {@code -maxLabelsPerTimeseries} of those
 *     labels, the metric name among them, so one label fewer than line protocol keeps beside it.</li>
 * </ul>
 */
final class ExpositionImport {
    private final Layout layout;
    private final EventKindSample sample;
    private final String database;
    private final RowTemplates templates;
    private final Column values;
    /** Per tag of the layout, why the text format cannot carry its name, or empty. */
    private final List<Optional<String>> badLabels;
    private final Map<String, Long> notWritten = new TreeMap<>();

    /** @throws IllegalArgumentException when a tag is named {@code __name__} */
    ExpositionImport(Layout layout, EventKindSample sample, String database) {
        for (TagSpec t : layout.tags()) {
            if (t.key().equals("__name__")) {
                throw new IllegalArgumentException("tag key '__name__' is the metric name's own label: the server would"
                    + " name the series after the tag's value");
            }
        }
        this.layout = layout;
        this.sample = sample;
        this.database = database;
        this.templates = new RowTemplates(sample);
        this.values = templates.column(PrometheusTextReader.VALUE);
        this.badLabels = layout.tags().stream().map(t -> whyNot(t.key(), false)).toList();
    }

    /** The counting of what the server holds from these lines under {@code flags} (whose db is the extra label). */
    static VmIngest ingest(VmFlags flags) {
        return new VmIngest(flags.withDb(null).withLabelLimits(flags.maxLabelsPerTimeseries() - 1, flags.maxLabelValueLen()),
            true);
    }

    /** The path and query of a request: the db label every series gets. */
    static String path(String database) {
        return "/api/v1/import/prometheus?extra_label=" + URLEncoder.encode("db=" + database, StandardCharsets.UTF_8);
    }

    /** Rows not written so far, by reason. */
    Map<String, Long> notWritten() {
        return Map.copyOf(notWritten);
    }

    /** Why the text format cannot carry {@code name} as the server reads it back, or empty when it can. */
    static Optional<String> whyNot(String name, boolean metric) {
        String what = metric ? "metric name" : "label name";
        if (name.isEmpty()) {
            return Optional.of("an empty " + what);
        }
        if (name.indexOf('\n') >= 0) {
            return Optional.of("a " + what + " with a line break, which ends the line");
        }
        char first = name.charAt(0);
        char last = name.charAt(name.length() - 1);
        if (first == ' ' || first == '\t' || last == ' ' || last == '\t') {
            return Optional.of("a " + what + " that starts or ends with a space or a tab, which the server trims");
        }
        if (metric && (name.indexOf('{') >= 0 || first == '#')) {
            return Optional.of("a metric name with '{' (where the labels start) or starting with '#' (a comment)");
        }
        if (!metric && (name.indexOf('=') >= 0 || first == '}')) {
            return Optional.of("a label name with '=' (where its value starts) or starting with '}' (the labels' end)");
        }
        return Optional.empty();
    }

    /**
     * Row {@code row}'s line with its line break, its time moved by {@code shiftMs}, or null when the row is not written
     * (no value, or a name the text format cannot carry: counted in {@link #notWritten}); {@code counted} gets the row as
     * the server counts it, at the sample's own time.
     */
    String line(int row, long shiftMs, Consumer<InfluxLineParser.Row> counted) {
        if (values == null || !values.present(row)) {
            return null;
        }
        String metric = templates.render(layout.measurement(), row);
        StringBuilder line = new StringBuilder(metric).append('{');
        List<InfluxLineParser.Tag> tags = new ArrayList<>(layout.tags().size() + 1);
        Optional<String> why = whyNot(metric, true);
        for (int t = 0; t < layout.tags().size() && why.isEmpty(); t++) {
            String key = layout.tags().get(t).key();
            String value = templates.render(layout.tags().get(t).value(), row);
            if (!value.isEmpty()) {
                // a tag without a value is not sent, so its name only matters where it has one
                why = badLabels.get(t);
                line.append(tags.isEmpty() ? "" : ",").append(key).append("=\"").append(escaped(value)).append('"');
                tags.add(new InfluxLineParser.Tag(VmSeries.bytes(key), VmSeries.bytes(value)));
            }
        }
        if (why.isPresent()) {
            notWritten.merge(why.get(), 1L, Long::sum);
            return null;
        }
        tags.add(new InfluxLineParser.Tag("db", VmSeries.bytes(database)));
        double value = values instanceof DoubleColumn d ? d.get(row) : Double.parseDouble(values.text(row));
        long ns = sample.timestamp(row);
        counted.accept(new InfluxLineParser.Row(VmSeries.bytes(metric), tags,
            List.of(new InfluxLineParser.Field(PrometheusTextReader.VALUE, value)), ns));
        return line.append("} ").append(value).append(' ').append(ns / 1_000_000L + shiftMs).append('\n').toString();
    }

    /** A label value as the text format quotes it: {@code \\}, {@code \"} and {@code \n} ({@code unescapeValue}). */
    private static String escaped(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
