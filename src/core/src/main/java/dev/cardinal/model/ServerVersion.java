package dev.cardinal.model;

import java.util.Comparator;

/**
 * The version of an InfluxDB server, as its {@code X-Influxdb-Version} header or a user writes it: {@code 1.8.10},
 * {@code v2.7.11}, {@code 1.7.8rc1}, {@code 1.9}. What a version reports (which query counts series, and how) is
 * the projection's business ({@code dev.cardinal.projection.Server} and the engine packages); this is only the number.
 *
 * @param major 1, 2 or 3
 * @param minor the minor version
 * @param patch the patch version (0 when not written)
 * @param text  the version as it was written, for messages
 */
public record ServerVersion(int major, int minor, int patch, String text) implements Comparable<ServerVersion> {
    private static final Comparator<ServerVersion> ORDER = Comparator.comparingInt(ServerVersion::major)
        .thenComparingInt(ServerVersion::minor).thenComparingInt(ServerVersion::patch);

    public ServerVersion {
        if (major < 1 || major > 3) {
            throw new IllegalArgumentException("InfluxDB versions are 1.x, 2.x or 3.x, not " + major + ".x");
        }
        if (minor < 0 || patch < 0) {
            throw new IllegalArgumentException("a version's numbers are not negative");
        }
    }

    public static ServerVersion of(int major, int minor, int patch) {
        return new ServerVersion(major, minor, patch, major + "." + minor + "." + patch);
    }

    /**
     * Reads {@code [v]MAJOR.MINOR[.PATCH][suffix]}: a suffix such as {@code rc1}, {@code -rc0} or {@code +build} is
     * allowed and ignored (a release candidate reports what its release reports).
     *
     * @throws IllegalArgumentException saying at which character and why the text is not a version
     */
    public static ServerVersion parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty version: expected one such as 1.8.10");
        }
        String s = text.strip();
        int i = s.startsWith("v") || s.startsWith("V") ? 1 : 0;
        int[] numbers = new int[3];
        int count = 0;
        while (count < 3) {
            int start = i;
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                throw new IllegalArgumentException("'" + text + "': expected a number at character " + (i + 1)
                    + " (a version such as 1.8.10)");
            }
            if (i - start > 6) {
                throw new IllegalArgumentException("'" + text + "': the number at character " + (start + 1) + " is too long");
            }
            numbers[count++] = Integer.parseInt(s.substring(start, i));
            if (i == s.length() || s.charAt(i) != '.' || count == 3) {
                break;
            }
            i++; // the dot
        }
        if (count < 2) {
            throw new IllegalArgumentException("'" + text + "': expected MAJOR.MINOR at least, such as 1.8 or 1.8.10");
        }
        if (i < s.length() && !suffix(s.charAt(i))) {
            throw new IllegalArgumentException("'" + text + "': unexpected '" + s.charAt(i) + "' at character " + (i + 1)
                + " (a version such as 1.8.10, optionally followed by -rc1)");
        }
        if (numbers[0] < 1 || numbers[0] > 3) {
            throw new IllegalArgumentException("'" + text + "': InfluxDB versions are 1.x, 2.x or 3.x");
        }
        return new ServerVersion(numbers[0], numbers[1], numbers[2], s);
    }

    private static boolean suffix(char c) {
        return c == '-' || c == '+' || c == '~' || Character.isLetter(c);
    }

    /** True when this version is at least {@code major.minor.patch}. */
    public boolean atLeast(int major, int minor, int patch) {
        return compareTo(of(major, minor, patch)) >= 0;
    }

    @Override
    public int compareTo(ServerVersion o) {
        return ORDER.compare(this, o);
    }

    /** Equal versions are equal whatever their spelling ({@code v1.8.10} and {@code 1.8.10}). */
    @Override
    public boolean equals(Object o) {
        return o instanceof ServerVersion v && v.major == major && v.minor == minor && v.patch == patch;
    }

    @Override
    public int hashCode() {
        return (major * 1000 + minor) * 1000 + patch;
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
