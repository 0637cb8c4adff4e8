package dev.cardinal.model;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A rollup's InfluxDB 1.x continuous query where it says more than the one Cardinal writes of its own accord
 * ({@code cq_ID}, into the source's measurement name, {@code RESAMPLE FOR} two windows, no condition, no fill): what
 * an imported query says, kept so that planning it against the server it came from changes nothing. A rollup without
 * one gets Cardinal's own query. A part left null is absent from the statement, as it was from the imported one.
 *
 * @param name          the continuous query's name
 * @param into          the measurement the results go to, or null for the {@code :MEASUREMENT} backreference
 * @param fromRegex     the measurements read, as a regular expression ({@code FROM /cpu.*}{@code /}); null reads the
 *                      layout's measurement
 * @param resampleEvery {@code RESAMPLE EVERY}; null runs it once per window
 * @param resampleFor   {@code RESAMPLE FOR}; null recomputes the last window only
 * @param where         the {@code WHERE} condition in InfluxQL; the generator writes it token by token, each name
 *                      and string quoted anew, and refuses one that is not a plain condition
 * @param offset        the second argument of {@code GROUP BY time(window, offset)}
 * @param allTags       {@code GROUP BY *}: every tag, after the rollup's own
 * @param fill          {@code fill(...)}: {@code none}, {@code previous}, {@code linear} or a number; null is the
 *                      server's default ({@code null}, which influxd leaves out of its spelling)
 */
public record RollupQuery(String name, String into, String fromRegex, Duration resampleEvery, Duration resampleFor,
                         String where, Duration offset, boolean allTags, String fill) {
    private static final Pattern FILL_NUMBER = Pattern.compile("-?(\\d+(\\.\\d*)?|\\.\\d+)");

    public RollupQuery {
        Objects.requireNonNull(name, "name");
        problem(name, into, resampleEvery, resampleFor, offset, fill).ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
    }

    /** Why these parts make no continuous query, if they do not. */
    static Optional<String> problem(String name, String into, Duration resampleEvery, Duration resampleFor,
                                    Duration offset, String fill) {
        if (name.isEmpty()) {
            return Optional.of("a continuous query needs a name");
        }
        if (into != null && into.isEmpty()) {
            return Optional.of("the measurement written into must not be empty (leave \"into\" out for :MEASUREMENT)");
        }
        for (Duration d : new Duration[] {resampleEvery, resampleFor}) {
            if (d != null && (d.isZero() || d.isNegative())) {
                return Optional.of("RESAMPLE EVERY and FOR must be longer than zero");
            }
        }
        if (offset != null && (offset.isZero() || offset.isNegative())) {
            return Optional.of("a GROUP BY time offset must be longer than zero");
        }
        if (fill != null && !isFill(fill)) {
            return Optional.of("fill '" + fill + "' is not none, previous, linear or a number (null is the default: leave it out)");
        }
        return Optional.empty();
    }

    static boolean isFill(String fill) {
        return fill.equals("none") || fill.equals("previous") || fill.equals("linear") || FILL_NUMBER.matcher(fill).matches();
    }
}
