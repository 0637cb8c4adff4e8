package dev.cardinal.traffic;

import dev.cardinal.model.ValueType;

/**
 * How a value's type is judged, for CSV text (no type marks: a value is the narrowest type its text reads as) and
 * for JSON values (typed by JSON itself; {@code typed} is true). Numbers are read strictly as decimal numbers, so
 * text such as {@code NaN}, {@code Infinity}, {@code 0x1F} or {@code 1d}, which Java's parsers accept, stays text.
 */
final class CellTypes {
    private CellTypes() {
    }

    /** The type a value has on its own: its JSON type, or the narrowest type its text reads as. */
    static ValueType own(FlatRowWriter.Cell c, boolean typed) {
        if (typed) {
            return c.json == ValueType.INTEGER && !fitsLong(c.text) ? ValueType.FLOAT : c.json;
        }
        if (isInteger(c.text)) {
            return fitsLong(c.text) ? ValueType.INTEGER : ValueType.FLOAT;
        }
        if (isNumber(c.text)) {
            return ValueType.FLOAT;
        }
        return isBoolean(c.text) ? ValueType.BOOLEAN : ValueType.STRING;
    }

    static ValueType combine(ValueType seen, ValueType next, boolean typed) {
        if (seen == null || seen == next) {
            return next;
        }
        if (seen.isNumeric() && next.isNumeric()) {
            return ValueType.FLOAT;
        }
        // text fits a string column whatever it spells; a JSON value keeps its type, so the first one decides
        return typed ? seen : ValueType.STRING;
    }

    /** Checks a value against a type (null: a tag, which takes any value as text) and keeps the parsed value. */
    static boolean fits(FlatRowWriter.Cell c, ValueType type, boolean typed) {
        c.as = type == null ? ValueType.STRING : type;
        if (type == null) {
            return true;
        }
        ValueType j = c.json;
        String t = c.text;
        switch (type) {
            case STRING:
                return !typed || j == ValueType.STRING;
            case BOOLEAN:
                c.longValue = "true".equalsIgnoreCase(t) ? 1 : 0;
                return (!typed || j == ValueType.BOOLEAN) && isBoolean(t);
            case INTEGER:
                if ((!typed || j == ValueType.INTEGER) && isInteger(t)) {
                    try {
                        c.longValue = Long.parseLong(t);
                        return true;
                    } catch (NumberFormatException e) {
                        return false; // beyond a long
                    }
                }
                return false;
            case UNSIGNED:
                if ((!typed || j.isNumeric()) && isInteger(t) && !t.startsWith("-")) {
                    try {
                        c.longValue = Long.parseUnsignedLong(t);
                        return true;
                    } catch (NumberFormatException e) {
                        return false; // beyond 2^64-1
                    }
                }
                return false;
            default:
                if ((!typed || j.isNumeric()) && isNumber(t)) {
                    c.doubleValue = Double.parseDouble(t);
                    return true;
                }
                return false;
        }
    }

    private static boolean fitsLong(String t) {
        try {
            Long.parseLong(t);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean isBoolean(String t) {
        return "true".equalsIgnoreCase(t) || "false".equalsIgnoreCase(t);
    }

    /** {@code [+-]digits}. */
    static boolean isInteger(String t) {
        int i = t.startsWith("-") || t.startsWith("+") ? 1 : 0;
        int d = digits(t, i);
        return d > 0 && i + d == t.length();
    }

    /** A decimal number: {@code [+-](digits[.digits] | .digits)[e[+-]digits]}; no NaN, Infinity or hex. */
    static boolean isNumber(String t) {
        int i = t.startsWith("-") || t.startsWith("+") ? 1 : 0;
        int whole = digits(t, i);
        i += whole;
        int fraction = 0;
        if (i < t.length() && t.charAt(i) == '.') {
            fraction = digits(t, i + 1);
            i += 1 + fraction;
        }
        if (whole + fraction == 0) {
            return false;
        }
        if (i < t.length() && (t.charAt(i) == 'e' || t.charAt(i) == 'E')) {
            i++;
            if (i < t.length() && (t.charAt(i) == '-' || t.charAt(i) == '+')) {
                i++;
            }
            int exponent = digits(t, i);
            if (exponent == 0) {
                return false;
            }
            i += exponent;
        }
        return i == t.length();
    }

    private static int digits(String t, int from) {
        int i = from;
        while (i < t.length() && t.charAt(i) >= '0' && t.charAt(i) <= '9') {
            i++;
        }
        return i - from;
    }
}
