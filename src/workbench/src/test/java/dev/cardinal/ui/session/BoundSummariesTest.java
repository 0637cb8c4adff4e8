package dev.cardinal.ui.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.SummaryProjection;
import dev.cardinal.projection.SummaryProjector;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.ReadReport;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SummaryCoverage;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
import dev.cardinal.ui.projection.ProjectionRows;
import dev.cardinal.ui.projection.SummaryShown;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A traffic summary bound like a sample, without the toolkit: how it is bound, saved and told apart from row samples,
 * what is refused beside it, and what the projection panel shows of a layout it covers and of one it does not.
 */
class BoundSummariesTest {
    private static final Path SUMMARY = Path.of("src/core/src/test/resources/summaries/ad-marketplace.summary.json");
    private static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    private static Workspace ads() throws Exception {
        return WorkspaceFiles.load(ADS).workspace();
    }

    private static Workspace withSamples(Workspace ws, List<SampleBinding> samples) {
        return new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), samples, ws.rollups(), ws.targets(), ws.canvas());
    }

    private static SampleBinding summaryBinding(String path) {
        return new SampleBinding("s", path, SampleFormat.SUMMARY, null, "ns", null, null, List.of());
    }

    private static Sample noRows() {
        return new Sample(List.of(), new ReadReport(0, 0, 0, 0, List.of(), 0, 0, false));
    }

    @Test
    void aSummaryIsASampleBindingOfItsOwnFormatSavedAndReadWithARelativePath(@TempDir Path dir) throws Exception {
        assertEquals(SampleFormat.SUMMARY, SampleFormat.fromFileName("ads-90d.summary.json").orElseThrow());
        assertEquals(SampleFormat.NDJSON, SampleFormat.fromFileName("events.json").orElseThrow());
        Path file = dir.resolve("ads.cardinal.json");
        Workspace ws = withSamples(ads(), List.of(SampleBinding.lineProtocol("t", "traffic.lp.gz", "ns"), summaryBinding("ads.summary.json")));
        WorkspaceFiles.save(file, ws);
        Workspace read = WorkspaceFiles.load(file).workspace();
        assertEquals(ws.samples(), read.samples());
        assertEquals(List.of("traffic.lp.gz"), SampleReader.sources(file, read).stream().map(s -> s.path().getFileName().toString()).toList(),
            "the readers of rows never see the summary");
        assertEquals(List.of(dir.resolve("ads.summary.json")), SampleReader.summaries(file, read).stream().map(SampleReader.Source::path).toList());

        // given to a reader of rows anyway (cardinal infer S.summary.json), it is a problem of the file, not a crash
        Sample none = SampleReader.read(List.of(new SampleReader.Source(SUMMARY, summaryBinding(SUMMARY.toString()))),
            SampleLimits.defaults(), ReadMonitor.NONE);
        assertEquals(0, none.report().points());
        assertTrue(none.report().problems().get(0).toString().contains("a traffic summary holds counts, not rows"),
            none.report().problems().toString());
    }

    @Test
    void aSummaryIsRefusedBesideRowsOfItsEventKindOrForAnEventKindTheWorkspaceLacks(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("ads.cardinal.json");
        Files.copy(SUMMARY, dir.resolve("ads.summary.json"));
        Workspace ws = withSamples(ads(), List.of(summaryBinding("ads.summary.json")));
        List<SampleReader.Source> bound = SampleReader.summaries(file, ws);
        assertEquals(1, new BoundSummaries().check(ws, noRows(), bound).size());

        Sample rows = SampleReader.read(SampleReader.sources(ADS, ads()), SampleLimits.defaults(), ReadMonitor.NONE);
        IOException mixed = assertThrows(IOException.class, () -> new BoundSummaries().check(ws, rows, bound));
        assertTrue(mixed.getMessage().contains("already give as rows"), mixed.getMessage());

        Workspace empty = withSamples(Workspace.empty("untitled"), ws.samples());
        IOException foreign = assertThrows(IOException.class, () -> new BoundSummaries().check(empty, noRows(), bound));
        assertTrue(foreign.getMessage().contains("which this workspace does not describe"), foreign.getMessage());

        Files.copy(SUMMARY, dir.resolve("again.summary.json"));
        Workspace twice = withSamples(ads(), List.of(summaryBinding("ads.summary.json"), summaryBinding("again.summary.json")));
        IOException two = assertThrows(IOException.class, () -> new BoundSummaries().check(twice, noRows(), SampleReader.summaries(file, twice)));
        assertTrue(two.getMessage().contains("both hold traffic of listing_event"), two.getMessage());
    }

    @Test
    void aSummaryChangedOnDiskIsReadAgain(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("ads.summary.json");
        Files.copy(SUMMARY, f);
        BoundSummaries summaries = new BoundSummaries();
        TrafficSummary first = summaries.load(f).summary();
        assertTrue(first == summaries.load(f).summary(), "read once while unchanged");
        Files.writeString(f, "{\"format\": \"cardinal-traffic-summary\", \"version\": 9}");
        Files.setLastModifiedTime(f, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        IOException newer = assertThrows(IOException.class, () -> summaries.load(f));
        assertTrue(newer.getMessage().contains("summary format version 9"), newer.getMessage());
    }

    @Test
    void aSummaryIsReadOnceUntilItIsReplacedOnDiskOrNoLongerBound(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("ads.summary.json");
        Files.copy(SUMMARY, f);
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        BoundSummaries summaries = new BoundSummaries(file -> {
            reads.incrementAndGet();
            return TrafficSummaryFile.read(file);
        });
        Path file = dir.resolve("ads.cardinal.json");
        Workspace ws = withSamples(ads(), List.of(summaryBinding("ads.summary.json")));
        summaries.check(ws, noRows(), SampleReader.summaries(file, ws));
        TrafficSummary first = summaries.of("listing_event", List.of(f)).orElseThrow().summary();
        summaries.load(dir.resolve(".").resolve("ads.summary.json"));
        summaries.retain(List.of(f));
        assertEquals(1, reads.get(), "the check, the projection and the Compare tab share one read");
        assertEquals(1, summaries.reads());
        assertTrue(summaries.of("weather", List.of(f)).isEmpty());
        assertEquals(1, reads.get());

        // replaced as a writer replaces a file (a new file moved over it), with the same size and time of change
        Path next = dir.resolve("next.json");
        Files.copy(SUMMARY, next);
        Files.setLastModifiedTime(next, Files.getLastModifiedTime(f));
        Files.move(next, f, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        TrafficSummary replaced = summaries.load(f).summary();
        assertTrue(replaced != first, "another file: read again");
        assertEquals(2, reads.get());
        Files.setLastModifiedTime(f, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        summaries.load(f);
        assertEquals(3, reads.get(), "touched: read again");

        summaries.retain(List.of());
        summaries.load(f);
        assertEquals(4, reads.get(), "no longer bound, then bound again: read again");
        assertEquals(4, summaries.reads());
    }

    @Test
    void aCoveredLayoutShowsTheSummarysNumbersAndAnUncoveredOneTheRerunCommand() throws Exception {
        Workspace ws = ads();
        TrafficSummary summary = TrafficSummaryFile.read(SUMMARY);
        TrafficSummary.Kind kind = summary.eventKind("listing_event").orElseThrow();
        Layout layout = ws.layout("ids-as-tags").orElseThrow();
        ProjectionSettings settings = dev.cardinal.engines.ServerFor.defaults();

        SummaryShown covered = SummaryShown.of("ads.summary.json", summary, layout, settings, "ads.cardinal.json");
        SummaryProjection p = new SummaryProjector(kind).project(layout, settings).orElseThrow();
        assertNull(covered.uncovered());
        assertEquals(20_000, covered.rows());
        Map<String, String> rows = ProjectionRows.of(covered).stream()
            .collect(Collectors.toMap(ProjectionRows.Row::what, ProjectionRows.Row::now));
        assertEquals(Quantities.count(p.series()), rows.get("series"));
        assertEquals(Quantities.count(p.tags().get("user_id")), rows.get("values of tag user_id"));
        for (String needsRows : List.of("measurements", "field keys", "points per series", "index memory (inmem)")) {
            assertEquals(ProjectionRows.NOT_IN_SUMMARY, rows.get(needsRows), needsRows);
        }

        Layout twoAway = layout.withRole("user_id", Role.FIELD).withRole("session_id", Role.FIELD);
        SummaryShown uncovered = SummaryShown.of("ads.summary.json", summary, twoAway, settings, "ads.cardinal.json");
        assertNull(uncovered.projection());
        assertTrue(uncovered.uncovered().startsWith("Not covered by ads.summary.json"), uncovered.uncovered());
        assertEquals("cardinal summarize INPUT... --workspace ads.cardinal.json -o SUMMARY.summary.json (on a cluster: spark-submit"
            + " --class dev.cardinal.spark.SummarizeJob cardinal-summarize.jar --workspace ads.cardinal.json --out"
            + " SUMMARY.summary.json INPUT...)", uncovered.rerun());
        assertEquals(SummaryCoverage.rerunText("ads.cardinal.json"), uncovered.rerun());
        assertEquals("'my workspace.cardinal.json'", SummaryCoverage.shell(List.of("my workspace.cardinal.json")));
    }
}
