package dev.cardinal.engine;

import java.util.Locale;
import java.util.Objects;

/**
 * One number of a {@link SampleComparison}, projected and as the server reports it; -1 on either side when not counted
 * there (then it differs in nothing).
 *
 * @param bound how the two must compare: {@link Bound#AT_LEAST} for a server's figure that is an estimate by its
 *              own documentation, which may report more than it holds but never less
 */
public record ComparisonRow(String what, long projected, long measured, Bound bound) {
    /** How a measurement must compare with its projection. */
    public enum Bound {
        /** A count: equal. */
        EQUAL,
        /** An estimate that may over-count, or a range's low edge: the server's figure is never less. */
        AT_LEAST,
        /** A range's high edge: the server's figure is never more. */
        AT_MOST
    }

    public ComparisonRow {
        Objects.requireNonNull(bound, "bound");
    }

    /** @param estimate true for {@link Bound#AT_LEAST}, false for {@link Bound#EQUAL} */
    public ComparisonRow(String what, long projected, long measured, boolean estimate) {
        this(what, projected, measured, estimate ? Bound.AT_LEAST : Bound.EQUAL);
    }

    public static ComparisonRow exact(String what, long projected, long measured) {
        return new ComparisonRow(what, projected, measured, Bound.EQUAL);
    }

    /** True when the server's figure is an estimate that may over-count. */
    public boolean estimate() {
        return bound == Bound.AT_LEAST;
    }

    public boolean differs() {
        if (projected < 0 || measured < 0) {
            return false;
        }
        return switch (bound) {
            case EQUAL -> measured != projected;
            case AT_LEAST -> measured < projected;
            case AT_MOST -> measured > projected;
        };
    }

    /** Empty when equal, else the difference in words: {@code 3 more on the server}. */
    public String difference() {
        if (measured == projected) {
            return "";
        }
        long d = Math.abs(measured - projected);
        String said = String.format(Locale.ROOT, "%,d %s on the server", d, measured > projected ? "more" : "fewer");
        return estimate() && measured > projected ? said + " (an estimate that may over-count)" : said;
    }
}
