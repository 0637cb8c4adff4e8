package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SchemaInference;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one entry that decides how to project: each input kind gives the numbers the front ends printed before they
 * called it (the figures below are {@code cardinal analyze --format json} of the same input, as it printed them when
 * each front end chose its projector itself), and a layout that cannot be projected says why, in the order the front
 * ends checked it.
 */
class ProjectionsTest {
    private static final Path ADS = Path.of("sample-data", "ad-marketplace", "ad-marketplace.cardinal.json");
    private static final Path SUMMARIES = Path.of("src", "core", "src", "test", "resources", "summaries");

    private static Workspace ads() throws Exception {
        return WorkspaceFiles.load(ADS).workspace();
    }

    private static Sample read(Path file) throws IOException {
        return SampleReader.read(List.of(new SampleReader.Source(file, new SampleBinding("traffic", file.toString(),
            SampleReader.detectFormat(file), null, "ns", null, null, List.of()))), SampleLimits.defaults(), ReadMonitor.NONE);
    }

    private static ProjectionSettings settings(int days, double x) {
        return TestServer.settings(Duration.ofDays(days), x);
    }

    private static TrafficSummary summary(String name) throws IOException {
        return TrafficSummaryFile.read(SUMMARIES.resolve(name + TrafficSummary.EXTENSION));
    }

    /** Workspace layout {@code layout} projected, as the kind of result asked for. */
    private static <T extends Projected> T project(Class<T> kind, Workspace ws, String layout, ProjectionInput input,
                                                   ProjectionSettings settings) {
        return assertInstanceOf(kind, Projections.project(ws, ws.layout(layout).orElseThrow(), input, settings));
    }

    private static void range(long low, long high, Range r) {
        assertEquals(List.of(low, high), List.of(r.low(), r.high()));
    }

    @Test
    void rowsOfTheSampleDataGiveAnalyzesNumbers() throws Exception {
        Workspace ws = ads();
        Sample sample = SampleReader.read(SampleReader.sources(ADS, ws), SampleLimits.defaults(), ReadMonitor.NONE);
        ProjectionInput.Rows rows = ProjectionInput.rows(sample);
        Projected.Rows tags = project(Projected.Rows.class, ws, "ids-as-tags", rows, settings(365, 10));
        assertEquals(12_934, tags.projection().seriesNow());
        assertEquals(3_455_533, tags.projection().seriesAtHorizon());
        range(3_316_883, 3_485_925, tags.projection().seriesRange());
        assertEquals(Map.of("device", 5L, "event", 5L, "listing_id", 12_124L, "session_id", 664_630L, "user_id", 324_236L),
            tags.projection().tagsAtHorizon());
        assertSame(ws.eventKind("listing_event").orElseThrow(), tags.kind(), "the workspace's event kind");
        assertNull(tags.projection().estimate(), "exact");

        Projected.Rows fields = project(Projected.Rows.class, ws, "ids-as-fields", rows, settings(365, 10));
        assertEquals(5, fields.projection().seriesAtHorizon());
        assertSame(tags.index(), fields.index(), "one index per event kind serves every layout of it");
    }

    /**
     * Line protocol where every line is a new series (a request id in a tag, its few repeats on other hosts and
     * paths), with a bad line: exact, and estimated once the rows pass the threshold.
     */
    @Test
    void anExplosionOfSeriesGivesAnalyzesNumbers(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("explosion.lp");
        StringBuilder lp = new StringBuilder();
        long t0 = 1_700_000_000_000_000_000L;
        for (int i = 0; i < 6000; i++) {
            int requestId = i % 37 == 0 && i > 0 ? i / 2 : i;
            lp.append("req,host=h").append(i % 20).append(",request_id=r").append(requestId).append(",path=/p/").append(i * 7 % 400)
                .append(" latency=").append(i % 100).append(".5,code=").append(200 + (i % 3) * 100).append("i ")
                .append(t0 + i * 3_000_000_000L).append('\n');
            if (i == 1234) {
                lp.append("req,host=broken latency= not-a-line\n");
            }
        }
        Files.writeString(file, lp);
        Sample sample = read(file);
        assertEquals(1, sample.report().badLines());
        EventKindSample req = sample.eventKind("req").orElseThrow();
        Layout asWritten = SchemaInference.asWritten(req, "req-as-written");

        // no workspace: the event kind is inferred from the rows, as analyze FILE does
        Projected.Rows exact = assertInstanceOf(Projected.Rows.class,
            Projections.project(null, asWritten, ProjectionInput.rows(sample), settings(30, 1)));
        assertEquals("req", exact.kind().name());
        assertEquals(6000, exact.projection().seriesNow());
        assertEquals(864_144, exact.projection().seriesAtHorizon());
        assertEquals(Map.of("host", 20L, "path", 400L, "request_id", 5919L), exact.projection().now().tags());

        Layout idAField = asWritten.withRole("request_id", Role.FIELD);
        Projected.Rows closed = assertInstanceOf(Projected.Rows.class,
            Projections.project(null, idAField, ProjectionInput.rows(sample), settings(30, 1)));
        assertEquals(400, closed.projection().seriesNow());
        assertEquals(400, closed.projection().seriesAtHorizon());

        ProjectionInput.Rows estimated = ProjectionInput.rows(sample).counted(MeasureMode.AUTO, 1000, EstimatedMeasurer.DEFAULT_LG_K);
        Projected.Rows sketched = assertInstanceOf(Projected.Rows.class,
            Projections.project(null, asWritten, estimated, settings(30, 1)));
        assertNotNull(sketched.projection().estimate(), "6,000 rows are beyond 1,000: estimated");
        assertEquals(5974, sketched.projection().seriesNow());
        assertEquals(869_693, sketched.projection().seriesAtHorizon());
        range(830_476, 876_980, sketched.projection().seriesRange());
        Projected.Rows belowThreshold = assertInstanceOf(Projected.Rows.class, Projections.project(null, asWritten,
            ProjectionInput.rows(sample).counted(MeasureMode.AUTO, 10_000, EstimatedMeasurer.DEFAULT_LG_K), settings(30, 1)));
        assertNull(belowThreshold.projection().estimate(), "6,000 rows are within 10,000: exact");
    }

    @Test
    void aLayoutThatCannotBeProjectedSaysWhyInTheOrderTheFrontEndsCheckedIt() throws Exception {
        Workspace ws = ads();
        Layout tags = ws.layout("ids-as-tags").orElseThrow();
        Sample weather = read(Path.of("sample-data", "weather", "traffic.lp.gz"));
        ProjectionSettings settings = TestServer.settings();

        Layout elsewhere = new Layout(tags.id(), tags.name(), "no_such_kind", tags.measurement(), tags.tags(), tags.fields(),
            tags.retention());
        assertEquals(new NotProjected(NotProjected.Why.NO_EVENT_KIND, "no_such_kind", null),
            Projections.project(ws, elsewhere, ProjectionInput.rows(weather), settings), "the workspace first");
        assertEquals(new NotProjected(NotProjected.Why.NO_TRAFFIC, "listing_event", null),
            Projections.project(ws, tags, ProjectionInput.rows(weather), settings));
        assertEquals(NotProjected.Why.NO_TRAFFIC, ((NotProjected) Projections.project(ws, tags, ProjectionInput.none(),
            settings)).why(), "no sample read yet");

        Sample ads = SampleReader.read(SampleReader.sources(ADS, ws), SampleLimits.defaults(), ReadMonitor.NONE);
        Layout ghost = tags.withRole("ghost", Role.TAG).withRole("phantom", Role.FIELD);
        NotProjected missing = (NotProjected) Projections.project(null, ghost, ProjectionInput.rows(ads), settings);
        assertEquals(new NotProjected(NotProjected.Why.MISSING_ATTRIBUTE, "listing_event", "ghost"), missing,
            "the first attribute the layout uses that the rows lack");
        assertEquals("the sample of 'listing_event' has no attribute 'ghost'", missing.message());
        assertEquals(NotProjected.Why.MISSING_ATTRIBUTE, ((NotProjected) Projections.project(null, ghost,
            new ProjectionInput.Mapped(ProjectionInput.rows(ads), 1000), settings)).why(), "nor written as documents");

        assertEquals(new NotProjected(NotProjected.Why.NO_TRAFFIC, "listing_event", null),
            Projections.project(ws, tags, ProjectionInput.summaries(List.of(summary("weather"))), settings));
    }

    @Test
    void oneSummaryGivesAnalyzesNumbersAndAnUncoveredLayoutIsSaid() throws Exception {
        Workspace ws = ads();
        ProjectionInput.Summaries one = ProjectionInput.summaries(List.of(summary("ad-marketplace")));
        Projected.Summary tags = project(Projected.Summary.class, ws, "ids-as-tags", one, settings(30, 1));
        assertEquals("listing_event", tags.kind().name());
        assertEquals(12_934, tags.projection().series());
        assertEquals(27_808, tags.projection().seriesAtHorizon());
        assertEquals(Map.of("device", 5L, "event", 5L, "listing_id", 1875L, "session_id", 5071L, "user_id", 2973L),
            tags.projection().tagsAtHorizon());
        assertEquals(5, project(Projected.Summary.class, ws, "ids-as-fields", one, settings(30, 1)).projection().seriesAtHorizon());

        Layout twoAway = ws.layout("ids-as-tags").orElseThrow().withRole("session_id", Role.FIELD).withRole("user_id", Role.FIELD);
        assertEquals(new NotProjected(NotProjected.Why.NOT_COVERED, "listing_event", null),
            Projections.project(ws, twoAway, one, settings(30, 1)));
    }

    @Test
    void severalSummariesAreMergedAndEachMustHoldTheEventKind() throws Exception {
        Workspace ws = ads();
        ProjectionInput.Summaries halves = ProjectionInput.summaries(List.of(summary("ad-marketplace-first-half"),
            summary("ad-marketplace-second-half")));
        Projected.Merged tags = project(Projected.Merged.class, ws, "ids-as-tags", halves, settings(90, 1));
        assertEquals(2, tags.kinds().size());
        assertEquals(List.of(13_211L, 12_791L, 13_646L), List.of(tags.projection().series().rounded(),
            (long) Math.floor(tags.projection().series().lower()), (long) Math.ceil(tags.projection().series().upper())));
        assertEquals(86_079, tags.projection().seriesAtHorizon());
        assertEquals(Map.of("device", 5L, "event", 5L, "listing_id", 2828L, "session_id", 15_631L, "user_id", 8729L),
            tags.projection().tagsAtHorizon());
        assertEquals(5, project(Projected.Merged.class, ws, "ids-as-fields", halves, settings(90, 1)).projection().seriesAtHorizon());

        ProjectionInput.Summaries mixed = ProjectionInput.summaries(List.of(summary("ad-marketplace-first-half"), summary("weather")));
        assertEquals(NotProjected.Why.NO_TRAFFIC, ((NotProjected) Projections.project(ws, ws.layout("ids-as-tags").orElseThrow(),
            mixed, settings(90, 1))).why(), "not every summary holds listing_event");
    }

    /** Documents of four shapes, each a file of its own, as analyze --kind elasticsearch --tenant tenant counted them. */
    @Test
    void documentStreamsOfDifferentShapesGiveAnalyzesMappings(@TempDir Path dir) throws Exception {
        StringBuilder flat = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            flat.append(String.format("{\"@timestamp\": \"2024-01-01T00:%02d:%02dZ\", \"host\": \"h%d\", \"v\": %d}%n",
                i / 60 % 60, i % 60, i % 5, i));
        }
        StringBuilder tenants = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            String a = "k" + i % (40 + i % 7);
            String b = "k" + i * 13 % 97;
            String labels = a.equals(b) ? "\"" + a + "\": " + i : "\"" + a + "\": \"x\", \"" + b + "\": " + i;
            tenants.append("{\"time\": ").append(1_700_000_000_000L + i * 1000L).append(", \"tenant\": \"t").append(i % 7)
                .append("\", \"labels\": {").append(labels).append("}}\n");
            if (i == 10) {
                tenants.append("{not json\n");
            }
        }
        StringBuilder conflicts = new StringBuilder();
        String deep = "1";
        for (char c = 'u'; c >= 'a'; c--) {
            deep = "{\"" + c + "\": " + deep + "}";
        }
        for (int i = 0; i < 400; i++) {
            conflicts.append("{\"ts\": ").append(1_700_000_000 + i).append(", \"n\": ").append(i < 100 ? String.valueOf(i) : String.valueOf(i + 0.5))
                .append(", \"tag\": ").append(i % 3 != 0 ? "\"x\"" : "{\"inner\": " + i + "}")
                .append(i % 50 == 0 ? ", \"deep\": " + deep : "").append("}\n");
        }
        StringBuilder noTime = new StringBuilder();
        for (int i = 0; i < 1500; i++) {
            noTime.append("{\"id").append(i).append("\": ").append(i).append(", \"group\": {\"f").append(i % 300).append("\": true}}\n");
        }
        Map<String, StringBuilder> files = Map.of("flat", flat, "tenants", tenants, "conflicts", conflicts, "notime", noTime);
        Map<String, Projected.Mapping> mapped = new java.util.HashMap<>();
        for (Map.Entry<String, StringBuilder> f : files.entrySet()) {
            Path file = dir.resolve(f.getKey() + ".ndjson");
            Files.writeString(file, f.getValue());
            mapped.put(f.getKey(), Projections.documents(file, "tenant", DocumentMapping.DEFAULT_TOTAL_FIELDS));
        }
        // documents, fields, objects, multi-fields, fields the names want; refused for total fields, depth, type
        assertEquals(List.of(500L, 4L, 0L, 1L, 4L, 0L, 0L, 0L), figures(mapped.get("flat")));
        assertEquals(List.of(3000L, 134L, 1L, 34L, 134L, 0L, 0L, 609L), figures(mapped.get("tenants")));
        assertEquals(List.of(400L, 4L, 0L, 1L, 26L, 0L, 6L, 133L), figures(mapped.get("conflicts")));
        assertEquals(List.of(1500L, 1000L, 1L, 0L, 1801L, 801L, 0L, 0L), figures(mapped.get("notime")));
        assertEquals(700, mapped.get("notime").projection().firstLimitRefusal().document());
        assertEquals(List.of(DocumentMapping.Refusal.DEPTH, DocumentMapping.Refusal.TYPE),
            List.copyOf(mapped.get("conflicts").projection().refused().keySet()), "in the order of the reasons, every run");

        MappingProjection.Slots slots = mapped.get("tenants").projection().slots();
        assertEquals(List.of("labels", "7", "97", "97", "t4"), List.of(slots.object(), String.valueOf(slots.tenants()),
            String.valueOf(slots.distinctNames()), String.valueOf(slots.mostNames()), slots.busiest()));
        assertNull(mapped.get("flat").projection().slots(), "no tenant key in these documents");
        assertEquals(1, mapped.get("tenants").problems().size(), "the line that is not a document");
        assertEquals(12, mapped.get("tenants").problems().get(0).line());
        assertNotNull(mapped.get("flat").text(), "the text values the document rules read");
    }

    private static List<Long> figures(Projected.Mapping m) {
        MappingProjection p = m.projection();
        return List.of(p.documents(), p.fields(), p.objects(), p.multiFields(), p.wantedFields(),
            p.refused().getOrDefault(DocumentMapping.Refusal.TOTAL_FIELDS, 0L), p.refused().getOrDefault(DocumentMapping.Refusal.DEPTH, 0L),
            p.refused().getOrDefault(DocumentMapping.Refusal.TYPE, 0L));
    }

    @Test
    void aLayoutsRowsWrittenAsDocumentsAreMappedUnderTheInputsLimit() throws Exception {
        Workspace ws = ads();
        Sample sample = SampleReader.read(SampleReader.sources(ADS, ws), SampleLimits.defaults(), ReadMonitor.NONE);
        Layout tags = ws.layout("ids-as-tags").orElseThrow();
        SampleIndex index = new SampleIndex(sample.eventKind("listing_event").orElseThrow());
        for (long limit : new long[]{5, 1000}) {
            Projected.Mapping m = assertInstanceOf(Projected.Mapping.class, Projections.project(ws, tags,
                new ProjectionInput.Mapped(ProjectionInput.rows(sample), limit), TestServer.settings()));
            MappingProjection before = LayoutDocuments.project(tags, index, limit);
            assertEquals(limit, m.projection().limit());
            assertEquals(List.of(before.documents(), before.fields(), before.wantedFields(), before.refused().values().stream()
                .mapToLong(Long::longValue).sum()), List.of(m.projection().documents(), m.projection().fields(),
                m.projection().wantedFields(), m.projection().refused().values().stream().mapToLong(Long::longValue).sum()));
            assertNull(m.text());
        }
    }
}
