package dev.cardinal.traffic.synthetic;

import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.EventKindBuilder;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleLimits;
import java.util.concurrent.CancellationException;

/**
 * Sample traffic made from a profile when no real traffic exists yet. The rows go straight into the columnar
 * builders, with no line protocol text in between, and obey the same limits as a file read: the rows kept are the
 * first ones, and a {@code CAPPED} problem says where and why reading stopped.
 */
public final class SyntheticTraffic {
    /** As often as the readers poll between chunks: cheap, and a cancel is felt within milliseconds. */
    private static final int POLL_INTERVAL = 1 << 12;

    private SyntheticTraffic() {
    }

    /** The name rows are reported under (in problems and {@code firstSeen}), as a file name would be. */
    public static String sourceName(TrafficProfile p) {
        return "synthetic:" + p.eventKind();
    }

    /**
     * The traffic of {@code p}: the same sample for the same profile and seed.
     *
     * @throws CancellationException when {@code monitor} asks to stop
     */
    public static Sample generate(TrafficProfile p, SampleLimits limits, ReadMonitor monitor) {
        SampleBuilder builder = new SampleBuilder(limits);
        SyntheticRows rows = new SyntheticRows(p);
        String source = sourceName(p);
        builder.fileStarted();
        EventKindBuilder kind = builder.kind(p.eventKind());
        int n = rows.attributeCount();
        int[] column = new int[n];
        for (int i = 0; i < n; i++) {
            AttributeProfile a = rows.attribute(i);
            column[i] = kind.attribute(a.name(), a.asTag(), a.type(), source, 1);
        }
        long total = rows.total();
        while (rows.next()) {
            long row = rows.row();
            if (row % POLL_INTERVAL == 0) {
                if (monitor.cancelled()) {
                    throw new CancellationException("generating " + source + " was cancelled");
                }
                monitor.progress(source, row, total);
            }
            kind.beginRow();
            for (int i = 0; i < n; i++) {
                ValueType t = rows.type(i);
                if (t == ValueType.INTEGER) {
                    kind.setLong(column[i], rows.longValue(i));
                } else if (t == ValueType.FLOAT) {
                    kind.setDouble(column[i], rows.doubleValue(i));
                } else {
                    kind.setString(column[i], rows.bytes(i), 0, rows.length(i));
                }
            }
            kind.commit(rows.timestampNanos());
            builder.linesSeen(1);
            if (!builder.rowAdded(source, row)) {
                break;
            }
        }
        monitor.progress(source, rows.row(), total);
        return builder.build();
    }
}
