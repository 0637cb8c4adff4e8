package dev.cardinal.traffic.synthetic;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One attribute's values, one draw per point. Each attribute has its own random stream, keyed by the seed and its
 * name, so adding, removing or reordering attributes in a profile leaves the others' values as they were.
 * {@link StrictMath} everywhere: {@link Math}'s intrinsics may differ in the last bit between JVMs, and the same
 * seed must give the same file anywhere.
 */
abstract class ValueSource {
    private static final byte[] EMPTY = new byte[0];

    abstract void next();

    /** UTF-8 bytes of a string value; valid until the next draw. */
    byte[] bytes() {
        return EMPTY;
    }

    int length() {
        return 0;
    }

    String text() {
        return new String(bytes(), 0, length(), StandardCharsets.UTF_8);
    }

    long longValue() {
        throw new IllegalStateException("not an integer");
    }

    double doubleValue() {
        throw new IllegalStateException("not a float");
    }

    /** A float as plain decimal text ({@code 21.35}, {@code -0.4}), made by integer arithmetic so no locale can change it. */
    String decimalText() {
        throw new IllegalStateException("not a float");
    }

    static ValueSource of(AttributeProfile a, TrafficProfile p) {
        SplittableRandom r = keyed(p.seed(), a.name().hashCode());
        if (a instanceof AttributeProfile.ClosedSet c) {
            return new Closed(c, r);
        } else if (a instanceof AttributeProfile.GrowingId g) {
            return new Id(g, g.newIdProbability(p.pointsPerDay()), r);
        } else if (a instanceof AttributeProfile.Measure m) {
            return new Measure(m, r);
        } else {
            return new Fixed(((AttributeProfile.Constant) a).value());
        }
    }

    /** A generator for one key, independent of how many draws any other key made. */
    static SplittableRandom keyed(long seed, long key) {
        return new SplittableRandom(mix(seed ^ mix(key + 0x9E3779B97F4A7C15L)));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Zipf over a fixed list: a cumulative weight table and a binary search per draw. */
    static final class Closed extends ValueSource {
        private final AttributeProfile.ClosedSet set;
        private final SplittableRandom r;
        private final double[] cumulative;
        private final byte[][] names;
        private int current;

        Closed(AttributeProfile.ClosedSet set, SplittableRandom r) {
            this.set = set;
            this.r = r;
            this.names = new byte[set.values()][];
            this.cumulative = new double[set.values()];
            double sum = 0;
            for (int k = 0; k < cumulative.length; k++) {
                sum += set.skew() == 0 ? 1 : 1 / StrictMath.pow(k + 1, set.skew());
                cumulative[k] = sum;
            }
        }

        @Override
        void next() {
            double x = r.nextDouble() * cumulative[cumulative.length - 1];
            int i = Arrays.binarySearch(cumulative, x);
            current = Math.min(cumulative.length - 1, i >= 0 ? i + 1 : -i - 1);
        }

        @Override
        byte[] bytes() {
            byte[] b = names[current];
            if (b == null) {
                b = set.valueName(current).getBytes(StandardCharsets.UTF_8);
                names[current] = b;
            }
            return b;
        }

        @Override
        int length() {
            return bytes().length;
        }
    }

    /** New ids at a fixed chance per point; otherwise an earlier id by Zipf over recency (see GrowingId). */
    static final class Id extends ValueSource {
        private static final int DIGITS = 6;
        private final SplittableRandom r;
        private final double newChance;
        private final double skew;
        private final int prefixLength;
        private byte[] buf;
        private int len;
        private long created;

        Id(AttributeProfile.GrowingId id, double newChance, SplittableRandom r) {
            this.r = r;
            this.newChance = newChance;
            this.skew = id.repeatSkew();
            byte[] prefix = id.prefix().getBytes(StandardCharsets.UTF_8);
            this.prefixLength = prefix.length;
            this.buf = Arrays.copyOf(prefix, prefix.length + 20);
        }

        @Override
        void next() {
            long id;
            if (r.nextDouble() < newChance || created == 0) {
                id = ++created;
            } else {
                id = created - recencyRank(r.nextDouble(), created) + 1;
            }
            format(id);
        }

        /**
         * A rank in 1..m with weight ~1/rank^skew, by inverting the continuous (bounded Pareto) distribution on
         * [1, m+1): one draw, no table, so m can grow without bound.
         */
        long recencyRank(double u, long m) {
            double x;
            if (skew == 0) {
                x = 1 + u * m;
            } else if (Math.abs(skew - 1) < 1e-9) {
                x = StrictMath.exp(u * StrictMath.log(m + 1.0));
            } else {
                double a = 1 - skew;
                x = StrictMath.pow(1 + u * (StrictMath.pow(m + 1.0, a) - 1), 1 / a);
            }
            return Math.max(1, Math.min(m, (long) x));
        }

        private void format(long id) {
            int digits = Math.max(DIGITS, Long.toString(id).length());
            len = prefixLength + digits;
            long v = id;
            for (int i = len - 1; i >= prefixLength; i--) {
                buf[i] = (byte) ('0' + v % 10);
                v /= 10;
            }
        }

        @Override
        byte[] bytes() {
            return buf;
        }

        @Override
        int length() {
            return len;
        }
    }

    /** Counts (mostly 1) or readings (about 20 ± 5, two decimals). */
    static final class Measure extends ValueSource {
        private final boolean integer;
        private final SplittableRandom r;
        private long value;

        Measure(AttributeProfile.Measure m, SplittableRandom r) {
            this.integer = m.type() == dev.cardinal.model.ValueType.INTEGER;
            this.r = r;
        }

        @Override
        void next() {
            if (integer) {
                value = r.nextDouble() < 0.7 ? 1 : 2 + r.nextInt(9);
            } else {
                // Box-Muller, our own: a library Gaussian may change its algorithm between Java releases
                double g = StrictMath.sqrt(-2 * StrictMath.log(1 - r.nextDouble()))
                    * StrictMath.cos(2 * StrictMath.PI * r.nextDouble());
                value = Math.round((20 + 5 * g) * 100); // hundredths
            }
        }

        @Override
        long longValue() {
            return value;
        }

        @Override
        double doubleValue() {
            return value / 100.0; // the double nearest the decimal text, so a file read back holds the same number
        }

        @Override
        String decimalText() {
            long abs = Math.abs(value);
            long cents = abs % 100;
            String frac = cents == 0 ? "0" : cents % 10 == 0 ? Long.toString(cents / 10) : (cents < 10 ? "0" : "") + cents;
            return (value < 0 ? "-" : "") + abs / 100 + "." + frac;
        }
    }

    /** The same value on every point. */
    static final class Fixed extends ValueSource {
        private final byte[] value;

        Fixed(String value) {
            this.value = value.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        void next() {
        }

        @Override
        byte[] bytes() {
            return value;
        }

        @Override
        int length() {
            return value.length;
        }
    }
}
