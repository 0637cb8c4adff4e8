package dev.cardinal.projection;

/**
 * How a layout is measured: exactly (every distinct value held in memory), estimated with HyperLogLog sketches
 * (fixed memory, about 0.8% standard error at the default precision), or chosen by the sample's size.
 */
public enum MeasureMode {
    EXACT, ESTIMATE, AUTO;

    /**
     * Rows beyond which AUTO estimates. Exact measuring holds an id per row per pass and a hash entry per distinct
     * combination; around 20 million rows that starts to cost seconds and hundreds of MiB per layout.
     */
    public static final long DEFAULT_THRESHOLD_ROWS = 20_000_000L;

    /** True when a sample of {@code rows} rows should be measured with sketches under {@code mode}. */
    public static boolean useEstimate(MeasureMode mode, long rows, long threshold) {
        return switch (mode) {
            case EXACT -> false;
            case ESTIMATE -> true;
            case AUTO -> rows > threshold;
        };
    }

    public boolean useEstimate(long rows) {
        return useEstimate(this, rows, DEFAULT_THRESHOLD_ROWS);
    }
}
