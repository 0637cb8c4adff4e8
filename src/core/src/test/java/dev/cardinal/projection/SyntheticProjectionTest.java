package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.SchemaInference;
import dev.cardinal.traffic.synthetic.AttributeProfile;
import dev.cardinal.traffic.synthetic.SyntheticSamples;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The point of synthetic traffic: a profile typed by hand projects like real traffic would. A closed set is
 * classified CLOSED and a growing id GROWS, by the same growth fit the projection uses. (Here, not in the traffic
 * package, because traffic may not depend on projection.)
 */
class SyntheticProjectionTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 7, 42})
    void theClosedSetIsClosedAndTheIdGrows(long seed) {
        TrafficProfile p = new TrafficProfile("listing_event", 2_000, Duration.ofDays(14), seed, List.of(
            new AttributeProfile.ClosedSet("event", 5, 1.2, true),
            new AttributeProfile.ClosedSet("category", 40, 1.0, true),
            AttributeProfile.GrowingId.perDay("user_id", 200, 1.0, true),
            AttributeProfile.GrowingId.perThousandPoints("session_id", 20, 2.0, false),
            new AttributeProfile.Measure("count", ValueType.INTEGER)));
        EventKindSample k = SyntheticSamples.generate(p).eventKinds().get(0);
        SampleIndex index = new SampleIndex(k);
        assertEquals(Growth.CLOSED, fit(index, k, "event").growth(), () -> fit(index, k, "event").toString());
        assertEquals(Growth.CLOSED, fit(index, k, "category").growth(), () -> fit(index, k, "category").toString());
        GrowthFit users = fit(index, k, "user_id");
        assertEquals(Growth.GROWS, users.growth(), users::toString);
        assertTrue(users.beta() > 0.8, users::toString); // new ids at a constant rate: close to linear
        assertEquals(Growth.GROWS, fit(index, k, "session_id").growth());
    }

    @Test
    void theProjectionOfTheLayoutAsWrittenSaysTheSame() {
        EventKindSample k = SyntheticSamples.generate(SyntheticSamples.listingEvents(7)).eventKinds().get(0);
        EventKind kind = SchemaInference.eventKind(k);
        Layout asWritten = SchemaInference.asWritten(k, "as-written");
        assertEquals(List.of("event", "user_id"), asWritten.tags().stream().map(t -> t.key()).toList());
        Projection projection = new Projector(new SampleIndex(k)).project(kind, asWritten, TestServer.settings());
        Map<String, Growth> classes = projection.attributes().stream()
            .filter(a -> a.type().equals("string"))
            .collect(Collectors.toMap(Projection.AttributeProjection::name, Projection.AttributeProjection::growth));
        assertEquals(Map.of("event", Growth.CLOSED, "user_id", Growth.GROWS), classes);
        Projection.AttributeProjection users = projection.attributes().stream()
            .filter(a -> a.name().equals("user_id")).findFirst().orElseThrow();
        // 14 days of traffic projected to 30: about 200 new ids a day keep coming
        assertEquals(200 * 30, users.atHorizon(), 200 * 30 * 0.15);
    }

    /** The fit of one attribute's distinct-values curve, over points, from the origin (as the projector does it). */
    private static GrowthFit fit(SampleIndex index, EventKindSample k, String attribute) {
        return GrowthFit.overPoints(index.growth(k.attributeIndex(attribute)));
    }
}
