package dev.cardinal.traffic;

import static dev.cardinal.traffic.LineProtocolSyntax.isWhitespace;

import dev.cardinal.model.ValueType;

/**
 * The numbers and booleans of a field value and the timestamp as InfluxDB 1.x reads them, into the {@link LineParser}'s arrays;
 * a value that is none fails the parser's line with the server's reason. Nothing is allocated but for a reason.
 */
final class LineNumbers {
    private LineNumbers() {
    }

    static boolean number(LineParser p, int f, int s, int e) {
        byte[] b = p.buf;
        byte last = b[e - 1];
        if (last == 'i' || last == 'u') {
            int ds = s;
            boolean negative = b[ds] == '-';
            if (negative) {
                ds++;
            }
            if (ds >= e - 1) {
                return p.failB(s, "invalid number");
            }
            for (int k = ds; k < e - 1; k++) {
                if (b[k] < '0' || b[k] > '9') {
                    return p.failB(k, "invalid number");
                }
            }
            if (last == 'u') {
                if (negative) {
                    return p.failB(s, "invalid number: an unsigned value cannot be negative");
                }
                long v = 0;
                for (int k = ds; k < e - 1; k++) {
                    long d = b[k] - '0';
                    if (Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, 10)) > 0) {
                        return p.failB(s, "unable to parse unsigned " + p.text(s, e - 1) + ": value out of range");
                    }
                    v = v * 10 + d;
                }
                p.fieldType[f] = ValueType.UNSIGNED;
                p.fieldLong[f] = v;
                return true;
            }
            long v = 0;
            boolean shortNumber = e - 1 - ds <= 18;
            for (int k = ds; k < e - 1; k++) {
                int d = b[k] - '0';
                if (!shortNumber && v < (Long.MIN_VALUE + d) / 10) {
                    return p.failB(s, "unable to parse integer " + p.text(s, e - 1) + ": value out of range");
                }
                v = v * 10 - d;
            }
            if (!negative) {
                if (v == Long.MIN_VALUE) {
                    return p.failB(s, "unable to parse integer " + p.text(s, e - 1) + ": value out of range");
                }
                v = -v;
            }
            p.fieldType[f] = ValueType.INTEGER;
            p.fieldLong[f] = v;
            return true;
        }
        return decimal(p, f, s, e);
    }

    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22};

    /**
     * Checks the float grammar 1.x accepts ({@code -?digits[.digits][(e|E)[+-]digits]}, a lone dot allowed on either
     * side) and converts. Short decimals take Clinger's exact fast path; the rest go through the JDK.
     */
    private static boolean decimal(LineParser p, int f, int s, int e) {
        byte[] b = p.buf;
        int i = s;
        boolean negative = b[i] == '-';
        if (negative) {
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int significant = 0;
        int scale = 0;
        boolean dot = false;
        for (; i < e; i++) {
            byte c = b[i];
            if (c >= '0' && c <= '9') {
                digits++;
                if (significant < 18) {
                    if (mantissa != 0 || c != '0') {
                        significant++;
                    }
                    mantissa = mantissa * 10 + (c - '0');
                    if (dot) {
                        scale--;
                    }
                } else {
                    significant++;
                    if (!dot) {
                        scale++;
                    }
                }
            } else if (c == '.' && !dot) {
                dot = true;
            } else {
                break;
            }
        }
        if (digits == 0) {
            return p.failB(s, "invalid number");
        }
        int exponent = 0;
        if (i < e && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            boolean expNegative = false;
            if (i < e && (b[i] == '+' || b[i] == '-')) {
                expNegative = b[i] == '-';
                i++;
            }
            int expDigits = 0;
            for (; i < e && b[i] >= '0' && b[i] <= '9'; i++) {
                expDigits++;
                if (exponent < 100_000) {
                    exponent = exponent * 10 + (b[i] - '0');
                }
            }
            if (expDigits == 0) {
                return p.failB(s, "invalid float");
            }
            if (expNegative) {
                exponent = -exponent;
            }
        }
        if (i != e) {
            return p.failB(i, "invalid number");
        }
        double v;
        int power = scale + exponent;
        if (significant <= 15 && power >= -22 && power <= 22) {
            v = power >= 0 ? mantissa * POWERS_OF_TEN[power] : mantissa / POWERS_OF_TEN[-power];
        } else {
            v = Double.parseDouble(p.text(negative ? s + 1 : s, e));
        }
        if (Double.isInfinite(v)) {
            return p.failB(s, "invalid float: out of range");
        }
        p.fieldType[f] = ValueType.FLOAT;
        p.fieldDouble[f] = negative ? -v : v;
        return true;
    }

    static boolean bool(LineParser p, int f, int s, int e) {
        int n = e - s;
        byte[] b = p.buf;
        boolean value;
        if (n == 1 && (b[s] == 't' || b[s] == 'T')) {
            value = true;
        } else if (n == 1 && (b[s] == 'f' || b[s] == 'F')) {
            value = false;
        } else if (n == 4 && (matches(b, s, "true") || matches(b, s, "True") || matches(b, s, "TRUE"))) {
            value = true;
        } else if (n == 5 && (matches(b, s, "false") || matches(b, s, "False") || matches(b, s, "FALSE"))) {
            value = false;
        } else {
            return p.failB(s, "invalid boolean");
        }
        p.fieldType[f] = ValueType.BOOLEAN;
        p.fieldLong[f] = value ? 1 : 0;
        return true;
    }

    private static boolean matches(byte[] buf, int s, String word) {
        for (int k = 0; k < word.length(); k++) {
            if (buf[s + k] != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** The timestamp from {@code i} on, if any, into the parser (with where it is); false with the reason when bad. */
    static boolean timestamp(LineParser p, int i, int end) {
        byte[] b = p.buf;
        while (i < end && isWhitespace(b[i])) {
            i++;
        }
        if (i >= end) {
            return true;
        }
        int s = i;
        boolean negative = b[i] == '-';
        if (negative) {
            i++;
        }
        int ds = i;
        long v = 0;
        int converted = ds;
        if (ds + 16 <= end) {
            // the usual nanosecond timestamp: its first sixteen digits eight at a time
            long high = LineProtocolSyntax.eightDigits(b, ds);
            long low = high < 0 ? -1 : LineProtocolSyntax.eightDigits(b, ds + 8);
            if (low >= 0) {
                v = -(high * 100_000_000L + low);
                converted = ds + 16;
                i = converted;
            }
        }
        while (i < end && b[i] != ' ') {
            if (b[i] < '0' || b[i] > '9') {
                return p.failB(i, "bad timestamp");
            }
            i++;
        }
        if (i == ds) {
            return p.failB(s, "bad timestamp");
        }
        // 18 digits cannot overflow: no range check for them (nanosecond timestamps have 19)
        int unchecked = Math.min(i, ds + 18);
        for (int k = converted; k < unchecked; k++) {
            v = v * 10 - (b[k] - '0');
        }
        // v * 10 - d stays in range while v > MIN / 10, or v == MIN / 10 and d <= 8 (MIN ends in 8)
        long limit = Long.MIN_VALUE / 10;
        for (int k = unchecked; k < i; k++) {
            int d = b[k] - '0';
            if (v < limit || v == limit && d > 8) {
                return p.failB(s, "bad timestamp " + p.text(s, i) + ": value out of range");
            }
            v = v * 10 - d;
        }
        if (!negative) {
            if (v == Long.MIN_VALUE) {
                return p.failB(s, "bad timestamp " + p.text(s, i) + ": value out of range");
            }
            v = -v;
        }
        for (int k = i; k < end; k++) {
            if (b[k] != ' ') {
                return p.failB(k, "point is invalid: unexpected text after the timestamp");
            }
        }
        p.hasTimestamp = true;
        p.timestamp = v;
        p.timestampAt = s;
        p.timestampEnd = i;
        return true;
    }
}
