package dev.cardinal.compare;

import dev.cardinal.model.Durations;
import dev.cardinal.model.Role;
import dev.cardinal.projection.AtHorizon;
import dev.cardinal.projection.Growth;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The verdict's weighing of every attribute one layout writes in another role than the other: what each move costs
 * the questions asked of that attribute, set against the series it saves. Fewer series is not better by itself: a
 * closed set made a field (device, 5 values) turns a tag filter, which the index answers, into a scan of every point
 * in the range, and saves at most a factor of its values in series.
 */
final class Moves {
    private Moves() {
    }

    /** One sentence per attribute whose role differs, in A's attribute order. */
    static List<String> weighed(AtHorizon a, AtHorizon b) {
        List<Projection.AttributeProjection> moved = a.attributes().stream()
            .filter(x -> x.role() != b.layout().roleOf(x.name())).toList();
        List<String> out = new ArrayList<>();
        for (Projection.AttributeProjection x : moved) {
            Role inB = b.layout().roleOf(x.name());
            String saved = moved.size() == 1 ? alone(a, b) : "";
            if (x.role() == Role.TAG && inB == Role.FIELD) {
                out.add(tagToField(b.layout().name(), a.layout().name(), x, saved));
            } else if (x.role() == Role.FIELD && inB == Role.TAG) {
                out.add(tagToField(a.layout().name(), b.layout().name(), x, saved));
            } else {
                out.add(other(a, b, x, inB));
            }
        }
        return out;
    }

    /** {@code fielded} makes {@code x} a field where {@code indexed} has it as a tag. */
    private static String tagToField(String fielded, String indexed, Projection.AttributeProjection x, String saved) {
        if (x.growth() == Growth.GROWS) {
            return String.format(Locale.ROOT, "%s indexes %s, which grows with traffic; %s makes it a field, so the index no"
                + " longer grows with it, and a question per %s becomes a field filter that scans the range, or a query on a"
                + " rollup keyed by it%s.", indexed, x.name(), fielded, x.name(), saved);
        }
        return String.format(Locale.ROOT, "%s makes %s a field where %s indexes it, a closed set of %s values: a tag filter on"
            + " %s, an index lookup, becomes a field filter, a scan of every point in the range; that buys at most %sx fewer"
            + " series%s.", fielded, x.name(), indexed, Quantities.count(x.distinct()), x.name(),
            Quantities.count(Math.max(1, x.distinct())), saved);
    }

    /** A move into or out of a template, or out of the layout: what a filter on the attribute becomes. */
    private static String other(AtHorizon a, AtHorizon b, Projection.AttributeProjection x, Role inB) {
        String an = a.layout().name();
        String bn = b.layout().name();
        if (inB == Role.DROPPED || x.role() == Role.DROPPED) {
            boolean bDrops = inB == Role.DROPPED;
            return String.format(Locale.ROOT, "%s drops %s, which %s writes as a %s: no question about %s can be asked of it.",
                bDrops ? bn : an, x.name(), bDrops ? an : bn, word(bDrops ? x.role() : inB), x.name());
        }
        boolean bTemplates = inB == Role.IN_TEMPLATE;
        dev.cardinal.model.Layout templated = bTemplates ? b.layout() : a.layout();
        return String.format(Locale.ROOT, "%s writes %s %s where %s writes it as a %s: %s.", bTemplates ? bn : an, x.name(),
            LayoutComparison.describe(templated, x.name()), bTemplates ? an : bn, word(bTemplates ? x.role() : inB),
            filterIn(templated, x.name()));
    }

    /** What a filter on an attribute read only by templates becomes. */
    private static String filterIn(dev.cardinal.model.Layout l, String attribute) {
        if (l.measurement().attributes().contains(attribute)) {
            return "a filter on it becomes a regular expression over measurement names";
        }
        return l.tags().stream().filter(t -> t.value().attributes().contains(attribute)).findFirst()
            .map(t -> "a filter on it becomes a regular expression over the values of tag " + t.key())
            .orElse("each of its values is a field key of its own, and no query can filter on it");
    }

    private static String word(Role r) {
        return r.name().toLowerCase(Locale.ROOT);
    }

    /** When one move is the whole difference, the series it saves are the comparison's own. */
    private static String alone(AtHorizon a, AtHorizon b) {
        String at = Durations.format(a.settings().horizon());
        if (a.seriesAtHorizon() == b.seriesAtHorizon()) {
            return String.format(Locale.ROOT, ": here it is the only move and saves none, %s series at %s in both",
                Quantities.count(a.seriesAtHorizon()), at);
        }
        return String.format(Locale.ROOT, ": here it is the only move, %s series at %s against %s", Quantities.count(a.seriesAtHorizon()),
            at, Quantities.count(b.seriesAtHorizon()));
    }
}
