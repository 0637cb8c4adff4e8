package dev.cardinal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LayoutTest {
    private final EventKind kind = new EventKind("listing_event", List.of(new Attribute("event", ValueType.STRING),
        new Attribute("user_id", ValueType.STRING), new Attribute("count", ValueType.INTEGER),
        new Attribute("session", ValueType.STRING)));

    @Test
    void rolesFollowFromTagsFieldsAndTemplates() throws TemplateException {
        Layout l = new Layout("l", "l", "listing_event", Template.parse("ev_{event}"), List.of(TagSpec.of("user_id")),
            List.of(FieldSpec.of("count")), RetentionPlan.AUTOGEN);
        assertEquals(Map.of("event", Role.IN_TEMPLATE, "user_id", Role.TAG, "count", Role.FIELD, "session", Role.DROPPED),
            l.roles(kind));
    }

    @Test
    void movingAnAttributeBetweenTagsAndFieldsReturnsANewLayout() {
        Layout l = new Layout("l", "l", "listing_event", Template.literal("listing_event"),
            List.of(TagSpec.of("event"), TagSpec.of("user_id")), List.of(FieldSpec.of("count")), RetentionPlan.AUTOGEN);
        Layout f = l.withRole("user_id", Role.FIELD);
        assertEquals(List.of(TagSpec.of("event")), f.tags());
        assertEquals(List.of(FieldSpec.of("count"), FieldSpec.of("user_id")), f.fields());
        assertEquals(Role.TAG, l.roleOf("user_id"), "the original is unchanged");
        assertEquals(l.tags(), f.withRole("user_id", Role.TAG).tags());
        assertEquals(Role.DROPPED, f.withRole("count", Role.DROPPED).roleOf("count"));
        assertThrows(IllegalArgumentException.class, () -> l.withRole("count", Role.IN_TEMPLATE));
    }

    @Test
    void templatesParseReferencesSlotsAndLiteralBraces() throws TemplateException {
        Template t = Template.parse("slot_{slot(metric, tenant, max=50)}{{x}}");
        assertEquals(List.of(new Template.Literal("slot_"), new Template.SlotRef("metric", List.of("tenant"), 50),
            new Template.Literal("{x}")), t.parts());
        assertEquals(List.of("metric", "tenant"), List.copyOf(t.attributes()));
        assertEquals("a{b}", Template.literal("a{b}").literalText());
        assertEquals("a{b}", Template.parse(Template.literal("a{b}").pattern()).literalText());
        TemplateException e = assertThrows(TemplateException.class, () -> Template.parse("a}b"));
        assertEquals(1, e.index());
        assertThrows(TemplateException.class, () -> Template.parse("{}"));
        assertThrows(TemplateException.class, () -> Template.parse("{slot(m, t, max=0)}"));
        assertEquals(new Template.SlotRef("m", List.of(), 0), Template.parse("{slot(m)}").parts().get(0));
        assertThrows(TemplateException.class, () -> Template.parse("{a{b}"));
    }

    @Test
    void durationsReadAndWriteInfluxQlLiterals() {
        assertEquals(Duration.ofDays(30), Durations.parse("30d"));
        assertEquals(Duration.ofMinutes(90), Durations.parse("1h30m"));
        assertEquals(Duration.ZERO, Durations.parse("INF"));
        assertEquals(Duration.ofNanos(1500), Durations.parse("1us500ns"));
        assertEquals("1h30m", Durations.format(Duration.ofMinutes(90)));
        assertEquals("52w", Durations.format(Duration.ofDays(364)));
        assertEquals("INF", Durations.format(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("30"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("d"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("99999999999999999999d"));
    }

    @Test
    void shardGroupDurationsFollowTheServerDefaults() {
        assertEquals(Duration.ofHours(1), RetentionPlan.defaultShardGroupDuration(Duration.ofHours(36)));
        assertEquals(Duration.ofDays(1), RetentionPlan.defaultShardGroupDuration(Duration.ofDays(30)));
        assertEquals(Duration.ofDays(7), RetentionPlan.defaultShardGroupDuration(Duration.ofDays(365)));
        assertEquals(Duration.ofDays(7), RetentionPlan.AUTOGEN.effectiveShardGroupDuration());
    }

    @Test
    void anAttributeUsedInSeveralWaysTakesTheStrongestRole() throws TemplateException {
        // event: a tag and a field (TAG); user_id: a field and in the measurement (FIELD); count: only in a field key
        // and a tag template (IN_TEMPLATE); session: nowhere (DROPPED)
        Layout l = new Layout("l", "l", "listing_event", Template.parse("ev_{user_id}"),
            List.of(TagSpec.of("event"), new TagSpec("who", Template.parse("{count}-{event}"))),
            List.of(FieldSpec.of("event"), FieldSpec.of("user_id"), new FieldSpec(Template.parse("c_{count}"), "user_id")),
            RetentionPlan.AUTOGEN);
        Map<String, Role> expected = Map.of("event", Role.TAG, "user_id", Role.FIELD, "count", Role.IN_TEMPLATE, "session", Role.DROPPED);
        assertEquals(expected, l.roles(kind));
        expected.forEach((attribute, role) -> assertEquals(role, l.roleOf(attribute), attribute));
    }
}
