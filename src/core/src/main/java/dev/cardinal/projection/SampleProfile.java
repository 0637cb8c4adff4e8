package dev.cardinal.projection;

import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.synthetic.AttributeProfile;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A traffic profile that behaves like a projected sample, as a start for typing one: each closed set with as many
 * values as the sample holds, each attribute that grows with traffic as an id with the sample's rate of new values,
 * each number as a measure, sent as the sample sends it (tag or field), at the sample's rate of points. Edit it to
 * ask what a different traffic would do: more devices, ids that arrive faster, another month.
 */
public final class SampleProfile {
    private static final double SECONDS_PER_DAY = 86_400;

    private SampleProfile() {
    }

    /** The profile of {@code p}'s sample over {@code span} (at least a day), with {@code seed}. */
    public static TrafficProfile of(Projection p, Duration span, long seed) {
        double pointsPerDay = Math.max(1, Math.round(p.pointsPerSecond() * SECONDS_PER_DAY));
        double sampleDays = Math.max(p.sampleSpan().getSeconds() / SECONDS_PER_DAY, 1.0 / 24);
        List<AttributeProfile> attributes = new ArrayList<>();
        for (Projection.AttributeProjection a : p.attributes()) {
            ValueType type = ValueType.fromId(a.type()).orElse(ValueType.STRING);
            if (type == ValueType.INTEGER || type == ValueType.UNSIGNED) {
                attributes.add(new AttributeProfile.Measure(a.name(), ValueType.INTEGER));
            } else if (type == ValueType.FLOAT) {
                attributes.add(new AttributeProfile.Measure(a.name(), ValueType.FLOAT));
            } else if (a.growth() == Growth.GROWS) {
                // never more new ids than points
                double newPerDay = Math.min(pointsPerDay, Math.max(1, Math.round(a.distinct() / sampleDays)));
                attributes.add(AttributeProfile.GrowingId.perDay(a.name(), newPerDay, 1.0, a.arrivedAsTag()));
            } else {
                int values = (int) Math.max(1, Math.min(a.distinct(), AttributeProfile.ClosedSet.MAX_VALUES));
                attributes.add(new AttributeProfile.ClosedSet(a.name(), values, 1.0, a.arrivedAsTag()));
            }
        }
        if (!attributes.isEmpty() && attributes.stream().allMatch(AttributeProfile::asTag)) {
            // a point needs a field: the last attribute is sent as one
            AttributeProfile last = attributes.remove(attributes.size() - 1);
            attributes.add(asField(last));
        }
        Duration atLeastADay = span.compareTo(Duration.ofDays(1)) < 0 ? Duration.ofDays(1) : span;
        return new TrafficProfile(p.eventKind(), pointsPerDay, atLeastADay, seed, attributes);
    }

    private static AttributeProfile asField(AttributeProfile a) {
        if (a instanceof AttributeProfile.ClosedSet c) {
            return new AttributeProfile.ClosedSet(c.name(), c.values(), c.skew(), c.valueNames(), false);
        }
        if (a instanceof AttributeProfile.GrowingId g) {
            return new AttributeProfile.GrowingId(g.name(), g.rate(), g.per(), g.repeatSkew(), g.prefix(), false);
        }
        return a;
    }
}
