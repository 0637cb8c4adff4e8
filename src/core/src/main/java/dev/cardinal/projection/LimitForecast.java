package dev.cardinal.projection;

/**
 * The time to the total-fields limit from tenants arriving and the fields each brings as it ages
 * ({@link TenantGrowth}), with the range of a bootstrap over the tenants; or why the sample cannot tell.
 *
 * @param seconds    the forecast, seconds after the first document; NaN when the sample cannot tell, infinite when
 *                   the tenants' growth never reaches the limit
 * @param low        the earliest of the range (the bootstrap's 2.5th percentile), NaN when the sample cannot tell
 * @param high       the latest of the range (97.5th percentile), infinite when some draws never reach the limit
 * @param tenants    tenants in the sample
 * @param cannotTell why the sample cannot tell, or null when it can
 */
public record LimitForecast(double seconds, double low, double high, int tenants, String cannotTell) {

    /**
     * The forecast for {@code target} wanted fields from what the sample's tenants did; the sample cannot tell with
     * fewer than {@value TenantGrowth#FEWEST_TENANTS} tenants.
     */
    static LimitForecast of(TenantFields.Tenants t, double span, double wanted, double target) {
        if (t.size() < TenantGrowth.FEWEST_TENANTS || span <= 0) {
            return new LimitForecast(Double.NaN, Double.NaN, Double.NaN, t.size(), "the sample cannot tell: "
                + t.size() + " tenant(s) in " + Quantities.span(java.time.Duration.ofSeconds((long) span))
                + " say nothing about how tenants arrive");
        }
        double[] s = new TenantGrowth(t, span, wanted).secondsTo(target);
        if (!(s[2] <= WIDEST * s[1])) {
            return new LimitForecast(s[0], s[1], s[2], t.size(), "the sample cannot tell: the tenants seen put it "
                + "between " + days(s[1]) + " and " + days(s[2]) + " after the first document");
        }
        return new LimitForecast(s[0], s[1], s[2], t.size(), null);
    }

    /**
     * A range whose latest end is more than this times its earliest says that the tenants seen disagree (a few of
     * them with most of the names, arrivals in bursts, a prefix too short to show whether tenants stop naming): a
     * number from it would be a guess, so the forecast is the range and that the sample cannot tell.
     */
    static final double WIDEST = 1.5;

    private static String days(double seconds) {
        return Double.isInfinite(seconds) ? "never" : Quantities.span(java.time.Duration.ofMillis(Math.round(seconds * 1000)));
    }

    /** The range in words: "6.0 days to 9.2 days", "8.1 days to never". */
    public String range() {
        return days(low) + " to " + days(high);
    }

    /** True when the forecast is a number (the limit is reached, at a finite time). */
    public boolean reached() {
        return cannotTell == null && Double.isFinite(seconds);
    }

    /** True when the truth at {@code trueSeconds} lies in the range (a range too wide to give a number included). */
    public boolean holds(double trueSeconds) {
        return low <= trueSeconds && trueSeconds <= high;
    }
}
