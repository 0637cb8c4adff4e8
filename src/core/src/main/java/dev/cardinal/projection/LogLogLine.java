package dev.cardinal.projection;

/**
 * Ordinary least squares of ln y on ln x over {@code lnX[from..to]}, {@code lnY[from..to]} (the logs, x strictly
 * increasing): the sums a Heaps fit and its range are made of.
 *
 * @param n     points
 * @param meanX mean ln x
 * @param meanY mean ln y
 * @param sxx   sum of squared deviations of ln x
 * @param sxy   sum of products of the deviations
 * @param syy   sum of squared deviations of ln y
 */
record LogLogLine(int n, double meanX, double meanY, double sxx, double sxy, double syy) {

    static LogLogLine of(double[] lnX, double[] lnY, int from, int to) {
        int n = to - from + 1;
        double mx = 0;
        double my = 0;
        for (int i = from; i <= to; i++) {
            mx += lnX[i];
            my += lnY[i];
        }
        mx /= n;
        my /= n;
        double sxx = 0;
        double sxy = 0;
        double syy = 0;
        for (int i = from; i <= to; i++) {
            double dx = lnX[i] - mx;
            double dy = lnY[i] - my;
            sxx += dx * dx;
            sxy += dx * dy;
            syy += dy * dy;
        }
        return new LogLogLine(n, mx, my, sxx, sxy, syy);
    }

    /** The slope, never negative (a distinct count never falls); needs 2 distinct x. */
    double slope() {
        return Math.max(0, sxy / sxx);
    }
}
