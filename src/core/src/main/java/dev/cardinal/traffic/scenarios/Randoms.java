package dev.cardinal.traffic.scenarios;

import java.util.SplittableRandom;

/**
 * Random draws that give the same numbers on every JVM: {@link StrictMath} instead of {@link Math} (whose
 * intrinsics may differ in the last bit), and our own Gaussian rather than a library default whose algorithm may
 * change between Java releases.
 */
final class Randoms {
    private Randoms() {
    }

    /** A generator for one key (a day, a sensor, a tenant), independent of how many draws came before it. */
    static SplittableRandom keyed(long seed, long... keys) {
        long h = seed;
        for (long k : keys) {
            h = mix(h ^ mix(k + 0x9E3779B97F4A7C15L));
        }
        return new SplittableRandom(h);
    }

    /** Standard normal by Box-Muller. */
    static double gaussian(SplittableRandom r) {
        double u1 = 1.0 - r.nextDouble();
        double u2 = r.nextDouble();
        return StrictMath.sqrt(-2.0 * StrictMath.log(u1)) * StrictMath.cos(2.0 * StrictMath.PI * u2);
    }

    /** An exponential gap with the given mean, e.g. the time to the next arrival of a Poisson process. */
    static double exponential(SplittableRandom r, double mean) {
        return -mean * StrictMath.log(1.0 - r.nextDouble());
    }

    /** An index into {@code cumulative} (ascending weights, last one the total) chosen in proportion to weight. */
    static int weighted(SplittableRandom r, double[] cumulative) {
        double x = r.nextDouble() * cumulative[cumulative.length - 1];
        for (int i = 0; i < cumulative.length; i++) {
            if (x < cumulative[i]) {
                return i;
            }
        }
        return cumulative.length - 1;
    }

    /** A random version-4 UUID's text: opaque, unique per session or device, as browsers and apps make them. */
    static String uuid(SplittableRandom r) {
        long hi = (r.nextLong() & 0xFFFF_FFFF_FFFF_0FFFL) | 0x4000L;
        long lo = (r.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new java.util.UUID(hi, lo).toString();
    }

    static double[] cumulative(double... weights) {
        double[] c = new double[weights.length];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum += weights[i];
            c[i] = sum;
        }
        return c;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
