package dev.cardinal.push;

import java.nio.charset.StandardCharsets;

/**
 * Rewrites one line-protocol line so its timestamp is in nanoseconds: the precision a write request names is applied
 * here, and a point without a timestamp gets the time it arrived, as the server would give it. The series key and
 * the fields are copied as they came; only the split points are found (an unescaped space after the key, the first
 * space outside a quoted string after the fields).
 */
final class CaptureLines {
    private CaptureLines() {
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

    /**
     * The line with its timestamp in ns (or {@code arrivedNs} appended), or null when the timestamp is not a number
     * or does not fit in nanoseconds (the line is then reported as bad by the reader anyway).
     */
    static String normalise(String line, long nanosPerUnit, long arrivedNs) {
        int keyEnd = 0;
        while (keyEnd < line.length() && line.charAt(keyEnd) != ' ') {
            keyEnd += line.charAt(keyEnd) == '\\' ? 2 : 1;
        }
        int i = keyEnd + 1;
        boolean quoted = false;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '\\' && quoted) {
                i += 2;
                continue;
            }
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ' ' && !quoted) {
                break;
            }
            i++;
        }
        if (i >= line.length()) {
            return line + " " + arrivedNs;
        }
        String head = line.substring(0, i);
        String ts = line.substring(i + 1).strip();
        if (ts.isEmpty()) {
            return head + " " + arrivedNs;
        }
        try {
            long t = Long.parseLong(ts);
            return head + " " + Math.multiplyExact(t, nanosPerUnit);
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
