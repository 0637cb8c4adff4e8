package dev.cardinal.engine;

/**
 * How a front end asks a {@link SampleCheck} to write a sample: what an engine that writes in batches, or resumes a
 * stopped write, takes; another engine reads what applies to it and leaves the rest.
 *
 * @param timeShiftNs how far to move the sample's timestamps, or null to move them to now (each engine its own way)
 * @param batchSize   lines or documents per request, for an engine whose batches the user sizes
 * @param resumeAt    lines already on the server from a stopped write (with the same time shift), or 0
 */
public record SampleWriteOptions(Long timeShiftNs, int batchSize, long resumeAt) {
    /** Moved to now, 5,000 lines a request, from the start: what a front end without options writes. */
    public static final SampleWriteOptions DEFAULTS = new SampleWriteOptions(null, 5_000, 0);

    public SampleWriteOptions {
        if (batchSize < 1) {
            throw new IllegalArgumentException("the batch size must be positive, not " + batchSize);
        }
        if (resumeAt < 0 || resumeAt > 0 && timeShiftNs == null) {
            throw new IllegalArgumentException("a write resumes after a number of lines, with the stopped write's time shift");
        }
    }
}
