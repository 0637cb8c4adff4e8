package dev.cardinal.projection;

/**
 * Heaps' law y = K·x^β by ordinary least squares on (ln x, ln y), over the later half of a growth curve.
 *
 * <p>Why the later half (x >= half the span) rather than every checkpoint: at the start of a sample nearly every
 * point brings a new value (the first user seen is always new), so the early curve is steeper than the regime
 * that continues, and on log-spaced checkpoints those early points would carry as much weight as the late ones.
 * The later half is the part of the curve that looks like the future; for a curve that is still bending over
 * (new listings trickle in) it gives the current, higher exponent, which errs towards more growth, the safe side
 * for a capacity projection. Restricting is simpler to explain than weighting ("fitted over the last half of the
 * sample"). When the later half holds fewer than 3 checkpoints (sparse or log-spaced ones), the last 3 are used.
 *
 * <p>The fit comes with its range ({@link FitBand}), for the horizon figures to carry their uncertainty.
 *
 * @param lnK      ln K (kept in logs: K itself can underflow for extreme x scales)
 * @param beta     the exponent, >= 0 (y never decreases, so the slope cannot be negative)
 * @param rSquared R² in log space over the points used; 0 when fewer than 3 were usable
 * @param band     the fit's range beyond the sample
 */
record HeapsFit(double lnK, double beta, double rSquared, FitBand band) {
    static final int MIN_POINTS = 3;

    static HeapsFit of(ObservedCurve c) {
        double[] x = c.x;
        double[] y = c.y;
        // x is strictly increasing after cleaning; y is non-decreasing, so usable points (x, y > 0) form a suffix
        int first = 0;
        while (first < x.length && (x[first] <= 0 || y[first] <= 0)) {
            first++;
        }
        int usable = x.length - first;
        if (usable == 0) {
            return new HeapsFit(Math.log(Math.max(c.lastY(), Double.MIN_VALUE)), 0, 0, FitBand.EXACT);
        }
        int from = first;
        double half = c.lastX() / 2;
        while (from < x.length && x[from] < half) {
            from++;
        }
        from = Math.min(from, Math.max(first, x.length - MIN_POINTS));
        int n = x.length - from;
        if (n == 1 || y[from] == y[x.length - 1]) {
            // one point, or flat (y never decreases): β = 0 fits a flat stretch exactly, without rounding noise
            return new HeapsFit(Math.log(y[from]), 0, n < MIN_POINTS ? 0 : 1, FitBand.EXACT);
        }
        // the logs of the fitted stretch, taken once for the line, its residuals and its range
        double[] lx = new double[n];
        double[] ly = new double[n];
        for (int i = 0; i < n; i++) {
            lx[i] = Math.log(x[from + i]);
            ly[i] = Math.log(y[from + i]);
        }
        LogLogLine line = LogLogLine.of(lx, ly, 0, n - 1);
        double beta = line.slope(); // sxx > 0: at least 2 distinct x
        double lnK = line.meanY() - beta * line.meanX();
        if (n < MIN_POINTS) {
            return new HeapsFit(lnK, beta, 0, FitBand.UNKNOWN);
        }
        double ssRes = 0;
        for (int i = 0; i < n; i++) {
            double r = ly[i] - lnK - beta * lx[i];
            ssRes += r * r;
        }
        double r2 = Math.max(0, Math.min(1, 1 - ssRes / line.syy())); // syy > 0: y is not flat here
        return new HeapsFit(lnK, beta, r2, FitBand.of(lx, ly, beta, line, Math.sqrt(ssRes / (n - 2))));
    }
}
