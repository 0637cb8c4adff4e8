package dev.cardinal.model;

import java.time.Duration;

/**
 * InfluxQL duration literals ({@code 30d}, {@code 1h30m}, {@code 52w}, {@code INF}). {@link Duration#ZERO} stands
 * for an infinite retention, as InfluxDB's own {@code 0s} does.
 */
public final class Durations {
    private static final String[] UNITS = {"w", "d", "h", "m", "s", "ms", "us", "ns"};
    private static final long[] NANOS = {
        7L * 86_400_000_000_000L, 86_400_000_000_000L, 3_600_000_000_000L, 60_000_000_000L,
        1_000_000_000L, 1_000_000L, 1_000L, 1L};

    private Durations() {
    }

    /** Parses {@code INF} or a sequence of number+unit pairs; throws {@link IllegalArgumentException} with the reason. */
    public static Duration parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty duration");
        }
        String s = text.strip();
        if (s.equalsIgnoreCase("INF")) {
            return Duration.ZERO;
        }
        long total = 0;
        int i = 0;
        while (i < s.length()) {
            int start = i;
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                throw new IllegalArgumentException("'" + text + "': expected a number at character " + (i + 1));
            }
            long n;
            try {
                n = Long.parseLong(s.substring(start, i));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "': number too large");
            }
            int unitStart = i;
            while (i < s.length() && Character.isLetter(s.charAt(i)) || i < s.length() && s.charAt(i) == 'µ') {
                i++;
            }
            String unit = s.substring(unitStart, i).replace("µ", "u");
            if (unit.isEmpty()) {
                throw new IllegalArgumentException("'" + text + "': expected a unit (ns, us, ms, s, m, h, d, w) at character "
                    + (i + 1));
            }
            long factor = unitNanos(unit);
            if (factor == 0) {
                throw new IllegalArgumentException("'" + text + "': unknown unit '" + unit
                    + "' (expected one of ns, us, ms, s, m, h, d, w)");
            }
            try {
                total = Math.addExact(total, Math.multiplyExact(n, factor));
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("'" + text + "': duration too large");
            }
        }
        return Duration.ofNanos(total);
    }

    private static long unitNanos(String unit) {
        for (int k = 0; k < UNITS.length; k++) {
            if (UNITS[k].equals(unit)) {
                return NANOS[k];
            }
        }
        if (unit.equals("u")) {
            return 1_000L;
        }
        return 0;
    }

    /** The shortest InfluxQL spelling: {@code 1w}, {@code 30d}, {@code 1h30m}; {@code INF} for zero. */
    public static String format(Duration d) {
        if (d.isZero()) {
            return "INF";
        }
        if (d.isNegative()) {
            throw new IllegalArgumentException("negative duration " + d);
        }
        long rest = d.toNanos();
        StringBuilder sb = new StringBuilder();
        // weeks only when the whole duration is weeks: 30d reads better than 4w2d
        int first = rest % NANOS[0] == 0 ? 0 : 1;
        for (int k = first; k < UNITS.length; k++) {
            long n = rest / NANOS[k];
            if (n > 0) {
                sb.append(n).append(UNITS[k]);
                rest -= n * NANOS[k];
            }
        }
        return sb.toString();
    }
}
