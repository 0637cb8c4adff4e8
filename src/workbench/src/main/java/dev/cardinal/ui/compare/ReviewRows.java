package dev.cardinal.ui.compare;

import dev.cardinal.compare.LayoutComparison;
import dev.cardinal.compare.Review;
import dev.cardinal.compare.SummaryReview;
import dev.cardinal.projection.AtHorizon;
import dev.cardinal.projection.LimitProjection;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The compare view's table: every metric of the comparison with its change, then the time to each limit for both
 * layouts, then both layouts on every engine that counts a sample of rows ({@link dev.cardinal.compare.EngineSides}).
 *
 * @param name   what is measured
 * @param a      layout A's value as shown
 * @param b      layout B's value as shown
 * @param change B against A, signed; empty when it does not apply
 * @param better whether B is better (true), worse (false) or neither (null)
 * @param metric the metric behind the row, null for a limit row
 */
public record ReviewRows(String name, String a, String b, String change, Boolean better, LayoutComparison.Metric metric) {

    /** The rows of a review, metrics first. */
    public static List<ReviewRows> of(Review r) {
        List<ReviewRows> out = new ArrayList<>();
        if (r.mappings() != null) {
            // a document engine: the mapping first, it is what the choice of server was about
            MappingProjection ma = r.mappings().a();
            MappingProjection mb = r.mappings().b();
            long d = mb.fields() - ma.fields();
            out.add(new ReviewRows("index mapping fields", Quantities.count(ma.fields()), Quantities.count(mb.fields()),
                d == 0 ? "" : Quantities.signed(d), d == 0 ? null : d < 0, null));
            OptionalDouble sa = ma.secondsToLimit();
            OptionalDouble sb = mb.secondsToLimit();
            double ta = sa.isPresent() ? sa.getAsDouble() : Double.POSITIVE_INFINITY;
            double tb = sb.isPresent() ? sb.getAsDouble() : Double.POSITIVE_INFINITY;
            out.add(new ReviewRows("time to index.mapping.total_fields.limit " + Quantities.count(ma.limit()), ma.whenLimitRefuses(),
                mb.whenLimitRefuses(), "", ta == tb ? null : tb > ta, null));
        }
        numbers(out, r.comparison().metrics(), r.a(), r.b(), false);
        r.engines().lines().forEach(l -> out.add(new ReviewRows(l.engine() + ": " + l.what(), l.a(), l.b(), "", null, null)));
        return out;
    }

    /**
     * The rows of a review over a traffic summary: a number it does not hold is a dash on both sides, its change
     * "needs rows" (as the Projection panel says it).
     */
    public static List<ReviewRows> of(SummaryReview r) {
        List<ReviewRows> out = new ArrayList<>();
        numbers(out, r.metrics(), r.a(), r.b(), true);
        return out;
    }

    private static void numbers(List<ReviewRows> out, List<LayoutComparison.Metric> metrics, AtHorizon a, AtHorizon b,
                                boolean summary) {
        for (LayoutComparison.Metric m : metrics) {
            // a tag only one layout has is a dash on one side; a number the summary does not hold, on both
            String change = summary && m.a() < 0 && m.b() < 0 ? dev.cardinal.ui.projection.ProjectionRows.NOT_IN_SUMMARY : m.change();
            out.add(new ReviewRows(m.name(), Quantities.countOrDash(m.a()), Quantities.countOrDash(m.b()), change, m.better(), m));
        }
        List<LimitProjection> la = a.limits();
        List<LimitProjection> lb = b.limits();
        for (int i = 0; i < Math.min(la.size(), lb.size()); i++) {
            LimitProjection x = la.get(i);
            LimitProjection y = lb.get(i);
            out.add(new ReviewRows("time to " + Quantities.limit(x.limit()), Quantities.when(x), Quantities.when(y), "", later(x, y), null));
        }
    }

    /** True when B reaches the limit later than A (or never where A does), false when sooner, null when the same. */
    private static Boolean later(LimitProjection a, LimitProjection b) {
        int c = Long.compare(reachedAfter(b), reachedAfter(a));
        return c == 0 ? null : c > 0;
    }

    private static long reachedAfter(LimitProjection l) {
        return l.reach() == LimitProjection.Reach.NEVER || l.after() == null ? Long.MAX_VALUE : l.after().getSeconds();
    }
}
