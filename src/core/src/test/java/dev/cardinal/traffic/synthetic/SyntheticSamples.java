package dev.cardinal.traffic.synthetic;

import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleAttribute;
import dev.cardinal.traffic.SampleLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Profiles and views of samples shared by the synthetic traffic tests. */
public final class SyntheticSamples {
    private SyntheticSamples() {
    }

    /** The example, shortened to two weeks at 2,000 points a day (28,000 points) to keep tests quick. */
    public static TrafficProfile listingEvents(long seed) {
        return new TrafficProfile("listing_event", 2_000, Duration.ofDays(14), seed, List.of(
            new AttributeProfile.ClosedSet("event", 5, 1.2, true),
            AttributeProfile.GrowingId.perDay("user_id", 200, 1.0, true),
            new AttributeProfile.Measure("count", ValueType.INTEGER),
            new AttributeProfile.Measure("price", ValueType.FLOAT)));
    }

    public static Sample generate(TrafficProfile p) {
        return SyntheticTraffic.generate(p, SampleLimits.defaults(), ReadMonitor.NONE);
    }

    /** Every row as text ({@code time name=type:value ...}), in row order: what two samples must agree on. */
    public static List<String> rows(EventKindSample k) {
        List<String> out = new ArrayList<>(k.rows());
        for (int r = 0; r < k.rows(); r++) {
            StringBuilder sb = new StringBuilder().append(k.timestamp(r));
            for (int a = 0; a < k.attributes().size(); a++) {
                SampleAttribute sa = k.attributes().get(a);
                sb.append(' ').append(sa.name()).append(sa.arrivedAsTag() ? "[tag]=" : "=").append(sa.type().id())
                    .append(':').append(k.column(a).text(r));
            }
            out.add(sb.toString());
        }
        return out;
    }

    /** How many rows carry each value of a string attribute. */
    public static Map<String, Integer> counts(EventKindSample k, String attribute) {
        Column c = k.column(attribute);
        Map<String, Integer> n = new HashMap<>();
        for (int r = 0; r < k.rows(); r++) {
            n.merge(c.text(r), 1, Integer::sum);
        }
        return n;
    }
}
