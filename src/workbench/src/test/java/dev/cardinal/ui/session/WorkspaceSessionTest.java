package dev.cardinal.ui.session;

import dev.cardinal.lint.Finding;
import dev.cardinal.model.Role;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.Projection;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.ui.projection.LiveProjection;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window's view model without the toolkit: role edits re-project to the exact series count (checked against a
 * plain count over the sample file), undo restores it, and saving writes what was edited.
 */
class WorkspaceSessionTest {
    private static final Path WORKSPACE = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");
    private static final Path TRAFFIC = Path.of("sample-data/ad-marketplace/traffic.lp.gz");

    /** The test thread plays the UI thread: results queue here and run when the test waits for them. */
    private final BlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
    private final WorkspaceSession session = new WorkspaceSession(ui::add);

    @AfterEach
    void close() {
        session.close();
    }

    private Projection awaitProjection() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (session.projection().staleProperty().get()) {
            Runnable r = ui.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            assertNotNull(r, "no projection within 30 s");
            r.run();
        }
        LiveProjection.Shown shown = session.projection().shownProperty().get();
        assertNotNull(shown.projection(), shown.message());
        return shown.projection();
    }

    private void open() throws Exception {
        session.show(WorkspaceOpener.open(WORKSPACE, true, SampleLimits.defaults(), ReadMonitor.NONE, session.summaries()));
    }

    /** Distinct series keys in the sample file when the tag {@code without} is not written: a plain count. */
    private static long seriesWithout(String... without) throws IOException {
        Set<String> keys = new HashSet<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(TRAFFIC)),
            StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String seriesKey = line.substring(0, line.indexOf(' '));
                StringBuilder kept = new StringBuilder();
                for (String part : seriesKey.split(",")) {
                    if (java.util.Arrays.stream(without).noneMatch(w -> part.startsWith(w + "="))) {
                        kept.append(part).append(',');
                    }
                }
                keys.add(kept.toString());
            }
        }
        return keys.size();
    }

    @Test
    void makingATagAFieldReprojectsToTheExactSeriesCountAndUndoRestoresIt() throws Exception {
        open();
        assertEquals("ids-as-tags", session.selectedLayoutProperty().get().id());
        long allTags = awaitProjection().now().series();
        assertEquals(seriesWithout("no-such-tag"), allTags);

        assertTrue(session.edits().setRole("session_id", Role.FIELD));
        assertEquals("Undo: make session_id a field", session.history().undoTextProperty().get());
        assertTrue(session.history().isDirty());
        assertTrue(session.titleProperty().get().endsWith(" *"), session.titleProperty().get());
        Projection p = awaitProjection();
        assertEquals(seriesWithout("session_id"), p.now().series());
        assertTrue(p.now().series() < allTags);
        assertEquals("field", session.attributes().stream().filter(a -> a.name().equals("session_id")).findFirst().orElseThrow().role());
        assertFalse(p.now().tags().containsKey("session_id"));

        session.history().undo();
        assertEquals(allTags, awaitProjection().now().series());
        assertFalse(session.history().isDirty());
        assertEquals("Redo: make session_id a field", session.history().redoTextProperty().get());

        session.history().redo();
        assertEquals(seriesWithout("session_id"), awaitProjection().now().series());
    }

    @Test
    void renameKeyIsOneEditInPlace() throws Exception {
        open();
        dev.cardinal.model.Layout before = session.selectedLayoutProperty().get();
        List<String> tagKeys = before.tags().stream().map(dev.cardinal.model.TagSpec::key).toList();
        int at = tagKeys.indexOf("listing_id");
        assertTrue(at >= 0, tagKeys.toString());
        assertTrue(session.edits().renameKey(before.id(), "listing_id", "listing"));
        dev.cardinal.model.Layout renamed = session.workspace().layout(before.id()).orElseThrow();
        assertEquals("listing", renamed.tags().get(at).key(), "written under the new key in the old key's place");
        assertEquals("{listing_id}", renamed.tags().get(at).value().pattern());
        assertEquals(tagKeys.size(), renamed.tags().size());
        assertEquals("Undo: write listing_id as listing in " + before.name(), session.history().undoTextProperty().get());

        session.history().undo();
        assertEquals(before, session.workspace().layout(before.id()).orElseThrow(), "one undo gives the plain key back");

        String field = before.fields().stream().filter(dev.cardinal.model.FieldSpec::isPlain).findFirst().orElseThrow().attribute();
        assertTrue(session.edits().renameKey(before.id(), field, "n"));
        assertEquals("n", session.workspace().layout(before.id()).orElseThrow().fields().stream()
            .filter(f -> f.attribute().equals(field)).findFirst().orElseThrow().key().pattern());
        session.history().undo();
        assertEquals(before, session.workspace().layout(before.id()).orElseThrow());
    }

    @Test
    void theNextToggleIsProjectedAheadAndIsWhatAFreshProjectionSays() throws Exception {
        open();
        awaitFindings();
        session.projection().settled().get(30, TimeUnit.SECONDS);
        long used = session.projection().aheadUsed();
        long atOnce = session.projection().undebounced();
        assertTrue(session.edits().setRole("user_id", Role.FIELD));
        Projection p = awaitProjection();
        assertEquals(used + 1, session.projection().aheadUsed(), "the toggle was projected before it was made");
        assertEquals(atOnce + 1, session.projection().undebounced(), "so it is shown without waiting for the debounce");
        assertEquals(seriesWithout("user_id"), p.now().series());
        var opened = WorkspaceOpener.open(WORKSPACE, true, SampleLimits.defaults(), ReadMonitor.NONE, session.summaries());
        var kind = opened.workspace().eventKind("listing_event").orElseThrow();
        var index = new dev.cardinal.projection.SampleIndex(opened.sample().eventKind("listing_event").orElseThrow());
        Projection fresh = dev.cardinal.projection.Projector.interactive(index).project(kind, session.selectedLayoutProperty().get(),
            session.settingsProperty().get());
        // ahead or not, the same projection
        assertEquals(fresh.layout(), p.layout());
        assertEquals(java.util.Arrays.asList(fresh.now().series(), fresh.now().shardGroupSeries(), fresh.now().tags(), fresh.now().fieldKeys()),
            java.util.Arrays.asList(p.now().series(), p.now().shardGroupSeries(), p.now().tags(), p.now().fieldKeys()));
        assertEquals(fresh.seriesAtHorizon(), p.seriesAtHorizon());
        assertEquals(fresh.tagsAtHorizon(), p.tagsAtHorizon());
        assertEquals(fresh.memoryAtHorizon(), p.memoryAtHorizon());
        assertEquals(fresh.limits(), p.limits());
        assertEquals(fresh.attributes().toString(), p.attributes().toString(), "roles, distinct values and fitted models");

        // a string field made a tag is projected ahead too; a change of horizon is not, and is computed
        awaitFindings();
        session.projection().settled().get(30, TimeUnit.SECONDS);
        assertTrue(session.edits().setRole("page_url", Role.TAG));
        awaitProjection();
        assertEquals(used + 2, session.projection().aheadUsed());
        assertEquals(atOnce + 2, session.projection().undebounced());
        session.changeSettings(new dev.cardinal.projection.ProjectionSettings(java.time.Duration.ofDays(365),
            session.settingsProperty().get().trafficMultiplier(), session.settingsProperty().get().limits(),
            session.settingsProperty().get().server()),
            session.mappingLimitProperty().get());
        awaitProjection();
        assertEquals(used + 2, session.projection().aheadUsed());
        assertEquals(atOnce + 2, session.projection().undebounced(), "a projection not made ahead waits for the debounce");

        // captured traffic replaces the sample every second: nothing is projected ahead of it
        session.showLiveSample(session.openedProperty().get().sample());
        awaitFindings();
        session.projection().settled().get(30, TimeUnit.SECONDS);
        assertTrue(session.edits().setRole("device", Role.FIELD));
        awaitProjection();
        assertEquals(used + 2, session.projection().aheadUsed(), "computed, not taken from ahead");
    }

    private List<Finding> awaitFindings() throws InterruptedException {
        awaitProjection();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        // findings follow the projection on the same worker: drain until the worker has handed them over
        while (true) {
            Runnable r = ui.poll(Math.min(200_000_000L, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (r == null) {
                return session.projection().findingsProperty().get();
            }
            r.run();
        }
    }

    @Test
    void applyingAFindingsFixMakesTheFindingDisappearAndUndoBringsItBack() throws Exception {
        open();
        List<Finding> before = awaitFindings();
        Finding userIdTag = before.stream().filter(f -> f.subject().equals("session_id") && f.fix().applicable()
            && f.rule().equals("tag-grows-with-traffic")).findFirst().orElseThrow(() -> new AssertionError(before));
        assertEquals("make session_id a field", userIdTag.fix().title());
        assertTrue(session.applyFix(userIdTag));
        assertEquals("Undo: make session_id a field", session.history().undoTextProperty().get());
        List<Finding> after = awaitFindings();
        assertTrue(after.stream().noneMatch(f -> f.rule().equals(userIdTag.rule()) && f.subject().equals("session_id")), after.toString());
        assertEquals(Role.FIELD, session.selectedLayoutProperty().get().roleOf("session_id"));
        session.history().undo();
        assertTrue(awaitFindings().stream().anyMatch(f -> f.rule().equals(userIdTag.rule()) && f.subject().equals("session_id")));
    }

    @Test
    void undoAndRedoPastTheSamplesKeptReadTheWorkspacesTrafficAgain(@TempDir Path dir) throws Exception {
        Files.copy(WORKSPACE, dir.resolve("ads.cardinal.json"));
        Files.copy(TRAFFIC, dir.resolve("traffic.lp.gz"));
        session.show(WorkspaceOpener.open(dir.resolve("ads.cardinal.json"), true, SampleLimits.defaults(), ReadMonitor.NONE, session.summaries()));
        assertEquals(20_000, awaitProjection().now().points());
        List<Long> pointsAfter = new java.util.ArrayList<>();
        java.util.concurrent.atomic.AtomicInteger readAgain = new java.util.concurrent.atomic.AtomicInteger();
        session.readSamplesWith((sources, done) -> {
            readAgain.incrementAndGet();
            SampleReading.HERE.read(sources, done);
        });
        for (int n = 1; n <= SampleCache.KEPT + 1; n++) {
            Path more = Files.writeString(dir.resolve("more" + n + ".lp"), "listing_event,event=view,user_id=u" + n + " count=1i " + n + "\n");
            session.showAdded(WorkspaceOpener.addSamples(session.file(), session.workspace(), List.of(more), List.of(),
                SampleLimits.defaults(), ReadMonitor.NONE, session.summaries()), "add more" + n);
            pointsAfter.add(awaitProjection().now().points());
        }
        assertEquals(List.of(20_001L, 20_002L, 20_003L, 20_004L), pointsAfter);
        for (int n = SampleCache.KEPT + 1; n >= 1; n--) {
            session.history().undo();
            assertEquals(20_000 + n - 1, awaitProjection().now().points(), "after undoing more" + n);
            assertEquals(20_000 + n - 1, session.openedProperty().get().sample().report().points());
        }
        assertTrue(readAgain.get() >= 1, "the first samples were no longer kept: read again");
        int reads = readAgain.get();
        session.history().redo();
        assertEquals(20_001, awaitProjection().now().points());
        assertEquals(reads, readAgain.get(), "the sample just read is kept");
    }

    @Test
    void addingTrafficFilesAddsTheirEventKindsAsAnUndoableEditAndWithoutAWorkspaceMakesOne(@TempDir Path dir) throws Exception {
        Path weather = Files.copy(Path.of("sample-data/weather/traffic.lp.gz"), dir.resolve("weather.lp.gz"));
        // line 3 is kept, as the server keeps it, with a warning: a NUL in a tag value
        Path bad = Files.writeString(dir.resolve("clicks.lp"), "click,page=a n=1i 1\nclick,page=b n= 2\nclick,page=c\0d n=3i 3\n");
        open();
        awaitProjection();
        session.showAdded(WorkspaceOpener.addSamples(session.file(), session.workspace(), List.of(weather, bad), List.of(), SampleLimits.defaults(),
            ReadMonitor.NONE, session.summaries()), "add 2 sample files");
        assertEquals("Undo: add 2 sample files", session.history().undoTextProperty().get());
        assertEquals(3, session.workspace().samples().size());
        assertTrue(session.workspace().eventKind("click").isPresent());
        assertTrue(session.workspace().layoutsOf("click").stream().anyMatch(l -> l.id().equals("click-as-written")));
        assertTrue(session.problems().stream().anyMatch(p -> p.startsWith(bad + ":2:")), session.problems().toString());
        assertTrue(session.problems().stream().anyMatch(p -> p.startsWith(bad + ":3:") && p.contains("warning: a NUL")),
            session.problems().toString());
        assertEquals("ids-as-tags", session.selectedLayoutProperty().get().id(), "the selection stays");
        session.history().undo();
        assertEquals(1, session.workspace().samples().size());

        WorkspaceSession fresh = new WorkspaceSession(ui::add);
        try {
            Path file = dir.resolve("weather.cardinal.json");
            fresh.showAdded(WorkspaceOpener.addSamples(file, null, List.of(weather), List.of(), SampleLimits.defaults(), ReadMonitor.NONE, fresh.summaries()), "add");
            assertTrue(fresh.history().isDirty(), "made from traffic, not saved yet");
            assertFalse(fresh.history().canUndoProperty().get());
            assertEquals("weather.lp.gz", fresh.workspace().samples().get(0).path());
            saveNow(fresh, fresh.file());
            assertEquals(fresh.workspace(), WorkspaceFiles.load(file).workspace());
        } finally {
            fresh.close();
        }
    }

    @Test
    void aRenamedLayoutsIdFollowsItsNameWithWhatReadsIt() throws Exception {
        open();
        awaitProjection();
        // a rollup that reads a renamed layout follows it, in the same edit
        assertTrue(session.edits().renameLayout("ids-as-fields", "ids in fields"));
        assertEquals("ids in fields", session.workspace().layout("ids-in-fields").orElseThrow().name());
        assertEquals("ids-in-fields", session.workspace().rollups().get(0).layout());
        session.history().undo();
        assertEquals("ids-as-fields", session.workspace().rollups().get(0).layout(), "one edit, undone at once");
        // a duplicate's id follows its new name, so its generated files are named after it (issue 34)
        String copy = session.edits().duplicateLayout("ids-as-fields");
        assertTrue(session.edits().renameLayout(copy, "hashed ids"));
        assertEquals("hashed ids", session.workspace().layout("hashed-ids").orElseThrow().name());
        assertTrue(session.workspace().layout(copy).isEmpty(), copy);
        assertEquals("hashed-ids", session.selectedLayoutProperty().get().id());
    }

    @Test
    void aNewLayoutWritesEverythingAsFieldsAndCanBeRenamedTemplatedAndDeleted() throws Exception {
        open();
        awaitProjection();
        String made = session.edits().newLayout("listing_event");
        assertEquals("listing-event-layout", made);
        assertEquals(made, session.selectedLayoutProperty().get().id(), "the new layout is selected");
        Projection p = awaitProjection();
        assertEquals(1, p.now().series(), "no tags: one series");
        assertEquals(7, p.now().fieldKeys());
        assertTrue(session.workspace().canvas().containsKey(made), "placed on the canvas");

        assertTrue(session.edits().renameLayout(made, "  by event  "));
        // the id Cardinal made from the name follows it, with the canvas place, and the layout stays selected
        assertTrue(session.workspace().layout(made).isEmpty());
        String id = "by-event";
        assertEquals("by event", session.workspace().layout(id).orElseThrow().name());
        assertTrue(session.workspace().canvas().containsKey(id));
        assertEquals(id, session.selectedLayoutProperty().get().id());
        assertEquals("Undo: rename listing-event-layout to by event", session.history().undoTextProperty().get());

        assertTrue(session.edits().setMeasurement(id, "events_{event}"));
        assertEquals(5, awaitProjection().now().measurements(), "one measurement per event type");
        assertThrows(dev.cardinal.model.TemplateException.class, () -> session.edits().setMeasurement(id, "events_{nope}"));
        assertThrows(dev.cardinal.model.TemplateException.class, () -> session.edits().setMeasurement(id, "events_{event"));

        assertEquals("rollup listing-daily reads ids-as-fields; delete or move the rollup first", session.edits().deleteLayout("ids-as-fields"));
        assertEquals(null, session.edits().deleteLayout(id));
        assertTrue(session.workspace().layout(id).isEmpty());
        assertFalse(session.workspace().canvas().containsKey(id));
        session.history().undo();
        assertEquals("by event", session.workspace().layout(id).orElseThrow().name(), "undo brings it back");
    }

    @Test
    void templatedTagsAndFieldsAreProjectedAndBadTemplatesRefused() throws Exception {
        open();
        awaitProjection();
        String id = session.edits().newLayout("listing_event");
        awaitProjection();
        // several facts in one tag, and data in field keys: both measurable
        assertTrue(session.edits().putTag(id, "what", "{event}-{device}"));
        assertEquals(25, awaitProjection().now().series(), "5 events x 5 devices, if every pair occurs");
        assertTrue(session.edits().putField(id, "{event}.count", "count"));
        Projection p = awaitProjection();
        assertEquals(7 + 5, p.now().fieldKeys(), "the 7 plain fields and one count per event");
        assertThrows(dev.cardinal.model.TemplateException.class, () -> session.edits().putTag(id, "x", "{nope}"));
        assertThrows(dev.cardinal.model.TemplateException.class, () -> session.edits().putField(id, "{event}.x", "nope"));
        assertTrue(session.edits().removeTagOrField(id, "what"));
        assertEquals(1, awaitProjection().now().series());
        assertTrue(session.edits().removeTagOrField(id, "{event}.count"));
        assertEquals(7, awaitProjection().now().fieldKeys());
    }

    @Test
    void aNewWorkspaceGetsItsEventKindsFromTrafficAndIsSavedWhereTheUserSays(@TempDir Path dir) throws Exception {
        session.newWorkspace();
        assertEquals("Cardinal — untitled (not saved yet)", session.titleProperty().get(), "nothing in it yet, nothing to lose");
        assertTrue(session.workspace().layouts().isEmpty());
        Path weather = Files.copy(Path.of("sample-data/weather/traffic.lp.gz"), dir.resolve("weather.lp.gz"));
        Path file = dir.resolve("untitled.cardinal.json");
        session.showAdded(WorkspaceOpener.addSamples(file, session.workspace(), List.of(weather), List.of(), SampleLimits.defaults(), ReadMonitor.NONE, session.summaries()),
            "add sample weather.lp.gz");
        assertEquals("weather-as-written", session.selectedLayoutProperty().get() == null ? null
            : session.workspace().layouts().get(0).id());
        assertTrue(awaitProjection().now().series() > 0);
        saveNow(session, file);
        assertEquals(session.workspace(), WorkspaceFiles.load(file).workspace());
        assertFalse(session.history().isDirty());
    }

    @Test
    void quickEditsAreDebouncedAndTheNewestWins() throws Exception {
        open();
        awaitProjection();
        for (String id : List.of("session_id", "user_id", "listing_id")) {
            session.edits().setRole(id, Role.FIELD);
        }
        Projection p = awaitProjection();
        assertEquals(Set.of("event", "device"), p.now().tags().keySet());
        assertEquals(session.selectedLayoutProperty().get(), p.layout(), "the panel shows the newest layout");
        assertEquals(seriesWithout("session_id", "user_id", "listing_id"), p.now().series());
    }

    @Test
    void saveWritesTheEditedLayoutAndSaveAsKeepsTheSampleReachable(@TempDir Path dir) throws Exception {
        Path copy = dir.resolve("ws.cardinal.json");
        Files.copy(WORKSPACE, copy);
        Files.copy(TRAFFIC, dir.resolve("traffic.lp.gz"));
        session.show(WorkspaceOpener.open(copy, true, SampleLimits.defaults(), ReadMonitor.NONE, session.summaries()));
        session.edits().setRole("user_id", Role.FIELD);
        saveNow(session, session.file());
        assertFalse(session.history().isDirty());
        assertFalse(session.titleProperty().get().endsWith(" *"));
        assertEquals(Role.FIELD, WorkspaceFiles.load(copy).workspace().layout("ids-as-tags").orElseThrow().roleOf("user_id"));
        assertTrue(Files.exists(WorkspaceFiles.backupOf(copy)), "the previous version is kept");

        Path elsewhere = Files.createDirectories(dir.resolve("reviews/today")).resolve("renamed.cardinal.json");
        saveNow(session, elsewhere);
        assertEquals(elsewhere, session.file());
        WorkspaceOpener.Opened reopened = WorkspaceOpener.open(elsewhere, true, SampleLimits.defaults(), ReadMonitor.NONE, session.summaries());
        assertEquals("../../traffic.lp.gz", reopened.workspace().samples().get(0).path());
        assertEquals(20_000, reopened.sample().report().points(), "the moved workspace still reads its traffic");
        assertEquals(Role.FIELD, reopened.workspace().layout("ids-as-tags").orElseThrow().roleOf("user_id"));
    }

    /** Saves as File > Save does, its write run here instead of on the files lane. */
    private static void saveNow(WorkspaceSession session, Path target) throws java.io.IOException {
        dev.cardinal.ui.session.Saving saving = session.saving(target);
        saving.write();
        session.saved(saving);
    }
}
