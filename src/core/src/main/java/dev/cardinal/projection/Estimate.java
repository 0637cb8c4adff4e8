package dev.cardinal.projection;

/**
 * A count that may be estimated: the estimate and a range that holds the true count with about 95% confidence
 * (the sketch's +-2 standard deviations). An exact count has {@code lower == value == upper}.
 */
public record Estimate(double value, double lower, double upper) {

    public Estimate {
        if (!(lower <= value && value <= upper)) {
            throw new IllegalArgumentException("bounds must enclose the value: " + lower + " <= " + value + " <= " + upper);
        }
    }

    public static Estimate exact(long count) {
        return new Estimate(count, count, count);
    }

    /** The estimate rounded to a whole count, for display and for code that takes counts. */
    public long rounded() {
        return Math.round(value);
    }

    public boolean isExact() {
        return lower == upper;
    }

    /** True when {@code count} lies within the bounds (rounded outward, since counts are whole). */
    public boolean contains(long count) {
        return Math.floor(lower) <= count && count <= Math.ceil(upper);
    }

    /** The larger half-width of the range, relative to the estimate (0 for an exact count or an empty set). */
    public double relativeSpread() {
        return value == 0 ? 0 : Math.max(value - lower, upper - value) / value;
    }

    /** Adds two independent estimates; summing the bounds keeps the range conservative (wider than +-2 sigma). */
    public Estimate plus(Estimate other) {
        return new Estimate(value + other.value, lower + other.lower, upper + other.upper);
    }

    /** The larger of two counts: a bound on each side holds for the maximum when it holds for both. */
    public Estimate max(Estimate other) {
        return new Estimate(Math.max(value, other.value), Math.max(lower, other.lower), Math.max(upper, other.upper));
    }

    @Override
    public String toString() {
        return isExact() ? Long.toString(rounded())
            : String.format("%,d (%,d..%,d)", rounded(), (long) Math.floor(lower), (long) Math.ceil(upper));
    }
}
