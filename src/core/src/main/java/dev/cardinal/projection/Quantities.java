package dev.cardinal.projection;

import java.time.Duration;
import java.util.Locale;

/** How Cardinal writes its numbers for people: counts with separators, bytes in binary units, spans of traffic. */
public final class Quantities {
    private Quantities() {
    }

    /** 1,234,567 */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** +4, −12,929, 0: a change */
    public static String signed(long d) {
        return d == 0 ? "0" : (d > 0 ? "+" : "−") + count(Math.abs(d));
    }

    /** A count, or a dash when it is negative (does not apply) */
    public static String countOrDash(long n) {
        return n < 0 ? "—" : count(n);
    }

    /** 10, 2.5: a traffic multiplier without a needless ".0" */
    public static String multiplier(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /** 512 B, 6.6 MiB */
    public static String bytes(long b) {
        if (b < 1024) {
            return b + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = b;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /** A memory estimate's range: 6.6 MiB to 8.4 MiB */
    public static String range(MemoryEstimate e) {
        return bytes(e.low()) + " to " + bytes(e.high());
    }

    /** A memory estimate's range for a table cell: 6.6–8.4 MiB (the unit once when both ends share it) */
    public static String shortRange(MemoryEstimate e) {
        String low = bytes(e.low());
        String high = bytes(e.high());
        String unit = high.substring(high.indexOf(' '));
        return (low.endsWith(unit) ? low.substring(0, low.length() - unit.length()) : low) + "–" + high;
    }

    /** 12.5 days, 3.0 hours, 40 s */
    public static String span(Duration d) {
        double days = d.getSeconds() / 86_400.0;
        if (days >= 2) {
            return String.format(Locale.ROOT, "%,.1f days", days);
        }
        double hours = d.getSeconds() / 3600.0;
        return hours >= 1 ? String.format(Locale.ROOT, "%.1f hours", hours) : d.getSeconds() + " s";
    }

    /**
     * When a limit is reached: never, already within the sample, not projected, or after a span of traffic with the
     * fit's range; for values per tag, then each other tag key that reaches it within the horizon with its own time.
     */
    public static String when(LimitProjection l) {
        StringBuilder sb = new StringBuilder(one(l));
        for (LimitProjection k : l.keys()) {
            if (!java.util.Objects.equals(k.subject(), l.subject())) {
                sb.append("; ").append(k.subject()).append(' ').append(time(k));
            }
        }
        return sb.toString();
    }

    private static String one(LimitProjection l) {
        String subject = l.subject() == null ? "" : " (" + l.subject() + ")";
        return switch (l.reach()) {
            case NEVER -> "never" + subject;
            case NOT_PROJECTED -> "not projected: too little sample to say";
            case WITHIN_SAMPLE -> "ALREADY within the sample, after " + span(l.after()) + subject;
            case AT -> "after " + span(l.after()) + " of traffic" + fitRange(l) + subject;
        };
    }

    /** A tag key's own time, after its name: "after 3.2 days (2.9 to 3.6 days)", "already within the sample". */
    private static String time(LimitProjection k) {
        return switch (k.reach()) {
            case WITHIN_SAMPLE -> "already within the sample, after " + span(k.after());
            case AT -> "after " + span(k.after()) + fitRange(k);
            case NEVER -> "never";
            case NOT_PROJECTED -> "not projected";
        };
    }

    /** ", fit's range 3.0 to 3.6 days" when the fit's edges differ from its centre. */
    private static String fitRange(LimitProjection l) {
        if (l.reach() != LimitProjection.Reach.AT || l.after().equals(l.earliest()) && l.after().equals(l.latest())) {
            return "";
        }
        return ", fit's range " + (l.earliest() == null ? "never" : span(l.earliest())) + " to "
            + (l.latest() == null ? "never" : span(l.latest()));
    }

    /** "12,934" or "12,934 (fit's range 12,100 to 13,800)": a count at the horizon with its range when it has one. */
    public static String count(long n, Range range) {
        return range == null || range.isPoint() ? count(n) : count(n) + " (fit's range " + count(range.low()) + " to "
            + count(range.high()) + ")";
    }

    /** A limit as people name it: InfluxDB 1.x series 1,000,000 */
    public static String limit(Limit l) {
        return l.product() + " " + l.metric().id().replace('-', ' ') + " " + count(l.value());
    }
}
