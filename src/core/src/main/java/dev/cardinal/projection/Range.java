package dev.cardinal.projection;

/** A count at the horizon as the fit's range allows it: its low and high edges. */
public record Range(long low, long high) {
    public Range {
        if (low > high) {
            throw new IllegalArgumentException("low " + low + " above high " + high);
        }
    }

    public boolean isPoint() {
        return low == high;
    }
}
