package dev.cardinal.lint;

import dev.cardinal.projection.PointsKept;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Points that vanish: InfluxDB identifies a point by measurement, tag set and timestamp, and merges a second point
 * with the same three into the first (the later field values win). A layout that moves ids from tags to fields, or a
 * writer that cuts timestamps to whole seconds, makes that likely, and nothing fails: the write succeeds and the
 * points are simply fewer. The projection counts the points kept from the rows' timestamps as written.
 */
public final class PointsOverwritten implements Rule {
    public static final String ID = "points-overwritten";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "points that share measurement, tag set and timestamp: the server keeps one of them";
    }

    @Override
    public List<Finding> check(LintContext c) {
        PointsKept kept = c.rows().map(r -> r.projection().now().pointsKept()).orElse(null);
        if (kept == null || kept.overwritten() == 0) {
            return List.of();
        }
        long written = kept.kept() + kept.overwritten();
        List<Evidence> evidence = new ArrayList<>();
        evidence.add(Evidence.count("points written", written));
        evidence.add(Evidence.count("points the server keeps", kept.kept()));
        evidence.add(Evidence.count("points overwritten", kept.overwritten()));
        for (PointsKept.Overwrite o : kept.examples()) {
            evidence.add(new Evidence("example", String.format(java.util.Locale.ROOT, "%s at %s: %,d points, 1 kept",
                o.seriesKey(), Instant.ofEpochSecond(0, o.timestampNanos()), o.points())));
        }
        return List.of(c.finding(this, Severity.ERROR, "measurement " + c.layout().measurement().pattern(),
            String.format(java.util.Locale.ROOT, "%,d of %,d points share their measurement, tag set and timestamp with an"
                    + " earlier point: the server keeps one point for each, with the later values, so %,d points vanish"
                    + " without an error and count() answers %,d.", kept.overwritten(), written, kept.overwritten(),
                kept.kept()),
            evidence,
            Fix.advice("keep every point: send timestamps at the precision the writer really has (not cut to whole"
                + " seconds); or make a closed attribute that tells such events apart a tag; or aggregate the events of"
                + " one series and instant before the write")));
    }

    @Override
    public Optional<Linter.Unchecked> unchecked(LintContext c) {
        return c.withoutRows(this, List.of("measurement " + c.layout().measurement().pattern()),
            "points sharing a series and a timestamp: a summary keeps no timestamps per series");
    }
}
