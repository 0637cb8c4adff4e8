package dev.cardinal.traffic;

/**
 * Bounds on what a read keeps in memory. Reading stops (with a clear {@link ReadProblem.Kind#CAPPED} problem) at
 * whichever comes first: {@code maxRows} rows, or {@code maxBytes} bytes of columns and dictionaries. The rows
 * kept are the first ones, in order, so growth over time stays measurable; nothing is sampled at random.
 *
 * @param maxRows     most rows kept across all event kinds
 * @param maxBytes    most bytes held by columns and dictionaries
 * @param maxProblems most problems kept for display (all are counted)
 */
public record SampleLimits(long maxRows, long maxBytes, int maxProblems) {

    /**
     * Up to 2^31-1 rows and half the heap. The other half is headroom: while reading, an array being grown exists
     * twice for a moment and a dictionary's arena grows by half at a time; while measuring, exact counting needs
     * about 20 bytes per row of scratch (a packed key per row and its copy scattered by hash, with positions).
     */
    public static SampleLimits defaults() {
        return new SampleLimits(Integer.MAX_VALUE - 8, Runtime.getRuntime().maxMemory() / 2, 1000);
    }

    public SampleLimits withMaxRows(long rows) {
        return new SampleLimits(rows, maxBytes, maxProblems);
    }

    public SampleLimits withMaxBytes(long bytes) {
        return new SampleLimits(maxRows, bytes, maxProblems);
    }
}
