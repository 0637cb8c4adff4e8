package dev.cardinal.traffic;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.Locale;

/**
 * Turns the time values of CSV and NDJSON samples into nanoseconds since the epoch: {@code rfc3339}, {@code epoch}
 * (in a precision) or a java.time pattern (UTC unless the pattern parses a zone or offset). Without a spec the
 * format is detected from the first value and then kept, so one file is read one way; hence one instance per
 * file, on one thread.
 */
public final class TimeFormat {
    private static final long[] POW10 = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L,
        100_000_000L, 1_000_000_000L};
    private static final BigDecimal MAX_NANOS = BigDecimal.valueOf(Long.MAX_VALUE);

    private enum Mode { DETECT, EPOCH, RFC3339, PATTERN }

    private Mode mode;
    private final String precision;
    private final long unitNanos;
    private final String spec;
    private final DateTimeFormatter pattern;

    private TimeFormat(Mode mode, String precision, long unitNanos, String spec, DateTimeFormatter pattern) {
        this.mode = mode;
        this.precision = precision;
        this.unitNanos = unitNanos;
        this.spec = spec;
        this.pattern = pattern;
    }

    /**
     * @param spec      {@code rfc3339}, {@code epoch}, a java.time pattern, or {@code null} to detect
     * @param precision unit of epoch values: ns, us, ms or s
     * @throws IllegalArgumentException for an unknown precision or an invalid pattern
     */
    public static TimeFormat of(String spec, String precision) {
        long unit = switch (precision == null ? "" : precision) {
            case "ns" -> 1L;
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            default -> throw new IllegalArgumentException("precision '" + precision + "' is not one of ns, us, ms, s");
        };
        if (spec == null || spec.isBlank()) {
            return new TimeFormat(Mode.DETECT, precision, unit, null, null);
        }
        String s = spec.trim().toLowerCase(Locale.ROOT);
        if (s.equals("epoch")) {
            return new TimeFormat(Mode.EPOCH, precision, unit, spec, null);
        }
        if (s.equals("rfc3339")) {
            return new TimeFormat(Mode.RFC3339, precision, unit, spec, null);
        }
        try {
            DateTimeFormatter f = DateTimeFormatter.ofPattern(spec, Locale.ROOT).withZone(ZoneOffset.UTC);
            return new TimeFormat(Mode.PATTERN, precision, unit, spec, f);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("time format '" + spec
                + "' is neither rfc3339, epoch nor a valid java.time pattern: " + e.getMessage(), e);
        }
    }

    /** Nanoseconds since the epoch for a time written as text. */
    public long parse(String text) throws InvalidTimeException {
        if (mode == Mode.DETECT) {
            mode = looksEpoch(text) ? Mode.EPOCH : Mode.RFC3339;
        }
        long nanos = switch (mode) {
            case EPOCH -> epoch(text);
            case RFC3339 -> rfc3339(text);
            default -> pattern(text);
        };
        // the line protocol reader's rule, as influxd's: the two values at each end of int64 are refused
        if (nanos < LineProtocolSyntax.MIN_NANOS || nanos > LineProtocolSyntax.MAX_NANOS) {
            throw outOfRange(text);
        }
        return nanos;
    }

    /** Nanoseconds for a time given as a JSON number: an epoch value, unless the spec says otherwise. */
    public long parseNumber(String numberText) throws InvalidTimeException {
        if (mode == Mode.DETECT) {
            mode = Mode.EPOCH;
        }
        return parse(numberText);
    }

    @Override
    public String toString() {
        return switch (mode) {
            case DETECT -> "detected from the first value";
            case EPOCH -> "epoch in " + precision;
            case RFC3339 -> "rfc3339";
            case PATTERN -> "pattern '" + spec + "'";
        };
    }

    private static boolean looksEpoch(String t) {
        int i = t.startsWith("-") ? 1 : 0;
        int digits = digitsFrom(t, i);
        if (digits == 0) {
            return false;
        }
        i += digits;
        return i == t.length() || t.charAt(i) == '.' && digitsFrom(t, i + 1) > 0 && i + 1 + digitsFrom(t, i + 1) == t.length();
    }

    private long epoch(String t) throws InvalidTimeException {
        if (looksEpoch(t) && t.indexOf('.') < 0) {
            try {
                return Math.multiplyExact(Long.parseLong(t), unitNanos);
            } catch (NumberFormatException | ArithmeticException e) {
                throw outOfRange(t);
            }
        }
        if (CellTypes.isNumber(t)) {
            // fractions (epoch seconds from a float clock) and exponents (JSON serialisers) are exact in BigDecimal
            BigDecimal v = new BigDecimal(t).multiply(BigDecimal.valueOf(unitNanos));
            if (v.abs().compareTo(MAX_NANOS) > 0) {
                throw outOfRange(t);
            }
            if (v.abs().compareTo(BigDecimal.ONE) < 0) {
                return v.signum() < 0 ? -1 : 0; // spares setScale a huge division for values like 1e-999999
            }
            return v.setScale(0, RoundingMode.FLOOR).longValueExact();
        }
        throw new InvalidTimeException("'" + clip(t) + "' is not an epoch time (an integer in " + precision + ")");
    }

    private static long rfc3339(String t) throws InvalidTimeException {
        int n = t.length();
        if (n < 16 || digitsFrom(t, 0) != 4 || t.charAt(4) != '-' || digitsFrom(t, 5) != 2 || t.charAt(7) != '-'
            || digitsFrom(t, 8) != 2 || "Tt ".indexOf(t.charAt(10)) < 0 || digitsFrom(t, 11) != 2
            || t.charAt(13) != ':' || digitsFrom(t, 14) != 2) {
            throw notRfc3339(t);
        }
        int i = 16;
        int sec = 0;
        long frac = 0;
        if (i < n && t.charAt(i) == ':') {
            if (digitsFrom(t, i + 1) != 2) {
                throw notRfc3339(t);
            }
            sec = number(t, i + 1, 2);
            i += 3;
            if (i < n && t.charAt(i) == '.') {
                int k = digitsFrom(t, i + 1);
                if (k == 0 || k > 9) {
                    throw new InvalidTimeException("'" + clip(t) + "' has " + (k == 0 ? "no" : k)
                        + " fractional digits; RFC 3339 times here take 1 to 9");
                }
                frac = number(t, i + 1, k) * POW10[9 - k];
                i += 1 + k;
            }
        }
        int offset = 0;
        if (i < n && (t.charAt(i) == 'Z' || t.charAt(i) == 'z')) {
            i++;
        } else if (i < n && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
            int sign = t.charAt(i) == '-' ? -1 : 1;
            int colon = i + 3 < n && t.charAt(i + 3) == ':' ? 1 : 0;
            if (digitsFrom(t, i + 1) != 2 && digitsFrom(t, i + 1) != 4 || digitsFrom(t, i + 3 + colon) < 2) {
                throw notRfc3339(t);
            }
            offset = sign * (number(t, i + 1, 2) * 3600 + number(t, i + 3 + colon, 2) * 60);
            i += 5 + colon;
        }
        if (i != n) {
            throw notRfc3339(t);
        }
        int hour = number(t, 11, 2);
        int minute = number(t, 14, 2);
        if (hour > 23 || minute > 59 || sec > 59) {
            throw new InvalidTimeException("'" + clip(t) + "' has no such time of day");
        }
        long day;
        try {
            day = LocalDate.of(number(t, 0, 4), number(t, 5, 2), number(t, 8, 2)).toEpochDay();
        } catch (DateTimeException e) {
            throw new InvalidTimeException("'" + clip(t) + "' has no such date: " + e.getMessage());
        }
        long secs = day * 86_400 + hour * 3600L + minute * 60L + sec - offset;
        try {
            return Math.addExact(Math.multiplyExact(secs, 1_000_000_000L), frac);
        } catch (ArithmeticException e) {
            throw outOfRange(t);
        }
    }

    private long pattern(String t) throws InvalidTimeException {
        try {
            TemporalAccessor p = pattern.parse(t);
            if (p.isSupported(ChronoField.INSTANT_SECONDS)) {
                return nanos(Instant.from(p), t);
            }
            LocalDate date = p.query(TemporalQueries.localDate());
            if (date == null) {
                throw new InvalidTimeException("the pattern '" + spec + "' gives no date for '" + clip(t) + "'");
            }
            return nanos(date.atStartOfDay(ZoneOffset.UTC).toInstant(), t);
        } catch (DateTimeException e) {
            throw new InvalidTimeException("'" + clip(t) + "' does not match the pattern '" + spec + "'");
        }
    }

    private static long nanos(Instant i, String t) throws InvalidTimeException {
        try {
            return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000_000L), i.getNano());
        } catch (ArithmeticException e) {
            throw outOfRange(t);
        }
    }

    private static int digitsFrom(String t, int from) {
        int i = from;
        while (i < t.length() && t.charAt(i) >= '0' && t.charAt(i) <= '9') {
            i++;
        }
        return i - from;
    }

    private static int number(String t, int from, int len) {
        int v = 0;
        for (int i = from; i < from + len; i++) {
            v = v * 10 + (t.charAt(i) - '0');
        }
        return v;
    }

    private static InvalidTimeException notRfc3339(String t) {
        return new InvalidTimeException("'" + clip(t) + "' is not an RFC 3339 time such as 2024-01-01T12:00:00Z");
    }

    private static InvalidTimeException outOfRange(String t) {
        return new InvalidTimeException("'" + clip(t)
            + "' is outside the range of nanosecond timestamps (1677-09-21 to 2262-04-11)");
    }

    static String clip(String t) {
        return t.length() <= 40 ? t : t.substring(0, 37) + "...";
    }

    /** A time value that cannot be read; the message gives the value and the reason. */
    public static final class InvalidTimeException extends Exception {
        private static final long serialVersionUID = 1L;

        public InvalidTimeException(String message) {
            super(message);
        }
    }
}
