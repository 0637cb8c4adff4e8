package dev.cardinal.engine.victoriametrics;

import java.util.Locale;

/**
 * A field value as VictoriaMetrics 1.79.5 stores it: every field is a float64, whatever its line protocol type
 * ({@code parseFieldValue} in {@code lib/protoparser/influx/parser.go} at v1.79.5). Integers and unsigned integers
 * become their float; {@code t}/{@code true} and {@code f}/{@code false} (in the spellings listed there) become 1 and
 * 0; anything else, a quoted string included, goes through fastfloat's {@code ParseBestEffort}
 * ({@code vendor/github.com/valyala/fastjson/fastfloat/parse.go}), which gives 0 for text that is no number. So a
 * string field becomes a series like any other, of zeros. What matters for counting is NaN: {@code Storage.add}
 * ({@code lib/storage/storage.go}) skips a NaN value before the series is indexed, and {@code ParseBestEffort} reads
 * {@code nan} in any case, after an optional {@code -} and {@code +}, as NaN.
 */
final class FieldValues {
    private FieldValues() {
    }

    /** The stored value, NaN when the server drops it. */
    static double parse(String s, boolean quotedFields) throws InfluxLineParser.BadLine {
        if (s.isEmpty()) {
            throw new InfluxLineParser.BadLine("field value cannot be empty");
        }
        if (quotedFields && s.charAt(0) == '"') {
            if (s.length() < 2 || s.charAt(s.length() - 1) != '"') {
                throw new InfluxLineParser.BadLine("missing closing quote for quoted field value");
            }
            return bestEffort(s.substring(1, s.length() - 1));
        }
        char last = s.charAt(s.length() - 1);
        if (last == 'i' || last == 'u') {
            String digits = s.substring(0, s.length() - 1);
            try {
                return last == 'i' ? Long.parseLong(digits) : unsigned(digits);
            } catch (NumberFormatException e) {
                throw new InfluxLineParser.BadLine("cannot parse field value");
            }
        }
        switch (s) {
            case "t", "T", "true", "True", "TRUE":
                return 1;
            case "f", "F", "false", "False", "FALSE":
                return 0;
            default:
                return bestEffort(s);
        }
    }

    private static double unsigned(String digits) {
        if (digits.startsWith("+") || digits.startsWith("-")) {
            throw new NumberFormatException(digits);
        }
        long v = Long.parseUnsignedLong(digits);
        return v >= 0 ? v : Math.pow(2, 64) + v;
    }

    /** ParseBestEffort, as far as counting needs it: NaN for {@code [-][+]nan}, else a finite or infinite number. */
    private static double bestEffort(String s) {
        String t = s.startsWith("-") ? s.substring(1) : s;
        t = t.startsWith("+") ? t.substring(1) : t;
        if (t.toLowerCase(Locale.ROOT).equals("nan")) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return 0; // ParseBestEffort's answer to text that is no number
        }
    }
}
