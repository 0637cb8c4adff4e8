package dev.cardinal.projection;

import java.util.Locale;
import java.util.Optional;

/**
 * Whether a sample can carry a projection. Growth is fitted over points and turned into time by the sample's rate,
 * so a sample needs enough points for the fit to have a later half to speak of, and enough time for a rate: two
 * points a nanosecond apart make 86,400,000,000,000 a day, and every limit "after 1 s". Below these, the sample's
 * own numbers are all there is.
 */
public final class GrowthSupport {
    /** Points a growth fit needs: 100 checkpoints of one point each, the later half of them fitted. */
    public static final long MIN_POINTS = 100;
    /** Time a rate of traffic needs: below a minute, when the points happen to be written decides the rate. */
    public static final long MIN_SPAN_SECONDS = 60;

    private GrowthSupport() {
    }

    /** Why a sample of {@code points} points over {@code spanSeconds} cannot be projected, or empty when it can. */
    public static Optional<String> withheld(long points, double spanSeconds) {
        boolean fewPoints = points < MIN_POINTS;
        boolean tooShort = !(spanSeconds >= MIN_SPAN_SECONDS);
        if (!fewPoints && !tooShort) {
            return Optional.empty();
        }
        String pts = String.format(Locale.ROOT, "%,d point%s", points, points == 1 ? "" : "s");
        if (fewPoints && tooShort) {
            return Optional.of(pts + " over " + span(spanSeconds) + ": a growth fit needs at least " + MIN_POINTS
                + " points over at least a minute");
        }
        if (fewPoints) {
            return Optional.of(pts + ": a growth fit needs at least " + MIN_POINTS);
        }
        if (spanSeconds <= 0) {
            return Optional.of("all " + pts + " carry one timestamp: the sample has no rate of traffic to project with");
        }
        return Optional.of("the sample spans " + span(spanSeconds) + ": a rate of traffic needs at least a minute");
    }

    private static String span(double seconds) {
        return seconds >= 1 ? String.format(Locale.ROOT, "%.0f s", seconds)
            : seconds > 0 ? String.format(Locale.ROOT, "%.3g s", seconds) : "0 s";
    }
}
