package dev.cardinal.projection;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * When the fields a mapping wants reach a target, from the two things that make them: tenants arriving, and the
 * fields one tenant brings as it ages. A curve fitted to the total mixes the two, and a fit that suits one
 * stream misreads another (a power law of time bends the wrong way when each tenant names its metrics over its
 * first days; a line misses tenants who keep naming). Here:
 * <ul>
 * <li>tenants arrive at a rate that may die away, {@code λ(s) = λ0·e^(γs)}, γ between 0 and a halving per fifth
 *     of the sample, fitted by maximum likelihood to the arrival times and kept at 0 unless the fit beats a steady
 *     rate at the 5% level (a rate that rises is taken as steady: a burst at the end of a sample is not a trend);</li>
 * <li>a tenant of age g has brought m(g) fields on average, over the tenants seen for at least g; beyond the ages
 *     a quarter of the tenants have reached, m goes on at the slope those oldest tenants show over the last quarter
 *     of the ages, decaying as fast as it fell from the quarter before (tenants that name their metrics in their
 *     first days level off, tenants that keep naming go on as a line);</li>
 * <li>the fields wanted at t are those of the sample, plus the expected growth of the tenants seen, plus the
 *     tenants still to come, each bringing m of its age.</li>
 * </ul>
 * The range resamples the tenants (a bootstrap, 200 draws from a fixed seed, so the same sample gives the same
 * range; the middle 95% of the draws): a few tenants with most of the names make it wide, as they should.
 */
final class TenantGrowth {
    /** Fewer tenants than this say nothing about how tenants arrive. */
    static final int FEWEST_TENANTS = 8;
    private static final int AGES = 64;
    private static final int DRAWS = 200;
    private static final double HORIZON = 50;

    private final TenantFields.Tenants tenants;
    private final double span;
    private final double base;

    /**
     * @param span   seconds from the first document to the last
     * @param wanted fields the sample's names want
     */
    TenantGrowth(TenantFields.Tenants tenants, double span, double wanted) {
        this.tenants = tenants;
        this.span = span;
        this.base = wanted - tenants.total();
    }

    /** The point forecast and the bootstrap's 2.5th and 97.5th percentiles (infinite when a draw never reaches it). */
    double[] secondsTo(double target) {
        int n = tenants.size();
        int[] all = new int[n];
        Arrays.setAll(all, i -> i);
        double point = solve(all, target);
        SplittableRandom r = new SplittableRandom(0x7E4A_4E75L);
        double[] draws = new double[DRAWS];
        int[] pick = new int[n];
        for (int d = 0; d < DRAWS; d++) {
            for (int i = 0; i < n; i++) {
                pick[i] = r.nextInt(n);
            }
            Arrays.sort(pick);
            draws[d] = solve(pick, target);
        }
        Arrays.sort(draws);
        return new double[]{point, draws[(int) (0.025 * DRAWS)], draws[(int) Math.ceil(0.975 * DRAWS) - 1]};
    }

    /** When the tenants {@code pick} (indices, ascending; repeats allowed) make the target; infinite if never. */
    private double solve(int[] pick, double target) {
        Model m = model(pick);
        if (m.at(span) >= target) {
            return span;
        }
        double lo = span;
        double hi = span;
        for (int k = 1; k <= HORIZON * 8; k++) {
            hi = span * (1 + k / 8.0);
            if (m.at(hi) >= target) {
                break;
            }
            lo = hi;
            if (k == HORIZON * 8) {
                return Double.POSITIVE_INFINITY;
            }
        }
        for (int i = 0; i < 40; i++) {
            double mid = (lo + hi) / 2;
            if (m.at(mid) >= target) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    private Model model(int[] pick) {
        double[] arrivals = new double[pick.length];
        double sampled = 0;
        for (int i = 0; i < pick.length; i++) {
            arrivals[i] = tenants.arrivals()[pick[i]];
            sampled += tenants.fieldsAtAge(pick[i], span - arrivals[i]);
        }
        double gamma = arrivalTrend(arrivals);
        double lambda0 = pick.length / integral(gamma, 0, span);
        return new Model(span, arrivals, base + sampled, meanByAge(pick), gamma, lambda0);
    }

    /** m(g) on a grid of ages up to the age a quarter of the tenants have reached, and its slope beyond. */
    private AgeCurve meanByAge(int[] pick) {
        double[] arrivals = Arrays.stream(pick).mapToDouble(i -> tenants.arrivals()[i]).toArray();
        double oldest = span - arrivals[Math.max(0, Math.min(arrivals.length - 1, (int) Math.ceil(arrivals.length / 4.0) - 1))];
        double[] m = new double[AGES + 1];
        for (int j = 0; j <= AGES; j++) {
            double age = oldest * j / AGES;
            double sum = 0;
            int seen = 0;
            for (int i : pick) {
                if (tenants.arrivals()[i] <= span - age) {
                    sum += tenants.fieldsAtAge(i, age);
                    seen++;
                }
            }
            // fewer tenants seen at each older age: the mean wanders; what has been brought stays brought
            m[j] = Math.max(j == 0 ? 0 : m[j - 1], seen == 0 ? 0 : sum / seen);
        }
        // the slope over the last quarter of the ages, and how much it fell from the quarter before: tenants that
        // name their metrics in their first days slow down (the slope decays), tenants that keep naming do not
        // (over the tenants that reached the oldest age: the mean at each age is over other tenants, whose
        // difference would read as a slope)
        double quarter = oldest / 4;
        double late = 0;
        double before = 0;
        int cohort = 0;
        for (int i : pick) {
            if (tenants.arrivals()[i] <= span - oldest) {
                double half = tenants.fieldsAtAge(i, 2 * quarter);
                double threeQuarters = tenants.fieldsAtAge(i, 3 * quarter);
                late += tenants.fieldsAtAge(i, oldest) - threeQuarters;
                before += threeQuarters - half;
                cohort++;
            }
        }
        late /= Math.max(1, cohort) * quarter;
        before /= Math.max(1, cohort) * quarter;
        double slope = quarter > 0 ? Math.max(0, late) : 0;
        double decay = slope > 0 && late < before ? quarter / Math.log(before / late) : Double.POSITIVE_INFINITY;
        return new AgeCurve(oldest, m, slope, decay);
    }

    /**
     * m(g): linear between grid ages; beyond the oldest, on at the last slope, which decays with the time constant
     * {@code decay} (infinite: a line).
     */
    private record AgeCurve(double oldest, double[] m, double slope, double decay) {
        double at(double age) {
            if (age <= 0) {
                return 0;
            }
            if (age >= oldest) {
                double beyond = age - oldest;
                return m[AGES] + (Double.isInfinite(decay) ? slope * beyond : slope * decay * (1 - Math.exp(-beyond / decay)));
            }
            double x = age / oldest * AGES;
            int j = (int) x;
            return m[j] + (x - j) * (m[j + 1] - m[j]);
        }
    }

    /** The fields wanted at each second: the sample's, the seen tenants' growth, the tenants to come. */
    private record Model(double span, double[] arrivals, double now, AgeCurve perTenant, double gamma, double lambda0) {
        double at(double t) {
            double v = now;
            for (double a : arrivals) {
                v += perTenant.at(t - a) - perTenant.at(span - a);
            }
            int steps = 64;
            double h = (t - span) / steps;
            for (int k = 0; k < steps; k++) {
                double s = span + (k + 0.5) * h;
                v += lambda0 * Math.exp(gamma * s) * perTenant.at(t - s) * h;
            }
            return v;
        }
    }

    /**
     * γ of an arrival rate λ0·e^(γs) on [0, span] by maximum likelihood, between a halving per fifth of the span and
     * 0, or 0 when a steady rate explains the arrivals about as well.
     */
    private double arrivalTrend(double[] arrivals) {
        double sum = 0;
        for (double a : arrivals) {
            sum += a;
        }
        int n = arrivals.length;
        double best = 0;
        double steady = n * Math.log(n / span);
        double bestLikelihood = steady;
        double steepest = -5 * Math.log(2) / span;
        for (int k = 1; k <= 100; k++) {
            double gamma = steepest * k / 100;
            double likelihood = n * Math.log(n / integral(gamma, 0, span)) + gamma * sum;
            if (likelihood > bestLikelihood) {
                bestLikelihood = likelihood;
                best = gamma;
            }
        }
        // a rate that dies away only when the arrivals say so (likelihood ratio against a steady rate, 5% level):
        // over a short sample a few quiet hours look like a decline, and a decline predicts a limit never reached
        return 2 * (bestLikelihood - steady) > 3.84 ? best : 0;
    }

    private static double integral(double gamma, double from, double to) {
        return Math.abs(gamma) < 1e-15 ? to - from : (Math.exp(gamma * to) - Math.exp(gamma * from)) / gamma;
    }
}
