package dev.cardinal.engine.influxdb1;

/**
 * A sample write stopped at a batch the server refused. The lines before {@link #resumeAt()} are on the server;
 * writing again from there with the same {@link #timeShiftNs()} completes the write without duplicates.
 */
public final class SampleWriteException extends Exception {
    private final InfluxV1Exception cause;
    private final long resumeAt;
    private final long timeShiftNs;

    SampleWriteException(InfluxV1Exception cause, long resumeAt, long batchEnd, long timeShiftNs) {
        super(cause.getMessage() + " (in the batch of lines " + (resumeAt + 1) + " to " + batchEnd
            + "; lines 1 to " + resumeAt + " are written)", cause);
        this.cause = cause;
        this.resumeAt = resumeAt;
        this.timeShiftNs = timeShiftNs;
    }

    /** Lines already written: resume from here. */
    public long resumeAt() {
        return resumeAt;
    }

    public long timeShiftNs() {
        return timeShiftNs;
    }

    public InfluxV1Exception failure() {
        return cause;
    }
}
