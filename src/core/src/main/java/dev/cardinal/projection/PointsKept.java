package dev.cardinal.projection;

import java.util.List;
import java.util.SortedMap;

/**
 * The points a server keeps of the ones written. A point is identified by measurement, tag set and timestamp; a
 * second point with the same three is merged into the first (InfluxDB 1.x: the field sets are joined and a field in
 * both takes the later value), so it is one point on the server. Timestamps are compared at the precision they are
 * written at: the sample's own.
 *
 * @param kept        distinct (series, timestamp): the points the server keeps
 * @param overwritten points written onto an earlier point of the same series and timestamp
 * @param examples    the first few series and timestamps that several points share, in time order
 */
public record PointsKept(long kept, long overwritten, List<Overwrite> examples) {
    /** How many examples a projection keeps. */
    public static final int EXAMPLES = 5;

    public PointsKept {
        examples = List.copyOf(examples);
    }

    /** Every point kept: no two share a series and a timestamp. */
    public static PointsKept none(long points) {
        return new PointsKept(points, 0, List.of());
    }

    /**
     * Several points of one series at one timestamp.
     *
     * @param measurement    the measurement name
     * @param tags           the tag set, by key
     * @param timestampNanos the shared timestamp, as written (the sample's, before any shift of a push)
     * @param points         how many points of the sample share it (all but one are overwritten)
     */
    public record Overwrite(String measurement, SortedMap<String, String> tags, long timestampNanos, long points) {
        public Overwrite {
            tags = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(tags));
        }

        /**
         * The series key as line protocol writes it ({@code m,k=v}), with {@code , = space} escaped by a backslash and
         * control characters as {@code \}{@code uXXXX}, so a value from the sample shows as text and cannot break
         * the line it is shown in.
         */
        public String seriesKey() {
            StringBuilder sb = new StringBuilder();
            escape(measurement, sb);
            tags.forEach((k, v) -> {
                sb.append(',');
                escape(k, sb);
                sb.append('=');
                escape(v, sb);
            });
            return sb.toString();
        }

        private static void escape(String s, StringBuilder into) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == ',' || c == '=' || c == ' ') {
                    into.append('\\').append(c);
                } else if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
                    into.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                } else {
                    into.append(c);
                }
            }
        }
    }
}
