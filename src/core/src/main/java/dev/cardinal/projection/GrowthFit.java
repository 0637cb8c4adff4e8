package dev.cardinal.projection;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * How one attribute's distinct values (or a layout's series) grow with traffic, fitted from its growth curve:
 * checkpoints {@code x} (points seen so far, or seconds since the sample began; the origin must be the start of
 * the sample) and {@code y} (distinct values seen up to x). Pure math: deterministic, no I/O, never NaN.
 *
 * <p>Two answers. The <b>class</b> ({@link Growth}): does the tail of the sample still bring new values?
 * The <b>rate</b>: Heaps' law {@code y = K·x^β}, fitted by least squares in log-log space, for projecting to a
 * horizon. A closed set projects to its saturation value; a growing one to K·x^β.
 */
public final class GrowthFit {
    /**
     * The tail is the last quarter of x: long enough to hold many points even in a small sample (5,000 of
     * 20,000), short enough that a set which saturated early shows an empty tail.
     */
    static final double TAIL = 0.25;
    /** "At the end" for {@link #endSlope()}: the last tenth of x. */
    static final double END = 0.10;
    /**
     * A set is CLOSED when at most 2% of its values first appeared in the tail. Under Heaps' law that share is
     * 1 - 0.75^β, so 2% is a local exponent of 0.07: ten times the traffic would add at most ~17% more values.
     * That tolerates a closed set whose rarest members still trickle in, and nothing that grows with traffic:
     * a unique id has a tail share of 25%, user ids (β 0.6-1.0) 16-25%. For a small set it means "none new":
     * with fewer than 50 values, one late arrival is already over 2%, and calling that GROWS is the safe error
     * (a growing id put in a tag costs far more than an enum kept out of one).
     */
    static final double CLOSED_TAIL_SHARE = 0.02;
    /**
     * ... and when the local exponent over the last tenth is at most 0.1: the tail share could hide values that
     * began to arrive only at the very end (a new product launched in the last day of the sample).
     */
    static final double CLOSED_END_SLOPE = 0.10;

    /** Which curve of the fit: its central line, or the low or high edge of its range ({@link FitBand}). */
    public enum Band {
        LOW, MID, HIGH;

        /** The other edge: what makes a quotient high makes it low. */
        public Band opposite() {
            return this == LOW ? HIGH : this == HIGH ? LOW : MID;
        }
    }

    private final ObservedCurve curve;
    private final HeapsFit heaps;
    private final Growth growth;
    private final double lnK;
    private final double beta;
    private final double rSquared;
    private final double tailShare;
    private final double endSlope;

    private GrowthFit(ObservedCurve curve, HeapsFit heaps, double tailShare, double endSlope) {
        this.curve = curve;
        this.heaps = heaps;
        this.lnK = heaps.lnK();
        this.beta = heaps.beta();
        this.rSquared = heaps.rSquared();
        this.tailShare = tailShare;
        this.endSlope = endSlope;
        this.growth = tailShare <= CLOSED_TAIL_SHARE && endSlope <= CLOSED_END_SLOPE ? Growth.CLOSED : Growth.GROWS;
    }

    /**
     * Fits a growth curve. At least 2 checkpoints, both arrays non-decreasing, finite and {@code >= 0}; 50 or more
     * give stable numbers.
     *
     * @throws IllegalArgumentException for mismatched lengths, fewer than 2 checkpoints, or values that are
     *                                  negative, not finite, or decreasing
     */
    public static GrowthFit fit(double[] x, double[] y) {
        ObservedCurve c = ObservedCurve.of(x, y);
        double end = c.lastX();
        double total = c.lastY();
        double tailShare = total <= 0 ? 0 : Math.min(1, Math.max(0, (total - c.at(end * (1 - TAIL))) / total));
        return new GrowthFit(c, HeapsFit.of(c), tailShare, localSlope(c.at(end * (1 - END)), total, 1 - END));
    }

    /**
     * Fits a growth curve over points, from the origin (no points, no values). A layout that writes no point at
     * all (a tag named time, no usable field) has an empty curve: nothing was seen, nothing will be.
     */
    public static GrowthFit overPoints(GrowthCurve c) {
        if (c.size() == 0) {
            return fit(new double[]{0, 1}, new double[]{0, 0});
        }
        double[] x = new double[c.size() + 1];
        double[] y = new double[c.size() + 1];
        for (int i = 0; i < c.size(); i++) {
            x[i + 1] = c.points()[i];
            y[i + 1] = c.distinct()[i];
        }
        return fit(x, y);
    }

    /**
     * The log-log slope from {@code (ratio·end, before)} to {@code (end, after)}: the local Heaps exponent.
     * When nothing had been seen at the window's start, everything in it is new, as for a unique id: 1.
     */
    private static double localSlope(double before, double after, double ratio) {
        if (after <= before) {
            return 0;
        }
        if (before <= 0) {
            return 1;
        }
        return Math.log(after / before) / Math.log(1 / ratio);
    }

    public Growth growth() {
        return growth;
    }

    /** Heaps' K (finite; 0 when nothing was seen). */
    public double k() {
        return curve.lastY() <= 0 ? 0 : finite(Math.exp(lnK));
    }

    /** Heaps' β, fitted over the later half of the curve; 0 for a flat curve. */
    public double beta() {
        return beta;
    }

    /** R² of the log-log fit over the points it used; 0 when fewer than 3 points were usable. */
    public double rSquared() {
        return rSquared;
    }

    /** Share of the distinct values first seen in the last quarter of x (0 to 1). */
    public double tailShare() {
        return tailShare;
    }

    /** Local Heaps exponent over the last tenth of x: 0 when nothing new arrived there. */
    public double endSlope() {
        return endSlope;
    }

    /** The distinct count a CLOSED set saturated at; 0 for a set that GROWS. */
    public double saturatedAt() {
        return growth == Growth.CLOSED ? curve.lastY() : 0;
    }

    /** Distinct values seen in the whole sample. */
    public double observed() {
        return curve.lastY();
    }

    /** The extent of the sample in x (points or seconds). */
    public double span() {
        return curve.lastX();
    }

    /**
     * The distinct count at {@code x}. Inside the sample it is the observed curve (interpolated: the data beats
     * any model). Beyond it, a CLOSED set stays at its saturation value and a growing one follows K·x^β, never
     * below what was already seen.
     *
     * @throws IllegalArgumentException for a negative or NaN x
     */
    public double predict(double x) {
        return predict(x, Band.MID);
    }

    /**
     * {@link #predict(double)} on one edge of the fit's range: inside the sample all three are the observed curve,
     * and a CLOSED set stays at its saturation value; beyond, a growing one follows K·x^β moved by the fit's band
     * in log space (never below what was already seen).
     */
    public double predict(double x, Band band) {
        if (!(x >= 0)) {
            throw new IllegalArgumentException("x must be >= 0, got " + x);
        }
        if (x <= curve.lastX()) {
            return curve.at(x);
        }
        if (growth == Growth.CLOSED) {
            return curve.lastY();
        }
        if (x == Double.POSITIVE_INFINITY) {
            return Double.MAX_VALUE;
        }
        // in log space, so an extreme x or a tiny K cannot give 0·∞
        double lnX = Math.log(x);
        double lnY = lnK + beta * lnX;
        if (band == Band.LOW) {
            lnY = heaps.band().low(lnX, lnY);
        } else if (band == Band.HIGH) {
            lnY = heaps.band().high(lnX, lnY);
        }
        return Math.max(curve.lastY(), finite(Math.exp(lnY)));
    }

    /**
     * The smallest x where {@link #predict(double)} reaches {@code limit}. Already reached in the sample: where the
     * observed curve crossed it. Beyond: empty for a CLOSED set (it never gets there), else where K·x^β does,
     * and never before the end of the sample. When the fit lies a little above the last observation, predict
     * steps up just after the sample's end and a limit inside that step gives the end itself (the infimum).
     */
    public OptionalDouble whenReaches(double limit) {
        if (Double.isNaN(limit)) {
            throw new IllegalArgumentException("limit must be a number");
        }
        if (limit <= curve.lastY()) {
            return curve.crossing(limit);
        }
        if (growth == Growth.CLOSED || beta <= 0) {
            return OptionalDouble.empty();
        }
        double x = Math.exp((Math.log(limit) - lnK) / beta);
        return Double.isFinite(x) ? OptionalDouble.of(Math.max(x, curve.lastX())) : OptionalDouble.empty();
    }

    /**
     * One line for a person: "5 values, none new in the last 99% of the sample" or "1,413 values, 24% of them
     * first seen in the last quarter; Heaps β=0.98".
     */
    public String evidence() {
        double n = curve.lastY();
        String values = count(n) + (count(n).equals("1") ? " value" : " values");
        if (n <= 0) {
            return "no values seen";
        }
        if (growth == Growth.GROWS) {
            return values + ", " + percent(tailShare) + " of them first seen in the last quarter; Heaps β="
                + String.format(Locale.ROOT, "%.2f", beta);
        }
        if (tailShare > 0) {
            return values + ", only " + percent(tailShare) + " of them first seen in the last quarter";
        }
        double quiet = 1 - curve.lastRise() / curve.lastX();
        return values + (quiet >= 0.9995 ? ", all present from the start"
            : ", none new in the last " + percent(Math.floor(quiet * 100) / 100) + " of the sample");
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "GrowthFit[%s, K=%.4g, β=%.3f, R²=%.3f, tail=%.3f, end=%.3f: %s]",
            growth, k(), beta, rSquared, tailShare, endSlope, evidence());
    }

    private static double finite(double v) {
        return Math.min(v, Double.MAX_VALUE);
    }

    private static String count(double n) {
        return String.format(Locale.ROOT, "%,.0f", n);
    }

    private static String percent(double share) {
        double p = share * 100;
        return String.format(Locale.ROOT, p > 0 && p < 9.95 ? "%.1f%%" : "%.0f%%", p);
    }
}
