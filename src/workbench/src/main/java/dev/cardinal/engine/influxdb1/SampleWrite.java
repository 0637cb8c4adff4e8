package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.PushMonitor;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.Layout;
import dev.cardinal.traffic.EventKindSample;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a sample through a layout to an InfluxDB 1.x database, in batches.
 *
 * <p>A historic sample would fall outside the retention policy, so every timestamp is moved by the same whole
 * number of shard groups to end just before now: each point keeps its shard group boundaries, and so the series
 * count the server reports stays the one projected. A failed batch that may succeed again (timeout, refused
 * connection, server error) is retried; one that cannot (bad request, missing database, no permission) stops the
 * write, and {@link SampleWriteException#resumeAt()} with the same {@link #timeShiftNs()} continues it later
 * without duplicates: InfluxDB keeps one value per series, field and timestamp, so a batch written twice holds
 * each point once. A partial write (the server kept some points of a batch and dropped others, e.g. at a limit)
 * is the data speaking, not a fault: it is counted with the server's reason and the write goes on.
 */
public final class SampleWrite {
    static final int RETRIES = 3;

    /**
     * What a (possibly resumed) write did. {@code linesSent} counts lines in batches the server accepted; {@code skipped}
     * says what was not sent and why (rows, or single fields, line protocol cannot carry as the server would read them).
     */
    public record Result(long linesSent, long batches, long pointsDropped, List<String> serverReasons,
                         SampleLineProtocol.Counts skipped, long timeShiftNs, boolean cancelled, long resumeAt) {
        public Result {
            serverReasons = List.copyOf(serverReasons);
        }

        public long rowsSkipped() {
            return skipped.rowsSkipped();
        }
    }

    private final InfluxV1Client client;
    private final String database;
    private final String retentionPolicy;
    private final long timeShiftNs;
    private int batchSize = InfluxV1Client.DEFAULT_BATCH;
    private Duration retryPause = Duration.ofMillis(500);

    /**
     * @param timeShiftNs what to add to each timestamp: {@link #timeShiftToNow} for a new write, the earlier
     *                    write's shift to resume it
     */
    public SampleWrite(InfluxV1Client client, String database, String retentionPolicy, long timeShiftNs) {
        this.client = client;
        this.database = database;
        this.retentionPolicy = retentionPolicy;
        this.timeShiftNs = timeShiftNs;
    }

    public SampleWrite batchSize(int lines) {
        if (lines < 1) {
            throw new IllegalArgumentException("batch size must be positive");
        }
        this.batchSize = lines;
        return this;
    }

    public SampleWrite retryPause(Duration pause) {
        this.retryPause = pause;
        return this;
    }

    public long timeShiftNs() {
        return timeShiftNs;
    }

    /**
     * The shift that moves the sample's last point to at most {@code nowNs}, a whole number of shard groups (of
     * {@code shardGroup}, counted from InfluxDB's origin, which a whole multiple keeps) so no point changes group.
     */
    public static long timeShiftToNow(EventKindSample sample, Duration shardGroup, long nowNs) {
        return SampleLineProtocol.timeShiftToNow(sample, shardGroup, nowNs);
    }

    /**
     * Writes the lines from line {@code startLine} (0 for all; a {@link SampleWriteException#resumeAt()} to
     * resume). Rows the layout cannot write are skipped and counted, as {@code cardinal generate} does.
     */
    public Result write(Layout layout, EventKindSample sample, long startLine, PushMonitor monitor)
        throws SampleWriteException, InterruptedException {
        SampleLineProtocol lp = new SampleLineProtocol(layout, sample,
            SampleLineProtocol.Options.influxDb1().withTimeShift(timeShiftNs));
        for (long skipped = 0; skipped < startLine && lp.nextLine() != null; skipped++) {
            // lines before startLine were written by the earlier attempt
        }
        long sent = startLine;
        long batches = 0;
        long dropped = 0;
        List<String> reasons = new ArrayList<>();
        StringBuilder body = new StringBuilder(batchSize * 160);
        long total = sample.rows();
        while (true) {
            if (monitor.cancelled()) {
                return new Result(sent, batches, dropped, reasons, lp.counts(), timeShiftNs, true, sent);
            }
            body.setLength(0);
            int n = 0;
            for (String line; n < batchSize && (line = lp.nextLine()) != null; n++) {
                body.append(line).append('\n');
            }
            if (n == 0) {
                break;
            }
            try {
                dropped += send(body.toString().getBytes(StandardCharsets.UTF_8), reasons);
            } catch (InfluxV1Exception e) {
                throw new SampleWriteException(e, sent, sent + n, timeShiftNs);
            }
            sent += n;
            batches++;
            monitor.progress("writing the sample to " + database, lp.counts().rowsRead(), total);
        }
        return new Result(sent, batches, dropped, reasons, lp.counts(), timeShiftNs, false, sent);
    }

    /** Sends one batch, retrying what may pass on a second try; returns the points a partial write dropped. */
    private long send(byte[] body, List<String> reasons) throws InfluxV1Exception, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                client.write(database, retentionPolicy, "ns", body);
                return 0;
            } catch (InfluxV1Exception e) {
                if (e.kind() == InfluxV1Exception.Kind.PARTIAL_WRITE) {
                    if (reasons.size() < 20 && !reasons.contains(e.serverMessage())) {
                        reasons.add(e.serverMessage());
                    }
                    return Math.max(e.dropped(), 0);
                }
                if (!mayPassOnRetry(e) || attempt > RETRIES) {
                    throw e;
                }
                Thread.sleep(retryPause.toMillis() * attempt);
            }
        }
    }

    private static boolean mayPassOnRetry(InfluxV1Exception e) {
        return switch (e.kind()) {
            case TIMEOUT, CONNECTION_REFUSED, SERVER_ERROR -> true;
            default -> false;
        };
    }
}
