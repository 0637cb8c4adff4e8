package dev.cardinal.projection;

/**
 * The range of a Heaps fit beyond the sample, in ln y: the envelope of two things that can each be wrong.
 * <ul>
 *   <li>The line itself: the regression's confidence band for ln y at ln x, two standard errors,
 *   {@code 2·s·sqrt(1/n + (ln x − mean ln x)² / Sxx)}, widening the further x lies from the points fitted.</li>
 *   <li>Its exponent: the checkpoints of one cumulative curve are not independent, so that band is narrow even when
 *   the curve is still bending. The two halves of the fitted stretch are fitted on their own, and their exponents,
 *   drawn from the sample's last point, bound where a curve that keeps bending (or straightens) goes.</li>
 * </ul>
 * It is what the sample's own curve allows, not a guarantee about the traffic to come.
 *
 * @param n        checkpoints fitted
 * @param meanLnX  their mean ln x
 * @param sxx      their sum of squared deviations of ln x
 * @param sigma    the residual standard deviation in ln y (0 for an exact fit; infinite when two points fix a line
 *                 and say nothing of its error)
 * @param lnXEnd   ln x of the sample's last checkpoint
 * @param lnYEnd   ln y there
 * @param betaLow  the smaller exponent of the two halves of the fitted stretch
 * @param betaHigh the larger one
 */
record FitBand(int n, double meanLnX, double sxx, double sigma, double lnXEnd, double lnYEnd, double betaLow,
               double betaHigh) {
    /** Two standard errors: about 95%. */
    static final double SIGMAS = 2;
    /** A flat or exact fit: no range. */
    static final FitBand EXACT = new FitBand(0, 0, 0, 0, 0, 0, Double.NaN, Double.NaN);
    /** Too few points to know: an unbounded range. */
    static final FitBand UNKNOWN = new FitBand(0, 0, 0, Double.POSITIVE_INFINITY, 0, 0, Double.NaN, Double.NaN);

    /** The band of a fit over the logs {@code lnX}, {@code lnY}: {@code line} with exponent {@code beta}. */
    static FitBand of(double[] lnX, double[] lnY, double beta, LogLogLine line, double sigma) {
        int last = lnX.length - 1;
        double quarter = lnX[last] + Math.log(0.75);
        int split = 0;
        while (split < last && lnX[split] < quarter) {
            split++;
        }
        // each half's own exponent; a half of one point has none, and the whole fit's stands for it
        double a = split > 0 ? LogLogLine.of(lnX, lnY, 0, split).slope() : beta;
        double b = last > split ? LogLogLine.of(lnX, lnY, split, last).slope() : beta;
        return new FitBand(line.n(), line.meanX(), line.sxx(), sigma, lnX[last], lnY[last], Math.min(a, b), Math.max(a, b));
    }

    /** The low edge in ln y at ln x, given the fitted line's ln y there. */
    double low(double lnX, double lnYFitted) {
        double edge = lnYFitted - halfWidth(lnX);
        return Double.isNaN(betaLow) ? edge : Math.min(edge, lnYEnd + betaLow * (lnX - lnXEnd));
    }

    /** The high edge in ln y at ln x, given the fitted line's ln y there. */
    double high(double lnX, double lnYFitted) {
        double edge = lnYFitted + halfWidth(lnX);
        return Double.isNaN(betaHigh) ? edge : Math.max(edge, lnYEnd + betaHigh * (lnX - lnXEnd));
    }

    private double halfWidth(double lnX) {
        if (sigma == 0) {
            return 0;
        }
        if (!Double.isFinite(sigma) || sxx <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        double d = lnX - meanLnX;
        return SIGMAS * sigma * Math.sqrt(1.0 / n + d * d / sxx);
    }
}
