package dev.cardinal.projection;

import java.time.Duration;
import java.util.List;

/**
 * One limit of a {@link Projection}: its value at the horizon and when it is reached.
 *
 * @param limit     the limit
 * @param subject   what reaches it first (a tag key for values-per-tag), or null
 * @param atHorizon the projected value at the horizon
 * @param reach     reached within the sample, at a time, never (a closed set, or a window that stays below), or
 *                  not projected
 * @param after     traffic time from the first write until it is reached (null for NEVER and NOT_PROJECTED)
 * @param earliest  the soonest the fit's range allows (its high edge), null when that never reaches it
 * @param latest    the latest the fit's range allows (its low edge), null when that never reaches it
 * @param keys      for values per tag: every tag key that reaches the limit within the horizon, soonest first,
 *                  each with its own time; empty for other limits
 */
public record LimitProjection(Limit limit, String subject, long atHorizon, Reach reach, Duration after,
                              Duration earliest, Duration latest, List<LimitProjection> keys) {
    public LimitProjection {
        keys = List.copyOf(keys);
    }

    public boolean brokenAtHorizon() {
        return atHorizon >= limit.value();
    }

    /** Reached within the sample, or projected to be within {@code horizon}. */
    public boolean within(Duration horizon) {
        return reach == Reach.WITHIN_SAMPLE || reach == Reach.AT && after.compareTo(horizon) <= 0;
    }

    /** When a limit is reached. */
    public enum Reach {
        WITHIN_SAMPLE, AT, NEVER,
        /** Not reached within the sample, and the sample cannot say when ({@link Projection#withheld}). */
        NOT_PROJECTED
    }
}
