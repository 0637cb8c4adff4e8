package dev.cardinal.lint;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.AtHorizon;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.DictionaryColumn;
import dev.cardinal.traffic.ReadReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What a rule may look at for one layout: the workspace it lives in, and what the traffic says about the layout:
 * its projection over the rows with the rows themselves (for the shape of values) and what reading them reported,
 * or its projection from a traffic summary, which holds counts and growth but no values, field keys or read problems.
 *
 * @param workspace  the workspace
 * @param kind       the layout's event kind
 * @param layout     the layout being checked
 * @param traffic    what the traffic says about the layout
 * @param queryRange the longest time range queried often, e.g. a dashboard's 7d; {@link Duration#ZERO} when unknown
 */
public record LintContext(Workspace workspace, EventKind kind, Layout layout, LayoutTraffic traffic, Duration queryRange) {

    /** A layout over rows read by Cardinal's readers. */
    public LintContext(Workspace workspace, EventKind kind, Layout layout, Projection projection, SampleIndex index,
                       ReadReport report, Duration queryRange) {
        this(workspace, kind, layout, new LayoutTraffic.Rows(projection, index, report), queryRange);
    }

    AtHorizon projection() {
        return traffic.projection();
    }

    /** The rows, or empty when the traffic came as a summary. */
    Optional<LayoutTraffic.Rows> rows() {
        return traffic instanceof LayoutTraffic.Rows r ? Optional.of(r) : Optional.empty();
    }

    /**
     * What a rule leaves unchecked because the traffic is a summary: {@code subjects} (tag keys, "measurement", ...),
     * none when the traffic is rows or there are no such subjects.
     */
    Optional<Linter.Unchecked> withoutRows(Rule rule, List<String> subjects, String why) {
        return rows().isPresent() || subjects.isEmpty() ? Optional.empty()
            : Optional.of(new Linter.Unchecked(rule.id(), layout.id(), List.copyOf(subjects), why));
    }

    /** At most this many distinct values are looked at when judging the shape of an attribute's values. */
    static final int SHAPE_VALUES = 2_000;

    Finding finding(Rule rule, Severity severity, String subject, String message, List<Evidence> evidence, Fix fix) {
        return new Finding(rule.id(), severity, layout.id(), subject, message, evidence, fix);
    }

    /** A fix that changes this layout (looked up by id in the workspace it is applied to). */
    Fix layoutFix(String title, UnaryOperator<Layout> change) {
        String id = layout.id();
        return new Fix(title, ws -> ws.withLayout(change.apply(ws.layout(id).orElseThrow(
            () -> new IllegalStateException("layout " + id + " is no longer in the workspace")))));
    }

    Optional<Projection.AttributeProjection> attribute(String name) {
        return projection().attributes().stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /**
     * Up to {@link #SHAPE_VALUES} distinct texts of an attribute in the rows, in order of first appearance (empty
     * when the sample has no such attribute).
     */
    static List<String> distinctTexts(LayoutTraffic.Rows rows, String attribute) {
        SampleIndex index = rows.index();
        int a = index.sample().attributeIndex(attribute);
        List<String> out = new ArrayList<>();
        if (a < 0) {
            return out;
        }
        Column c = index.sample().column(a);
        if (c instanceof DictionaryColumn d) {
            int n = (int) Math.min(d.dictionary().size(), SHAPE_VALUES);
            for (int id = 1; id <= n; id++) {
                String v = d.dictionary().value(id);
                if (!v.isEmpty()) {
                    out.add(v);
                }
            }
            return out;
        }
        java.util.Set<String> seen = new java.util.LinkedHashSet<>();
        for (int r = 0; r < index.rows() && seen.size() < SHAPE_VALUES; r++) {
            if (c.present(r)) {
                seen.add(c.text(r));
            }
        }
        out.addAll(seen);
        return out;
    }
}
