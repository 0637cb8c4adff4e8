package dev.cardinal.ui.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.synthetic.AttributeProfile;
import dev.cardinal.traffic.synthetic.ProfileWriter;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The form's profile and its JSON, without the toolkit: every kind of attribute both ways, and problems placed. */
class DraftJsonTest {
    private static final TrafficProfile EVERY_KIND = new TrafficProfile("listing_event", 50_000, Duration.ofDays(30), 7, List.of(
        new AttributeProfile.ClosedSet("event", 5, 1.2, true),
        new AttributeProfile.ClosedSet("device", 3, 0, List.of("web", "ios", "android"), true),
        new AttributeProfile.GrowingId("user_id", 2_000, AttributeProfile.GrowingId.Per.DAY, 1, "u", true),
        new AttributeProfile.GrowingId("session_id", 20.5, AttributeProfile.GrowingId.Per.THOUSAND_POINTS, 2, "s", false),
        new AttributeProfile.Constant("host", "web-01", true),
        new AttributeProfile.Measure("count", ValueType.INTEGER),
        new AttributeProfile.Measure("temp", ValueType.FLOAT)));

    @Test
    void aProfileGoesIntoTheFormAndComesBackAsCardinalWritesIt() {
        String json = ProfileWriter.toJson(EVERY_KIND);
        ProfileDraft d = new ProfileDraft();
        assertTrue(DraftJson.fill(d, json));
        assertEquals(7, d.attributes().size());
        AttributeDraft device = d.attributes().get(1);
        assertEquals(AttributeKind.CLOSED, device.kind.get());
        assertEquals("web, ios, android", device.names.get());
        AttributeDraft session = d.attributes().get(3);
        assertEquals(RatePer.THOUSAND_POINTS, session.per.get());
        assertEquals("20.5", session.rate.get());
        assertEquals(json, DraftJson.toJson(d), "the same text: keys in ProfileWriter's order, numbers as it writes them");
        assertEquals(EVERY_KIND, ProfileCheck.of(DraftJson.toJson(d)).profile());
    }

    @Test
    void settingsOfAnotherKindAreKeptInTheRowButNotWritten() {
        ProfileDraft d = new ProfileDraft();
        DraftJson.fill(d, ProfileWriter.toJson(EVERY_KIND));
        AttributeDraft event = d.attributes().get(0);
        event.kind.set(AttributeKind.ID);
        event.rate.set("300");
        assertTrue(DraftJson.toJson(d).contains("{ \"name\": \"event\", \"kind\": \"id\", \"newPerDay\": 300, \"asTag\": true }"),
            DraftJson.toJson(d));
        event.kind.set(AttributeKind.CLOSED);
        assertEquals(ProfileWriter.toJson(EVERY_KIND), DraftJson.toJson(d), "the closed set's settings were kept");
    }

    @Test
    void aWrongValueReachesTheReaderAndIsPlacedOnItsRow() {
        ProfileDraft d = new ProfileDraft();
        DraftJson.fill(d, ProfileWriter.toJson(EVERY_KIND));
        d.attributes().get(2).rate.set("lots");
        d.attributes().get(0).values.set("");
        d.span.set("30 days");
        ProfileCheck c = ProfileCheck.of(DraftJson.toJson(d));
        assertNull(c.profile());
        assertEquals(1, c.ofRow(2).size(), c.lines().toString());
        assertTrue(c.ofRow(2).get(0).startsWith("new a day: must be a number > 0"), c.ofRow(2).toString());
        assertTrue(c.ofRow(0).get(0).startsWith("distinct values: "), c.ofRow(0).toString());
        assertEquals(List.of(), c.ofRow(1));
        assertFalse(c.atSetting("span").isEmpty());
        assertEquals(List.of(), c.general());
    }

    @Test
    void whatIsNotAJsonObjectLeavesTheFormAsItWas() {
        ProfileDraft d = new ProfileDraft();
        DraftJson.fill(d, ProfileWriter.toJson(EVERY_KIND));
        assertFalse(DraftJson.fill(d, "{ \"eventKind\": "));
        assertEquals("listing_event", d.eventKind.get());
        assertEquals(7, d.attributes().size());
    }
}
