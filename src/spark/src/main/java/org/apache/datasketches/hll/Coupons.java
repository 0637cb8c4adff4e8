package org.apache.datasketches.hll;

import org.apache.datasketches.hash.MurmurHash3;

/**
 * The coupon {@link HllSketch#update(String)} makes of a string, and the update with a coupon alone: the job moves a
 * value's coupon (an int) instead of the value, and updates each day's sketch with its distinct coupons in ascending
 * order, so that the sketch's bytes depend on the set of values only, never on the order the tasks met them in. In
 * DataSketches' package because {@code couponUpdate} is package-private there; the job jar relocates it with the
 * library.
 */
public final class Coupons {
    /** The seed {@link HllSketch#update(String)} hashes with. */
    public static final long SEED = 9001L;

    private Coupons() {
    }

    /** The 128-bit hash {@link HllSketch#update(String)} takes of {@code utf8}: two longs. */
    public static long[] hash(byte[] utf8) {
        return MurmurHash3.hash(utf8, SEED);
    }

    /** The coupon of a value whose {@link #hash} is {@code h0, h1}, as {@code HllSketch} computes it (an unsigned int). */
    public static long coupon(long h0, long h1) {
        int address = (int) (h0 & HllUtil.KEY_MASK_26);
        int lz = Long.numberOfLeadingZeros(h1);
        int value = (lz > 62 ? 62 : lz) + 1;
        return ((long) value << HllUtil.KEY_BITS_26 | address) & 0xffff_ffffL;
    }

    /** {@code sketch} updated with a coupon, as {@link HllSketch#update(String)} updates it with the value's. */
    public static void update(HllSketch sketch, long coupon) {
        sketch.couponUpdate((int) coupon);
    }
}
