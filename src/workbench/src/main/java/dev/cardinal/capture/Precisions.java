package dev.cardinal.capture;

/** The precisions a write request may name, as the 1.x and 2.x write APIs take them ({@link CaptureBody} applies them). */
final class Precisions {
    private Precisions() {
    }

    /** Nanoseconds per unit of a write request's precision; null when the precision is not one InfluxDB takes. */
    static Long nanosPer(String precision) {
        if (precision == null || precision.isEmpty()) {
            return 1L;
        }
        return switch (precision) {
            case "n", "ns" -> 1L;
            case "u", "us", "µ", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> null;
        };
    }
}
