package dev.cardinal.lint;

import static dev.cardinal.lint.LintFixture.of;
import static dev.cardinal.lint.LintFixture.only;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Role;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each rule on the sample scenarios and on traffic made to show it; the good layouts come out clean. */
class LintTest {

    private static List<Finding> worthALook(List<Finding> findings) {
        return findings.stream().filter(f -> f.severity() != Severity.INFO).toList();
    }

    @Test
    void theGoodLayoutsAreClean() {
        assertEquals(List.of(), worthALook(LintFixture.scenario("ad-marketplace").lint("ids-as-fields")));
        assertEquals(List.of(), worthALook(LintFixture.scenario("weather").lint("three-tags")));
        assertEquals(List.of(), worthALook(LintFixture.scenario("custom-metrics").lint("fixed-slots")));
    }

    @Test
    void idsInTagsAreErrorsWithTheirGrowthAndAFixThatMakesThemFields() {
        LintFixture ads = LintFixture.scenario("ad-marketplace");
        List<Finding> findings = ads.lint("ids-as-tags");
        Finding user = only(findings, "tag-grows-with-traffic", "user_id");
        assertEquals(Severity.ERROR, user.severity());
        assertTrue(user.evidence().stream().anyMatch(e -> e.label().equals("distinct values in the sample")
            && e.value().equals("1,413")), user.evidence().toString());
        assertTrue(user.evidence().stream().anyMatch(e -> e.value().contains("Heaps")), user.evidence().toString());
        only(findings, "tag-grows-with-traffic", "session_id");
        assertTrue(of(findings, "tag-grows-with-traffic").stream().noneMatch(f -> f.subject().equals("event")));
        Workspace fixed = user.fix().applyTo(ads.workspace).orElseThrow();
        assertEquals(Role.FIELD, fixed.layout("ids-as-tags").orElseThrow().roleOf("user_id"));
        assertEquals(Role.TAG, ads.workspace.layout("ids-as-tags").orElseThrow().roleOf("user_id"), "the fix makes a new value");
        assertEquals(Severity.ERROR, findings.get(0).severity(), "worst first");
    }

    @Test
    void limitsReachedWithinTheHorizonSayWhichAndWhen() {
        LintFixture ads = LintFixture.scenario("ad-marketplace");
        ads.horizon = Duration.ofDays(800);
        try {
            List<Finding> findings = ads.lint("ids-as-tags");
            Finding values = only(findings, "limit-within-horizon", "session_id");
            assertEquals(Severity.ERROR, values.severity());
            assertTrue(values.message().contains("100,000"), values.message());
            assertTrue(values.message().contains("after "), values.message());
            Finding cloud = findings.stream().filter(f -> f.rule().equals("limit-within-horizon")
                && f.message().startsWith("InfluxDB Cloud (TSM) Free Plan")).findFirst().orElseThrow();
            assertEquals(Severity.WARNING, cloud.severity());
            assertTrue(cloud.message().contains("already within the sample"), cloud.message());
        } finally {
            ads.horizon = Duration.ofDays(30);
        }
    }

    @Test
    void dataInTheMeasurementNameIsMovedIntoTags() {
        LintFixture weather = LintFixture.scenario("weather");
        Finding f = only(weather.lint("data-in-measurement"), "data-in-measurement-name", "measurement");
        assertEquals(Severity.ERROR, f.severity());
        assertTrue(f.evidence().contains(new Evidence("measurements in the sample", "72")), f.evidence().toString());
        Layout fixed = f.fix().applyTo(weather.workspace).orElseThrow().layout("data-in-measurement").orElseThrow();
        assertEquals("weather", fixed.measurement().literalText());
        assertEquals(List.of("crop", "plot", "region"), fixed.tags().stream().map(TagSpec::key).toList());
        assertTrue(of(weather.lint(fixed), "data-in-measurement-name").isEmpty());
    }

    @Test
    void measurementsThatDifferOnlyInANumberAreDataInNames() {
        LintFixture weather = LintFixture.scenario("weather");
        Layout base = weather.layout("three-tags");
        Workspace ws = weather.workspace;
        for (int i = 1; i <= 3; i++) {
            ws = ws.withLayout(new Layout("plot" + i, "plot" + i, "weather", Template.literal("weather_plot" + i), List.of(),
                base.fields(), base.retention()));
        }
        Finding f = only(weather.with(ws).lint("plot2"), "data-in-measurement-name", "measurement");
        assertTrue(f.message().contains("weather_plot#"), f.message());
        assertTrue(of(weather.with(ws).lint("three-tags"), "data-in-measurement-name").isEmpty());
    }

    @Test
    void dataInFieldKeysOfClosedSetsMovesIntoTags() {
        LintFixture weather = LintFixture.scenario("weather");
        Finding f = only(weather.lint("data-in-field-keys"), "data-in-field-keys", "{crop}.plot-{plot}.{region}.temp");
        assertEquals(Severity.WARNING, f.severity(), "72 keys from closed sets: a warning");
        Layout fixed = f.fix().applyTo(weather.workspace).orElseThrow().layout("data-in-field-keys").orElseThrow();
        assertEquals(List.of(FieldSpec.of("temp")), fixed.fields());
        assertEquals(List.of("crop", "plot", "region"), fixed.tags().stream().map(TagSpec::key).toList());
    }

    @Test
    void fieldKeysThatGrowAreErrorsAndTheFixIsSlots() {
        LintFixture metrics = LintFixture.scenario("custom-metrics");
        Finding f = only(metrics.lint("metric-names-as-field-keys"), "data-in-field-keys", "{metric}");
        assertEquals(Severity.ERROR, f.severity());
        assertTrue(f.fix().title().contains("fixed slots per tenant"), f.fix().title());
        Layout fixed = f.fix().applyTo(metrics.workspace).orElseThrow().layout("metric-names-as-field-keys").orElseThrow();
        Template key = fixed.fields().get(0).key();
        assertTrue(key.parts().get(1) instanceof Template.SlotRef s && s.scope().equals(List.of("tenant")) && s.max() >= 10,
            key.pattern());
        assertTrue(worthALook(metrics.lint(fixed)).stream().noneMatch(x -> x.rule().equals("data-in-field-keys")));
    }

    @Test
    void severalFactsInOneTagAreSplit() {
        LintFixture weather = LintFixture.scenario("weather");
        Finding f = only(weather.lint("several-facts-in-one-tag"), "several-facts-in-one-tag", "location");
        Layout fixed = f.fix().applyTo(weather.workspace).orElseThrow().layout("several-facts-in-one-tag").orElseThrow();
        assertEquals(List.of("crop", "plot", "region"), fixed.tags().stream().map(TagSpec::key).toList());
    }

    @Test
    void valuesThatSplitAlikeOnASeparatorAreSeveralFacts(@TempDir Path dir) throws Exception {
        StringBuilder lp = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            lp.append("racks,place=").append(i % 2 == 0 ? "eu" : "us").append("/rack-").append(i).append(" load=1 ")
                .append(1_700_000_000_000_000_000L + i * 1_000_000_000L).append('\n');
        }
        Finding f = only(LintFixture.lineProtocol(dir, lp.toString()).lint("as-written"), "several-facts-in-one-tag", "place");
        assertTrue(f.message().contains("'/'"), f.message());
        assertFalse(f.fix().applicable());
    }

    @Test
    void identifiersAreCaughtByShapeOnASampleTooSmallToGrow(@TempDir Path dir) throws Exception {
        StringBuilder lp = new StringBuilder();
        String[] sessions = {"9f141231-4442-4ffe-be04-fb08012c7b22", "262400f9-5dd8-4727-bcb9-0538963531e7",
            "e9f6dce0-475b-4ca6-adf7-48d75a111255"};
        for (int i = 0; i < 300; i++) {
            lp.append("visits,sid=").append(sessions[i % 3]).append(",page=home hits=1i ")
                .append(1_700_000_000_000_000_000L + i * 1_000_000_000L).append('\n');
        }
        List<Finding> findings = LintFixture.lineProtocol(dir, lp.toString()).lint("as-written");
        Finding f = only(findings, "tag-looks-like-id", "sid");
        assertTrue(f.evidence().stream().anyMatch(e -> e.value().startsWith("uuid")), f.evidence().toString());
        assertTrue(of(findings, "tag-looks-like-id").stream().noneMatch(x -> x.subject().equals("page")));
        assertTrue(of(findings, "tag-grows-with-traffic").isEmpty(), "three sessions do not grow: the shape says it");
    }

    @Test
    void keywordsAndOddCharactersNeedQuotingAndATagNamedTimeIsAnError() {
        LintFixture weather = LintFixture.scenario("weather");
        Layout base = weather.layout("three-tags");
        Layout odd = new Layout("odd", "odd", "weather", Template.literal("weather"),
            List.of(new TagSpec("select", Template.ref("crop")), new TagSpec("my plot", Template.ref("plot")),
                new TagSpec("time", Template.ref("region"))),
            List.of(new FieldSpec(Template.literal("temp"), "temp")), base.retention());
        List<Finding> findings = weather.lint(odd);
        assertTrue(only(findings, "name-needs-quoting", "select").message().contains("InfluxQL keyword"));
        Finding spaced = only(findings, "name-needs-quoting", "my plot");
        assertEquals("rename it to my_plot", spaced.fix().title());
        assertEquals(Severity.ERROR, only(findings, "name-needs-quoting", "time").severity());
        assertTrue(of(weather.lint("three-tags"), "name-needs-quoting").isEmpty());
    }

    @Test
    void aNameUsedForATagAndAFieldClashes() {
        LintFixture weather = LintFixture.scenario("weather");
        Layout base = weather.layout("three-tags");
        List<FieldSpec> fields = new ArrayList<>(base.fields());
        fields.add(new FieldSpec(Template.literal("crop"), "temp"));
        Finding f = only(weather.lint(base.withFields(fields)), "tag-field-name-clash", "crop");
        Layout fixed = f.fix().applyTo(weather.workspace).orElseThrow().layout("three-tags").orElseThrow();
        assertTrue(fixed.tags().stream().anyMatch(t -> t.key().equals("crop_tag")));
    }

    @Test
    void aMeasureStoredAsATag() {
        LintFixture weather = LintFixture.scenario("weather");
        Layout tempAsTag = weather.layout("three-tags").withRole("temp", Role.TAG).withFields(
            List.of(new FieldSpec(Template.literal("reading"), "crop")));
        Finding f = only(weather.lint(tempAsTag), "number-as-tag", "temp");
        assertEquals(Role.FIELD, f.fix().applyTo(weather.workspace).orElseThrow().layout("three-tags").orElseThrow().roleOf("temp"));
        assertTrue(of(weather.lint("three-tags"), "number-as-tag").isEmpty(), "plot numbers are labels");
    }

    @Test
    void shardGroupsLongerThanTheRetentionOrShortForTheQueriesAreFlagged() {
        LintFixture weather = LintFixture.scenario("weather");
        Layout base = weather.layout("three-tags");
        Layout tooLong = base.withRetention(new RetentionPlan("short", Duration.ofDays(1), Duration.ofDays(7), 1));
        Finding f = only(weather.lint(tooLong), "shard-group-duration", "retention policy short");
        assertEquals(Severity.ERROR, f.severity());
        assertEquals(Duration.ofHours(1), f.fix().applyTo(weather.workspace).orElseThrow().layout("three-tags").orElseThrow()
            .retention().shardGroupDuration());
        LintFixture weekly = weather.with(weather.workspace);
        weekly.queryRange = Duration.ofDays(7);
        Layout daily = base.withRetention(new RetentionPlan("year", Duration.ofDays(365), Duration.ofDays(1), 1));
        Finding q = of(weekly.lint(daily), "shard-group-duration").stream()
            .filter(x -> x.severity() == Severity.WARNING).findFirst().orElseThrow();
        assertTrue(q.message().contains("read 1w at a time"), q.message());
        assertTrue(q.fix().title().endsWith("2w"), q.fix().title());
    }

    @Test
    void aRollupIntoInfluxThatGroupsByAFieldGoesToATable() {
        LintFixture ads = LintFixture.scenario("ad-marketplace");
        Rollup daily = ads.workspace.rollups().get(0);
        Rollup intoInflux = new Rollup(daily.id(), daily.name(), daily.layout(), daily.window(), daily.aggregates(),
            daily.groupBy(), new Rollup.Destination(Rollup.DestinationKind.RETENTION_POLICY, "daily", Duration.ZERO));
        Workspace ws = new Workspace(ads.workspace.name(), ads.workspace.eventKinds(), ads.workspace.layouts(),
            ads.workspace.samples(), List.of(intoInflux), ads.workspace.targets(), ads.workspace.canvas());
        Finding f = only(ads.with(ws).lint("ids-as-fields"), "rollup-groups-by-field", "rollup listing-daily");
        assertEquals(Severity.ERROR, f.severity());
        assertTrue(f.message().contains("listing_id"), f.message());
        Rollup fixed = f.fix().applyTo(ws).orElseThrow().rollups().get(0);
        assertEquals(Rollup.DestinationKind.RELATIONAL_TABLE, fixed.destination().kind());
        assertEquals("listing_daily", fixed.destination().name());
    }

    @Test
    void fieldTypeConflictsInTheSampleAreErrors(@TempDir Path dir) throws Exception {
        String lp = "m,host=a load=1 1700000000000000000\nm,host=a load=2i 1700000001000000000\n"
            + "m,host=b load=3 1700000002000000000\n";
        Finding f = only(LintFixture.lineProtocol(dir, lp).lint("as-written"), "field-type-conflict", "load");
        assertEquals(Severity.ERROR, f.severity());
        assertTrue(f.evidence().get(1).value().contains(":2:"), f.evidence().toString());
    }

    @Test
    void everyRuleHasAnIdAndADescription() {
        assertEquals(13, Linter.rules().size());
        assertEquals(13, Linter.rules().stream().map(Rule::id).distinct().count());
        Linter.rules().forEach(r -> assertFalse(r.description().isBlank(), r.id()));
    }
}
