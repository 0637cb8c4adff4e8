package dev.cardinal.projection;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dynamic date detection as OpenSearch and Elasticsearch do it with the default {@code dynamic_date_formats}
 * ({@code strict_date_optional_time} and {@code yyyy/MM/dd HH:mm:ss||yyyy/MM/dd}): a string is tried as a date only
 * when it holds more than one ':', '-' or '/' (the engine's own guard, so "1" or "2026-01" stay text), and becomes a
 * date when a format parses it with valid calendar values.
 */
final class DateDetection {
    private static final Pattern ISO = Pattern.compile(
        "(\\d{4})(?:-(\\d{2})(?:-(\\d{2}))?)?(?:T(\\d{2})(?::(\\d{2})(?::(\\d{2})(?:[.,]\\d{1,9})?)?)?"
            + "(?:Z|[+-]\\d{2}(?::?\\d{2})?)?)?");
    private static final Pattern SLASHED = Pattern.compile("(\\d{4})/(\\d{2})/(\\d{2})(?: (\\d{2}):(\\d{2}):(\\d{2}))?");

    private static final Pattern EPOCH_MILLIS = Pattern.compile("-?\\d{1,19}");

    private DateDetection() {
    }

    static boolean isDate(String s) {
        return isIsoDate(s) || isSlashedDate(s);
    }

    /** {@code strict_date_optional_time}, behind the engine's guard. */
    static boolean isIsoDate(String s) {
        return guarded(s) && valid(ISO.matcher(s));
    }

    /** {@code yyyy/MM/dd HH:mm:ss||yyyy/MM/dd}, behind the engine's guard. */
    static boolean isSlashedDate(String s) {
        return guarded(s) && valid(SLASHED.matcher(s));
    }

    /**
     * Whether an existing date field takes {@code s}: detection's guard no longer applies, the field takes the
     * format that detected it, and epoch milliseconds.
     */
    static boolean parses(String s, boolean slashed) {
        return valid((slashed ? SLASHED : ISO).matcher(s)) || EPOCH_MILLIS.matcher(s).matches();
    }

    private static boolean guarded(String s) {
        return s.indexOf(':') >= 0 || s.indexOf('-') >= 0 || s.indexOf('/') >= 0;
    }

    private static boolean valid(Matcher m) {
        if (!m.matches()) {
            return false;
        }
        try {
            LocalDate.of(Integer.parseInt(m.group(1)), number(m.group(2)), number(m.group(3)));
        } catch (DateTimeException e) {
            return false;
        }
        return within(m.group(4), 23) && within(m.group(5), 59) && within(m.group(6), 59);
    }

    private static int number(String digits) {
        return digits == null ? 1 : Integer.parseInt(digits);
    }

    private static boolean within(String digits, int max) {
        return digits == null || Integer.parseInt(digits) <= max;
    }
}
