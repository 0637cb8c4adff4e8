package dev.cardinal.lineprotocol;

import dev.cardinal.model.Layout;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import java.nio.charset.StandardCharsets;

/** The size of a layout's line protocol over a sample: what a rewrite into it writes, for a migration's cost. */
public final class LineBytes {
    private LineBytes() {
    }

    /** The mean bytes a point (its line and its newline) of {@code to} over the sample's rows of its event kind; 0 for none. */
    public static double perPoint(Layout to, Sample sample) {
        EventKindSample kind = sample.eventKind(to.eventKind()).orElse(null);
        if (kind == null) {
            return 0;
        }
        SampleLineProtocol lp = new SampleLineProtocol(to, kind);
        long bytes = 0;
        long lines = 0;
        for (String line = lp.nextLine(); line != null; line = lp.nextLine()) {
            bytes += line.getBytes(StandardCharsets.UTF_8).length + 1;
            lines++;
        }
        return lines == 0 ? 0 : (double) bytes / lines;
    }
}
