package dev.cardinal.engine.victoriametrics;

import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.model.Layout;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sample write of a Prometheus metric kept as it came ({@link dev.cardinal.engine.MetricOrigin}): its rows go to the
 * server as text exposition ({@link ExpositionImport}), so each series is named after the metric as the projection
 * names it, and are read back as {@link VmSampleCheck} reads line protocol's. The projection beside the figures is of
 * the lines sent, counted as the server takes them ({@link ExpositionImport#ingest}).
 */
final class VmMetricImport {
    private final VmSampleCheck check;
    private final Layout layout;
    private final EventKindSample sample;
    private final long shiftMs;

    VmMetricImport(VmSampleCheck check, Layout layout, EventKindSample sample, long shiftMs) {
        this.check = check;
        this.layout = layout;
        this.sample = sample;
        this.shiftMs = shiftMs;
    }

    SampleComparison run(PushMonitor monitor) throws IOException, InterruptedException {
        ExpositionImport counting = new ExpositionImport(layout, sample, check.database());
        VmTally tally = new VmTally(ExpositionImport.ingest(VmFlags.defaults()), check.nowMs() - shiftMs,
            Math.max(1, sample.rows() / 256));
        for (int row = 0; row < sample.rows(); row++) {
            counting.line(row, 0, tally::written);
        }
        VmTally projected = tally.finish();
        ExpositionImport sending = new ExpositionImport(layout, sample, check.database());
        long lines = 0;
        int inBatch = 0;
        StringBuilder batch = new StringBuilder();
        for (int row = 0; row < sample.rows(); row++) {
            String line = sending.line(row, shiftMs, r -> { });
            if (line == null) {
                continue;
            }
            batch.append(line);
            lines++;
            if (++inBatch == VmSampleCheck.LINES_PER_REQUEST) {
                if (monitor.cancelled()) {
                    return stopped(lines - inBatch);
                }
                send(batch);
                inBatch = 0;
                monitor.progress("write", row + 1, sample.rows());
            }
        }
        if (inBatch > 0) {
            if (monitor.cancelled()) {
                return stopped(lines - inBatch);
            }
            send(batch);
        }
        List<String> notes = new ArrayList<>();
        notes.add("a Prometheus metric kept as it came: written as text exposition through /api/v1/import/prometheus, so"
            + " its series are named after the metric, as remote write names them");
        List<ComparisonRow> rows = check.readBack(projected, shiftMs, false, notes);
        for (Map.Entry<String, Long> e : counting.notWritten().entrySet()) {
            notes.add(String.format(Locale.ROOT, "%,d rows not written: %s, which the text format cannot carry as it is"
                + " (remote write can)", e.getValue(), CommentText.shown(e.getKey())));
        }
        return new SampleComparison(sample.name(), layout.id(), written(lines), rows, notes, false);
    }

    private SampleComparison stopped(long lines) {
        return new SampleComparison(sample.name(), layout.id(), written(lines), List.of(),
            List.of("stopped as asked after " + lines + " lines"), true);
    }

    private void send(StringBuilder batch) throws IOException, InterruptedException {
        check.post(ExpositionImport.path(check.database()), batch.toString().getBytes(StandardCharsets.UTF_8),
            "text exposition");
        batch.setLength(0);
    }

    private String written(long lines) {
        return String.format(Locale.ROOT, "%,d lines to %s, moved %,d days to end within the last day", lines,
            CommentText.shown(ExpositionImport.path(check.database())), shiftMs / VmTally.MS_PER_DAY);
    }
}
