package dev.cardinal.compare;

import dev.cardinal.model.Durations;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.projection.AtHorizon;
import dev.cardinal.projection.LimitProjection;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ReportedSeries;
import dev.cardinal.projection.SummaryProjection;
import dev.cardinal.projection.Quantities;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Two layouts of one event kind over the same traffic, side by side: what differs between them, every number with
 * its delta, and a verdict written from those numbers.
 *
 * @param a           the first layout's projection
 * @param b           the second layout's projection
 * @param differences how the layouts differ, attribute by attribute and part by part
 * @param metrics     the numbers of both, in the order a review reads them
 * @param verdict     sentences derived from the metrics: which layout holds fewer series, which breaks a limit
 */
public record LayoutComparison(Projection a, Projection b, List<Difference> differences, List<Metric> metrics, List<String> verdict) {

    /** One structural difference: the subject (an attribute, "measurement", "retention") and what changed. */
    public record Difference(String subject, String inA, String inB) {
    }

    /**
     * One number for both layouts. {@code a} and {@code b} are -1 when the number does not apply (a tag only one
     * layout has); {@code lowerIsBetter} says which way is better.
     */
    public record Metric(String name, long a, long b, boolean lowerIsBetter) {
        public long delta() {
            return a < 0 || b < 0 ? 0 : b - a;
        }

        /** True when B is better by this number, false when worse, null when equal or not known for both. */
        public Boolean better() {
            return a < 0 || b < 0 || delta() == 0 ? null : (delta() < 0) == lowerIsBetter;
        }

        /** B against A as a reader sees it ("+4", "−12,929", "0"), empty when not known for both. */
        public String change() {
            return a < 0 || b < 0 ? "" : Quantities.signed(delta());
        }
    }

    /** Compares two projections of the same event kind made with the same settings. */
    public static LayoutComparison of(EventKind kind, Projection a, Projection b) {
        return of(kind, kind, a, b);
    }

    /**
     * Compares two projections of one event kind made with the same settings, each layout read with its own
     * workspace's definition of the event kind (they differ when one comes from another file or revision).
     */
    public static LayoutComparison of(EventKind kindA, EventKind kindB, Projection a, Projection b) {
        if (!a.eventKind().equals(b.eventKind())) {
            throw new IllegalArgumentException("layouts of different event kinds: " + a.eventKind() + " and " + b.eventKind());
        }
        List<String> verdict = new ArrayList<>(verdict(a, b));
        for (Projection p : List.of(a, b)) {
            if (p.now().pointsKept() != null && p.now().pointsKept().overwritten() > 0) {
                verdict.add(String.format(Locale.ROOT, "%s keeps %s of %s points: the others share measurement, tag set and"
                    + " timestamp with an earlier point and are overwritten.", p.layout().name(),
                    Quantities.count(p.now().pointsKept().kept()), Quantities.count(p.now().points())));
            }
        }
        return new LayoutComparison(a, b, differences(attributes(kindA, kindB), a.layout(), b.layout()), metrics(a, b),
            List.copyOf(verdict));
    }

    /** The attributes of either definition: A's in order, then any only B has. */
    private static List<String> attributes(EventKind kindA, EventKind kindB) {
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        kindA.attributes().forEach(x -> names.add(x.name()));
        kindB.attributes().forEach(x -> names.add(x.name()));
        return List.copyOf(names);
    }

    static List<Difference> differences(EventKind kind, Layout a, Layout b) {
        return differences(kind, kind, a, b);
    }

    /** How layout {@code a} and {@code b} differ, each read with its own workspace's definition of the event kind. */
    static List<Difference> differences(EventKind kindA, EventKind kindB, Layout a, Layout b) {
        return differences(attributes(kindA, kindB), a, b);
    }

    private static List<Difference> differences(List<String> attributes, Layout a, Layout b) {
        List<Difference> out = new ArrayList<>();
        if (!a.measurement().pattern().equals(b.measurement().pattern())) {
            out.add(new Difference("measurement", a.measurement().pattern(), b.measurement().pattern()));
        }
        for (String n : attributes) {
            String inA = describe(a, n);
            String inB = describe(b, n);
            if (!inA.equals(inB)) {
                out.add(new Difference(n, inA, inB));
            }
        }
        String ra = retention(a);
        String rb = retention(b);
        if (!ra.equals(rb)) {
            out.add(new Difference("retention", ra, rb));
        }
        return out;
    }

    /** How a layout writes an attribute: "tag", "tag user", "field", "in plot = plot-{plot}.{region}", "dropped". */
    static String describe(Layout l, String attribute) {
        Role role = l.roleOf(attribute);
        return switch (role) {
            case TAG -> l.tags().stream().filter(t -> t.value().singleRef().filter(attribute::equals).isPresent())
                .map(t -> t.key().equals(attribute) ? "tag" : "tag " + t.key()).findFirst().orElse("tag");
            case FIELD -> l.fields().stream().filter(f -> f.attribute().equals(attribute))
                .map(f -> f.isPlain() ? "field" : "field " + f.key().pattern()).findFirst().orElse("field");
            case IN_TEMPLATE -> "in " + templatesReading(l, attribute);
            case DROPPED -> "dropped";
        };
    }

    private static String templatesReading(Layout l, String attribute) {
        List<String> where = new ArrayList<>();
        if (l.measurement().attributes().contains(attribute)) {
            where.add("measurement " + l.measurement().pattern());
        }
        l.tags().stream().filter(t -> t.value().attributes().contains(attribute))
            .forEach(t -> where.add("tag " + t.key() + " = " + t.value().pattern()));
        l.fields().stream().filter(f -> f.key().attributes().contains(attribute))
            .forEach(f -> where.add("field key " + f.key().pattern()));
        return String.join(", ", where);
    }

    private static String retention(Layout l) {
        return l.retention().name() + " " + Durations.format(l.retention().duration()) + ", shard groups "
            + Durations.format(l.retention().effectiveShardGroupDuration());
    }

    static List<Metric> metrics(Projection a, Projection b) {
        return metrics(a, Figures.of(a), b, Figures.of(b));
    }

    /**
     * The numbers of one layout a comparison sets beside the other's, as the traffic gives them: -1 for one it does
     * not (a traffic summary counts no measurements or field keys, and holds no index footprint).
     *
     * @param reported         what the server's series query reports, null when it reports none or the traffic cannot say
     * @param shardGroupSeries each series once per shard group it has points in
     * @param memoryHigh       index memory at the horizon, the model's high
     */
    record Figures(long points, long series, long overwritten, ReportedSeries reported, long measurements, long fieldKeys,
                   Map<String, Long> tags, long shardGroupSeries, long memoryHigh) {
        static Figures of(Projection p) {
            long overwritten = p.now().pointsKept() == null ? -1 : p.now().pointsKept().overwritten();
            return new Figures(p.now().points(), p.now().series(), overwritten, p.reported(), p.now().measurements(),
                p.now().fieldKeys(), p.now().tags(), p.now().shardGroupSeries(), p.memoryAtHorizon().high());
        }

        static Figures of(SummaryProjection p) {
            return new Figures(p.points(), p.series(), -1, new ReportedSeries(p.server(), p.reportedSeries(), null), -1, -1,
                p.tags(), p.shardGroupSeries(), -1);
        }
    }

    /** The metric of points a server merges into an earlier point of the same series and timestamp. */
    public static final String OVERWRITTEN = "points overwritten (same series and timestamp)";

    static List<Metric> metrics(AtHorizon a, Figures fa, AtHorizon b, Figures fb) {
        List<Metric> out = new ArrayList<>();
        out.add(new Metric("points", fa.points(), fb.points(), false));
        out.add(new Metric("series", fa.series(), fb.series(), true));
        // points of one series and timestamp are one point to the server: moving ids out of the tags can merge them
        out.add(new Metric(OVERWRITTEN, fa.overwritten(), fb.overwritten(), true));
        out.add(new Metric("series at " + Durations.format(a.settings().horizon()), a.seriesAtHorizon(), b.seriesAtHorizon(), true));
        if (fa.reported().query() != null) {
            // both sides are projected for one server (the review's settings)
            out.add(new Metric(fa.reported().query(), reported(fa), reported(fb), true));
        }
        out.add(new Metric("measurements", fa.measurements(), fb.measurements(), true));
        out.add(new Metric("field keys", fa.fieldKeys(), fb.fieldKeys(), true));
        for (String tag : new TreeSet<>(union(fa.tags(), fb.tags()))) {
            out.add(new Metric("values of tag " + tag, fa.tags().getOrDefault(tag, -1L), fb.tags().getOrDefault(tag, -1L), true));
        }
        out.add(new Metric("points per series per shard group", perShardGroup(fa), perShardGroup(fb), false));
        out.add(new Metric("index memory at " + Durations.format(a.settings().horizon()) + ", bytes (high)",
            fa.memoryHigh(), fb.memoryHigh(), true));
        return out;
    }

    private static long reported(Figures f) {
        return f.reported().series() == null ? -1 : f.reported().series();
    }

    private static java.util.Set<String> union(Map<String, Long> x, Map<String, Long> y) {
        java.util.Set<String> s = new TreeSet<>(x.keySet());
        s.addAll(y.keySet());
        return s;
    }

    /** Points per series in each shard group: what each series costs the storage engine (low is many tiny series). */
    private static long perShardGroup(Figures f) {
        long reported = f.shardGroupSeries();
        return reported == 0 ? 0 : Math.round((double) f.points() / reported);
    }

    /**
     * Sentences from the numbers: fewer series, limits broken by one and not the other, and what each attribute moved
     * from one role to another costs. They are the same over a traffic summary as over its rows.
     */
    static List<String> verdict(AtHorizon a, AtHorizon b) {
        List<String> out = new ArrayList<>();
        String an = a.layout().name();
        String bn = b.layout().name();
        long sa = a.seriesAtHorizon();
        long sb = b.seriesAtHorizon();
        String at = Durations.format(a.settings().horizon());
        if (sa != sb) {
            boolean bFewer = sb < sa;
            long fewer = Math.min(sa, sb);
            long more = Math.max(sa, sb);
            out.add(String.format(Locale.ROOT, "%s holds %s series at %s where %s holds %s: %s fewer.", bFewer ? bn : an,
                Quantities.count(fewer), at, bFewer ? an : bn, Quantities.count(more), ratio((double) more / Math.max(1, fewer))));
        } else {
            out.add(String.format(Locale.ROOT, "Both hold %s series at %s.", Quantities.count(sa), at));
        }
        for (int i = 0; i < a.limits().size() && i < b.limits().size(); i++) {
            LimitProjection la = a.limits().get(i);
            LimitProjection lb = b.limits().get(i);
            if (!Objects.equals(la.limit(), lb.limit())) {
                continue;
            }
            boolean brokeA = la.reach() != LimitProjection.Reach.NEVER && la.brokenAtHorizon();
            boolean brokeB = lb.reach() != LimitProjection.Reach.NEVER && lb.brokenAtHorizon();
            if (brokeA != brokeB) {
                LimitProjection broken = brokeA ? la : lb;
                out.add(String.format(Locale.ROOT, "%s breaks %s (%s); %s stays under it (%s at %s).", brokeA ? an : bn,
                    Quantities.limit(broken.limit()), Quantities.when(broken), brokeA ? bn : an,
                    Quantities.count((brokeA ? lb : la).atHorizon()), at));
            }
        }
        // a growing tag the other layout makes a field is weighed with its move
        growingTags(a).stream().filter(t -> b.layout().roleOf(t) != Role.FIELD)
            .forEach(t -> out.add(an + " indexes " + t + ", which grows with traffic."));
        growingTags(b).stream().filter(t -> a.layout().roleOf(t) != Role.FIELD)
            .forEach(t -> out.add(bn + " indexes " + t + ", which grows with traffic."));
        out.addAll(Moves.weighed(a, b));
        return out;
    }

    private static List<String> growingTags(AtHorizon p) {
        return p.attributes().stream().filter(x -> x.role() == Role.TAG && x.growth() == dev.cardinal.projection.Growth.GROWS)
            .map(Projection.AttributeProjection::name).toList();
    }

    private static String ratio(double r) {
        return r >= 10 ? String.format(Locale.ROOT, "%,.0fx", r) : String.format(Locale.ROOT, "%.1fx", r);
    }
}
