package dev.cardinal.projection;

/** An index memory estimate ({@link MemoryModel}) in bytes, low to high. */
public record MemoryEstimate(long low, long high) {
    public boolean contains(long bytes) {
        return low <= bytes && bytes <= high;
    }
}
