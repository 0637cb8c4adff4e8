package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.synthetic.AttributeProfile;
import dev.cardinal.traffic.synthetic.SyntheticTraffic;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A profile made from a projected sample makes traffic that projects like the sample. */
class SampleProfileTest {
    @Test
    void theAdMarketplacesProfileMakesTrafficWithTheSameGrowthClassesAndRoles() {
        Scenario ads = Scenario.of("ad-marketplace");
        var kind = ads.workspace.eventKind("listing_event").orElseThrow();
        var layout = ads.layout("ids-as-tags");
        Projection sample = new Projector(ads.index).project(kind, layout, TestServer.settings());

        TrafficProfile profile = SampleProfile.of(sample, Duration.ofDays(14), 7);
        Map<String, String> kinds = profile.attributes().stream().collect(Collectors.toMap(AttributeProfile::name,
            a -> a.getClass().getSimpleName() + (a.asTag() ? " tag" : " field")));
        assertEquals(Map.of("event", "ClosedSet tag", "device", "ClosedSet tag", "listing_id", "GrowingId tag",
            "user_id", "GrowingId tag", "session_id", "GrowingId tag", "page_url", "GrowingId field", "count", "Measure field"), kinds);
        assertEquals(Math.round(sample.pointsPerSecond() * 86_400), Math.round(profile.pointsPerDay()));

        var generated = SyntheticTraffic.generate(profile, SampleLimits.defaults(), ReadMonitor.NONE).eventKind("listing_event").orElseThrow();
        Projection synthetic = new Projector(new SampleIndex(generated)).project(kind, layout, TestServer.settings());
        assertEquals(profile.points(), synthetic.now().points());
        for (Projection.AttributeProjection a : sample.attributes()) {
            Projection.AttributeProjection s = synthetic.attributes().stream().filter(x -> x.name().equals(a.name())).findFirst().orElseThrow();
            assertEquals(a.growth(), s.growth(), a.name() + " grows or saturates as in the sample");
        }
        long closedDevices = synthetic.now().tags().get("device");
        assertEquals(5, closedDevices, "a closed set keeps its size");
        assertTrue(synthetic.now().series() > 1_000, "ids as tags still make a series per combination");
    }
}
