package dev.cardinal.traffic.synthetic;

import dev.cardinal.model.ValueType;
import java.util.List;
import java.util.Objects;

/**
 * How one attribute of synthetic traffic behaves, as a user describes it before any traffic exists. Each says
 * whether the application sends it as a tag, so that the layout inferred from the traffic is the one "as written".
 */
public sealed interface AttributeProfile {

    String name();

    boolean asTag();

    /** The value type the traffic carries (tags are always strings). */
    ValueType type();

    /**
     * A closed set of {@code values} fixed values, drawn with a Zipf skew: the k-th value comes with weight
     * {@code 1/k^skew}, so 0 is uniform and 1 is the classic "a few values dominate". The first value is the most
     * common. Values are named {@code v01, v02, ...} unless {@code valueNames} gives them.
     */
    record ClosedSet(String name, int values, double skew, List<String> valueNames, boolean asTag)
        implements AttributeProfile {
        /** Largest set: a cumulative weight table is held per set, and a bigger "closed" set is really an id. */
        public static final int MAX_VALUES = 1_000_000;

        public ClosedSet {
            Objects.requireNonNull(name, "name");
            valueNames = List.copyOf(valueNames);
            if (values < 1 || values > MAX_VALUES) {
                throw new IllegalArgumentException(name + ": values must be 1.." + MAX_VALUES);
            }
            if (!valueNames.isEmpty() && valueNames.size() != values) {
                throw new IllegalArgumentException(name + ": " + valueNames.size() + " value names for " + values + " values");
            }
            checkSkew(name, skew);
        }

        public ClosedSet(String name, int values, double skew, boolean asTag) {
            this(name, values, skew, List.of(), asTag);
        }

        @Override
        public ValueType type() {
            return ValueType.STRING;
        }

        /** The name of the value of rank {@code k} (0-based). */
        public String valueName(int k) {
            if (!valueNames.isEmpty()) {
                return valueNames.get(k);
            }
            int width = Math.max(2, Integer.toString(values).length());
            String digits = Integer.toString(k + 1);
            return "v" + "0".repeat(width - digits.length()) + digits;
        }
    }

    /**
     * Ids that keep arriving (users, sessions, listings). On each point a brand-new id appears with the probability
     * the rate implies ({@code rate / pointsPerDay}, or {@code rate / 1000}); otherwise an id seen before is reused.
     * The reused id is drawn by Zipf over <b>recency</b>: the id created r-th most recently comes with weight
     * {@code 1/r^repeatSkew}. Recency rather than popularity because it needs no per-id state (one counter, so
     * millions of ids cost nothing) and because real ids are busiest right after they appear and then fade:
     * a session, a new listing, a user who just signed up. {@code repeatSkew} 0 reuses any earlier id equally.
     * Ids read {@code prefix} plus six or more digits: {@code u000123}.
     */
    record GrowingId(String name, double rate, Per per, double repeatSkew, String prefix, boolean asTag)
        implements AttributeProfile {

        /** What the rate of new ids is counted against. */
        public enum Per {
            DAY, THOUSAND_POINTS
        }

        public GrowingId {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(per, "per");
            Objects.requireNonNull(prefix, "prefix");
            if (!(rate > 0) || Double.isInfinite(rate)) {
                throw new IllegalArgumentException(name + ": the rate of new ids must be a positive number");
            }
            checkSkew(name, repeatSkew);
        }

        public static GrowingId perDay(String name, double newPerDay, double repeatSkew, boolean asTag) {
            return new GrowingId(name, newPerDay, Per.DAY, repeatSkew, defaultPrefix(name), asTag);
        }

        public static GrowingId perThousandPoints(String name, double newPerThousand, double repeatSkew, boolean asTag) {
            return new GrowingId(name, newPerThousand, Per.THOUSAND_POINTS, repeatSkew, defaultPrefix(name), asTag);
        }

        /** The first letter of the name, so that {@code user_id} reads {@code u000123}; "id" when there is none. */
        public static String defaultPrefix(String name) {
            return !name.isEmpty() && name.charAt(0) < 128 && Character.isLetter(name.charAt(0))
                ? name.substring(0, 1).toLowerCase(java.util.Locale.ROOT) : "id";
        }

        /** The chance that a point brings a new id. */
        public double newIdProbability(double pointsPerDay) {
            return per == Per.DAY ? rate / pointsPerDay : rate / 1000;
        }

        @Override
        public ValueType type() {
            return ValueType.STRING;
        }
    }

    /**
     * A numeric field value: integer counts (mostly 1, sometimes 2..10) or float readings (around 20 with a spread
     * of 5, two decimals). Never a tag: a measured number in a tag is a series per reading.
     */
    record Measure(String name, ValueType type) implements AttributeProfile {
        public Measure {
            Objects.requireNonNull(name, "name");
            if (type != ValueType.INTEGER && type != ValueType.FLOAT) {
                throw new IllegalArgumentException(name + ": a measure is an integer or a float, not " + type.id());
            }
        }

        @Override
        public boolean asTag() {
            return false;
        }
    }

    /** The same value on every point (a host, a region, an app version that does not change in the span). */
    record Constant(String name, String value, boolean asTag) implements AttributeProfile {
        public Constant {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            if (value.isEmpty()) {
                throw new IllegalArgumentException(name + ": a constant needs a value (an empty tag is not written)");
            }
        }

        @Override
        public ValueType type() {
            return ValueType.STRING;
        }
    }

    /** Beyond this a skew changes nothing visible: the first value takes practically every point. */
    double MAX_SKEW = 10;

    private static void checkSkew(String name, double skew) {
        if (!(skew >= 0 && skew <= MAX_SKEW)) {
            throw new IllegalArgumentException(name + ": skew must be from 0 to " + MAX_SKEW + ", was " + skew);
        }
    }
}
