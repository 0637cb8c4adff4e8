package dev.cardinal.ui.session;

import dev.cardinal.traffic.Sample;

/**
 * The traffic a {@link SessionState} shows: one sample, told apart from another by identity (its equality would
 * compare every row).
 */
public final class ShownTraffic {
    public static final ShownTraffic NONE = new ShownTraffic(null, false);
    private final Sample sample;
    private final boolean live;

    private ShownTraffic(Sample sample, boolean live) {
        this.sample = sample;
        this.live = live;
    }

    /** {@code sample} shown; {@code live} while captured traffic replaces it every few moments. */
    public static ShownTraffic of(Sample sample, boolean live) {
        return new ShownTraffic(sample, live);
    }

    /** The sample, or null when none is shown. */
    public Sample sample() {
        return sample;
    }

    public boolean live() {
        return live;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShownTraffic t && t.sample == sample && t.live == live;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(sample) * 31 + Boolean.hashCode(live);
    }

    @Override
    public String toString() {
        return sample == null ? "no traffic" : sample.rows() + " rows" + (live ? " (live)" : "");
    }
}
