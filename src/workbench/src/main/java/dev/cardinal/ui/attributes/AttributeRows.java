package dev.cardinal.ui.attributes;

import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.SummaryProjection;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.SampleAttribute;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the attribute table shows of one event kind under one layout: each attribute's type and role, and how it
 * arrived (tag or field) with its distinct count, from the sample when the sample has the event kind, else from a
 * traffic summary's projection of it (blank and -1 when neither has it).
 */
public final class AttributeRows {
    private AttributeRows() {
    }

    /**
     * The rows of {@code kind}'s attributes, in its order.
     *
     * @param sample  the sample's traffic of {@code kind}, if the sample has it
     * @param summary the projection of a traffic summary shown, or null; used only without a sample and when it is of
     *                {@code kind}
     */
    public static List<AttributeRow> of(EventKind kind, Layout layout, Optional<EventKindSample> sample, SummaryProjection summary) {
        Map<String, Projection.AttributeProjection> summarized = new HashMap<>();
        if (sample.isEmpty() && summary != null && summary.eventKind().equals(kind.name())) {
            summary.attributes().forEach(a -> summarized.put(a.name(), a));
        }
        List<AttributeRow> rows = new ArrayList<>();
        for (Attribute a : kind.attributes()) {
            Role role = layout.roleOf(a.name());
            String arrived = "";
            long distinct = -1;
            if (sample.isPresent()) {
                int i = sample.get().attributeIndex(a.name());
                if (i >= 0) {
                    SampleAttribute sa = sample.get().attributes().get(i);
                    arrived = sa.arrivedAsTag() ? "tag" : "field";
                    distinct = sample.get().column(i).distinct();
                }
            } else if (summarized.containsKey(a.name())) {
                Projection.AttributeProjection sa = summarized.get(a.name());
                arrived = sa.arrivedAsTag() ? "tag" : "field";
                distinct = sa.distinct();
            }
            rows.add(new AttributeRow(a.name(), a.type().id(), arrived, role.name().toLowerCase(Locale.ROOT).replace('_', ' '),
                distinct));
        }
        return rows;
    }
}
