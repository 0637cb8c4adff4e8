package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.cli.CliRun;
import dev.cardinal.model.Role;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.SummaryCoverage;
import dev.cardinal.ui.compare.FindingRows;
import dev.cardinal.ui.compare.MetricsGrid;
import dev.cardinal.ui.compare.ReviewRows;
import dev.cardinal.ui.projection.UncheckedRules;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Add Sample Traffic reads a traffic summary made by the real Spark job: the layouts it covers show its numbers (those
 * {@code cardinal analyze S.summary.json --workspace W} gives), labelled as the summary's; a toggle to a layout it
 * does not cover says so with the command to rerun the job, and toggling back shows the numbers again; the binding is
 * saved and restored; a malformed summary, or one beside rows of its event kind, is refused with why.
 */
class SummaryInWorkbenchTest extends WorkbenchFixture {
    private static final Path SUMMARY = Path.of("src/core/src/test/resources/summaries/ad-marketplace.summary.json");
    private static final String LAYOUT = "ids-as-tags";

    /** The ad marketplace's workspace without its row samples, in {@code dir}, with the summary beside it. */
    private static Path workspaceWithoutRows(Path dir) throws Exception {
        Workspace ws = WorkspaceFiles.load(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json")).workspace();
        Path file = dir.resolve("ads.cardinal.json");
        WorkspaceFiles.save(file, new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), List.of(), ws.rollups(), ws.targets(),
            ws.canvas()));
        Files.copy(SUMMARY, dir.resolve("ads.summary.json"));
        return file;
    }

    /** What {@code cardinal analyze S --workspace W --format json} says of layout {@link #LAYOUT}. */
    private static JsonNode analyzed(Path summary, Path ws) throws Exception {
        CliRun run = CliRun.of("analyze", summary.toString(), "--workspace", ws.toString(), "--format", "json");
        assertEquals(0, run.code(), run.err());
        for (JsonNode k : new ObjectMapper().readTree(run.out()).get("eventKinds")) {
            if (k.get("layout").asText().equals(LAYOUT)) {
                return k;
            }
        }
        throw new AssertionError(LAYOUT + " not in the analysis");
    }

    private static String status(FxRobot robot) {
        return robot.lookup("#projectionStatus").queryAs(Label.class).getText();
    }

    private void awaitStatus(FxRobot robot, String part) throws Exception {
        waitOnFx(30, () -> !window.session().projection().staleProperty().get() && status(robot).contains(part));
    }

    /** The workspace without rows opened, layout {@link #LAYOUT} selected, the summary added and its numbers shown. */
    private Path openWithSummary(FxRobot robot, Path dir) throws Exception {
        Path ws = workspaceWithoutRows(dir);
        openAndWait(robot, ws);
        robot.interact(() -> window.session().select(LAYOUT));
        robot.interact(() -> window.controller().addSamples(List.of(dir.resolve("ads.summary.json"))));
        awaitStatus(robot, "From the traffic summary ads.summary.json: 20,000 rows");
        return ws;
    }

    /** Chooses the workspace's layout {@code id} in the Compare tab's choice {@code box}. */
    private static void choose(FxRobot robot, String box, String id) {
        javafx.scene.control.ChoiceBox<dev.cardinal.compare.Side> choice = robot.lookup(box).query();
        robot.interact(() -> choice.setValue(choice.getItems().stream().filter(x -> x.origin() == null && x.layout().id().equals(id))
            .findFirst().orElseThrow()));
    }

    @Test
    void aSummaryGivesTheNumbersOfTheLayoutsItCoversAndSaysHowToCoverTheOthers(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openWithSummary(robot, dir);
        Path summary = dir.resolve("ads.summary.json");
        JsonNode cli = analyzed(summary, ws);
        assertEquals(Quantities.count(cli.get("series").asLong()), projected(robot, "series"));
        assertEquals(Quantities.count(cli.get("points").asLong()), projected(robot, "points"));
        assertEquals(Quantities.count(cli.get("tags").get("session_id").asLong()), projected(robot, "values of tag session_id"));
        assertEquals("needs rows", projected(robot, "index memory (inmem)"), "what only rows give says so, not a zero");
        assertEquals("needs rows", projected(robot, "measurements"));
        // the attribute table counts the summary's distinct values, as analyze lists them
        for (JsonNode a : cli.get("attributes")) {
            long distinct = a.get("distinct").asLong();
            waitOnFx(10, () -> window.session().attributes().stream().anyMatch(r -> r.name().equals(a.get("name").asText())
                && r.distinct() == distinct));
        }
        assertEquals("Traffic summary ads.summary.json: 20,000 rows over 14.0 days (counts, no rows held)",
            robot.lookup("#status").queryAs(Label.class).getText(), "what the traffic is, without rows read from no files");
        // the lint rules run from the summary's figures; what needs rows is listed, as cardinal lint S.summary.json lists it
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !window.session().projection().notCheckedProperty().get().isEmpty());
        assertTrue(window.session().projection().notCheckedProperty().get().stream().anyMatch(l -> l.startsWith("tag-looks-like-id ")),
            window.session().projection().notCheckedProperty().get().toString());
        assertFalse(robot.lookup("#rerunBox").query().isVisible());
        snap(robot, "summary-covered");
        // one toggle away: covered; two: not
        robot.interact(() -> window.session().edits().setRole("session_id", Role.FIELD));
        awaitStatus(robot, "From the traffic summary");
        assertFalse(projected(robot, "series").isEmpty());
        robot.interact(() -> window.session().edits().setRole("user_id", Role.FIELD));
        awaitStatus(robot, "Not covered by ads.summary.json");
        assertTrue(robot.lookup("#projection").queryTableView().getItems().isEmpty(), "no stale numbers stay on screen");
        assertTrue(robot.lookup("#limits").queryTableView().getItems().isEmpty());
        assertTrue(robot.lookup("#rerunBox").query().isVisible());
        String rerun = robot.lookup("#rerunCommand").queryAs(TextArea.class).getText();
        assertEquals(SummaryCoverage.rerunText(ws.toString()), rerun, "the command the command line gives");
        assertTrue(rerun.startsWith("cardinal summarize INPUT... --workspace "), rerun);
        snap(robot, "summary-not-covered");
        robot.clickOn("#copyRerun");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(rerun, WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get());

        robot.interact(() -> window.session().edits().setRole("user_id", Role.TAG));
        awaitStatus(robot, "From the traffic summary");
        assertFalse(robot.lookup("#rerunBox").query().isVisible());
        robot.interact(() -> window.session().edits().setRole("session_id", Role.TAG));
        awaitStatus(robot, "From the traffic summary");
        assertEquals(Quantities.count(cli.get("series").asLong()), projected(robot, "series"));

        // saved and opened again: the binding is kept, relative, and read
        robot.interact(() -> {
            try {
                var saving = window.session().saving(window.session().file());
                saving.write();
                window.session().saved(saving);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        SampleBinding saved = WorkspaceFiles.load(ws).workspace().samples().get(0);
        assertEquals(SampleFormat.SUMMARY, saved.format());
        assertEquals("ads.summary.json", saved.path());
        openAndWait(robot, ws);
        robot.interact(() -> window.session().select(LAYOUT));
        awaitStatus(robot, "From the traffic summary ads.summary.json");
        assertEquals(Quantities.count(cli.get("series").asLong()), projected(robot, "series"));

        // a finding from the summary's figures is fixed as any other, and the status says what it did to the series
        robot.clickOn(robot.lookup(".tab-label").match((javafx.scene.control.Labeled l) -> l.getText().startsWith("Findings"))
            .<javafx.scene.Node>query());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !window.session().projection().findingsProperty().get().isEmpty());
        javafx.scene.control.TableView<dev.cardinal.lint.Finding> findings = robot.lookup("#findings").queryTableView();
        robot.interact(() -> findings.getSelectionModel().select(findings.getItems().stream()
            .filter(f -> f.subject().equals("listing_id")).findFirst().orElseThrow()));
        robot.clickOn("#applyFix");
        waitOnFx(30, () -> robot.lookup("#status").queryAs(Label.class).getText()
            .startsWith("Applied: make listing_id a field — series " + Quantities.count(cli.get("series").asLong()) + " → "));
        awaitStatus(robot, "From the traffic summary ads.summary.json");
    }

    private static void openTab(FxRobot robot, String name) {
        robot.clickOn(robot.lookup(".tab-label").match((javafx.scene.control.Labeled l) -> l.getText().equals(name))
            .<javafx.scene.Node>query());
    }

    private static String compareStatus(FxRobot robot) {
        return robot.lookup("#compareStatus").queryAs(Label.class).getText();
    }

    @Test
    void theCompareTabReviewsTwoLayoutsFromTheSummaryAsTheCommandLineDoes(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openWithSummary(robot, dir);
        Path summary = dir.resolve("ads.summary.json");
        openTab(robot, "Compare");
        choose(robot, "#compareA", "ids-as-tags");
        choose(robot, "#compareB", "ids-as-fields");
        robot.clickOn("#compareButton");
        MetricsGrid grid = robot.lookup("#compareMetrics").queryAs(MetricsGrid.class);
        waitOnFx(30, () -> !grid.rows().isEmpty() || compareStatus(robot).startsWith("Cannot"));
        assertTrue(compareStatus(robot).endsWith("points of listing_event, from the traffic summary ads.summary.json"),
            compareStatus(robot));

        // every number the command line gives, with no server named as the workbench names none (the workspace's
        // target local: 1.8.10, assumed, and its limits), the grid gives; what a summary does not hold is a dash, and
        // needs rows
        List<String> args = List.of("compare", ws.toString(), "--a", "ids-as-tags", "--b", "ids-as-fields", "--sample",
            summary.toString());
        CliRun json = CliRun.of(java.util.stream.Stream.concat(args.stream(), java.util.stream.Stream.of("--format", "json"))
            .toArray(String[]::new));
        assertEquals(0, json.code(), json.err());
        JsonNode cli = new ObjectMapper().readTree(json.out());
        int metricRows = 0;
        for (JsonNode m : cli.get("metrics")) {
            ReviewRows row = grid.rows().stream().filter(r -> r.name().equals(m.get("name").asText())).findFirst()
                .orElseThrow(() -> new AssertionError(m.get("name") + " not in the grid"));
            assertEquals(m.get("a").isNull() ? "—" : Quantities.count(m.get("a").asLong()), row.a(), row.name());
            assertEquals(m.get("b").isNull() ? "—" : Quantities.count(m.get("b").asLong()), row.b(), row.name());
            metricRows++;
        }
        assertEquals(metricRows, grid.rows().stream().filter(r -> r.metric() != null).count(), "no number the command line lacks");
        ReviewRows measurements = grid.rows().stream().filter(r -> r.name().equals("measurements")).findFirst().orElseThrow();
        assertEquals(List.of("—", "—", "needs rows"), List.of(measurements.a(), measurements.b(), measurements.change()));
        // the verdict, differences and findings: the command line's review as it writes it in Markdown
        CliRun md = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, md.code(), md.err());
        assertEquals(md.out(), robot.lookup("#compareDetails").queryAs(TextArea.class).getText());
        // what Markdown… and HTML… write: the command line's review from the summary
        assertEquals(robot.lookup("#compareDetails").queryAs(TextArea.class).getText(),
            window.controller().comparePanel().exported(".md").orElseThrow());
        String html = window.controller().comparePanel().exported(".html").orElseThrow();
        CliRun page = CliRun.of(java.util.stream.Stream.concat(args.stream(), java.util.stream.Stream.of("--format", "html"))
            .toArray(String[]::new));
        assertEquals(0, page.code(), page.err());
        assertEquals(page.out(), html);
        for (JsonNode v : cli.get("verdict")) {
            assertTrue(robot.lookup("#compareVerdict .verdict-line").queryAllAs(Label.class).stream()
                .anyMatch(l -> l.getText().equals(v.asText())), v.asText());
        }
        FindingRows findingsA = robot.lookup("#compareFindingsA").queryAs(FindingRows.class);
        assertEquals(cli.get("findings").get("a").size(), findingsA.findings().size());
        assertFalse(findingsA.findings().isEmpty(), "ids in tags are found from the summary's growth");
        // the rules that need rows, per layout, as the Findings panel names them
        String notCheckedA = robot.lookup("#compareNotCheckedA").queryAs(Label.class).getText();
        assertTrue(notCheckedA.startsWith("Rules " + UncheckedRules.NOT_CHECKED + ": "), notCheckedA);
        for (JsonNode n : cli.get("notChecked").get("a")) {
            assertTrue(notCheckedA.contains(n.get("rule").asText()), n + " in " + notCheckedA);
        }
        String notIn = robot.lookup("#compareNotInSummary").queryAs(Label.class).getText();
        assertTrue(notIn.contains("measurements") && notIn.contains("example queries take values from the rows"), notIn);
        assertTrue(robot.lookup("#compareNotInSummary").query().isVisible());
        assertFalse(robot.lookup("#compareRerunBox").query().isVisible());
        assertEquals("From the traffic summary ads.summary.json: 20,000 rows over 14.0 days (counts, no rows held).",
            robot.lookup("#compareSource").queryAs(Label.class).getText());
        snap(robot, "summary-compare");
        robot.interact(() -> robot.lookup("#compareReview").queryAs(javafx.scene.control.ScrollPane.class).setVvalue(0.45));
        snap(robot, "summary-compare-findings");
        robot.interact(() -> robot.lookup("#compareReview").queryAs(javafx.scene.control.ScrollPane.class).setVvalue(1));
        snap(robot, "summary-compare-numbers");

        // a layout the summary does not cover (two toggles away): said, with the command to rerun the job
        openTab(robot, "Canvas");
        robot.interact(() -> window.session().edits().setRole("session_id", Role.FIELD));
        robot.interact(() -> window.session().edits().setRole("user_id", Role.FIELD));
        awaitStatus(robot, "Not covered by ads.summary.json");
        openTab(robot, "Compare");
        robot.clickOn("#compareButton");
        waitOnFx(30, () -> compareStatus(robot).startsWith("Not covered by ads.summary.json"));
        assertTrue(compareStatus(robot).contains("“ids-as-tags”"), compareStatus(robot));
        assertFalse(robot.lookup("#compareMetrics").query().getParent().isVisible(), "no stale review stays on screen");
        assertTrue(robot.lookup("#compareRerunBox").query().isVisible());
        String rerun = robot.lookup("#compareRerunCommand").queryAs(TextArea.class).getText();
        assertEquals(SummaryCoverage.rerunText(ws.toString()), rerun);
        snap(robot, "summary-compare-not-covered");
        robot.clickOn("#compareCopyRerun");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(rerun, WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get());
        assertTrue(window.controller().comparePanel().exported(".md").isEmpty(), "nothing to export");

        // covered again: the review comes back, the rerun command goes
        robot.interact(() -> window.session().edits().setRole("user_id", Role.TAG));
        robot.clickOn("#compareButton");
        waitOnFx(30, () -> compareStatus(robot).endsWith("from the traffic summary ads.summary.json"));
        assertTrue(robot.lookup("#compareMetrics").query().getParent().isVisible());
        assertFalse(robot.lookup("#compareRerunBox").query().isVisible());
    }

    /**
     * The summary added (its check reads it), projected, compared, toggled and compared again: one read of the file.
     * Then rewritten in place with the same size and time of change, so that any other reading of it would fail: the
     * projection and the Compare tab still show its numbers, so nothing reads it beside the session's summaries. A
     * summary replaced on disk is read again.
     */
    @Test
    void aBoundSummaryIsReadOnceForTheCheckTheProjectionAndTheCompareTab(FxRobot robot, @TempDir Path dir) throws Exception {
        openWithSummary(robot, dir);
        Path summary = dir.resolve("ads.summary.json");
        String series = projected(robot, "series");
        openTab(robot, "Compare");
        choose(robot, "#compareA", "ids-as-tags");
        choose(robot, "#compareB", "ids-as-fields");
        robot.clickOn("#compareButton");
        waitOnFx(30, () -> compareStatus(robot).endsWith("from the traffic summary ads.summary.json") || compareStatus(robot).startsWith("Cannot"));
        assertEquals(1, window.session().summaries().reads(), "read by the check when it was added, and never again");

        java.nio.file.attribute.FileTime modified = Files.getLastModifiedTime(summary);
        Files.writeString(summary, "{" + " ".repeat((int) Files.size(summary) - 1));
        Files.setLastModifiedTime(summary, modified);
        openTab(robot, "Canvas");
        robot.interact(() -> window.session().edits().setRole("session_id", Role.FIELD));
        awaitStatus(robot, "From the traffic summary ads.summary.json");
        robot.interact(() -> window.session().edits().setRole("session_id", Role.TAG));
        awaitStatus(robot, "From the traffic summary ads.summary.json");
        assertEquals(series, projected(robot, "series"));
        openTab(robot, "Compare");
        robot.clickOn("#compareButton");
        waitOnFx(30, () -> compareStatus(robot).endsWith("from the traffic summary ads.summary.json") || compareStatus(robot).startsWith("Cannot"));
        assertTrue(compareStatus(robot).endsWith("from the traffic summary ads.summary.json"), compareStatus(robot));
        assertEquals(1, window.session().summaries().reads());

        // replaced (as the job's output is: another file moved over it): the next projection reads it again
        Path next = dir.resolve("next.json");
        Files.copy(SUMMARY, next);
        Files.move(next, summary, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        robot.clickOn("#compareButton");
        waitOnFx(30, () -> window.session().summaries().reads() == 2);
        waitOnFx(30, () -> compareStatus(robot).endsWith("from the traffic summary ads.summary.json"));
    }

    /**
     * Rows of one event kind and a summary of another: the status bar says both, each as it is; the summary removed
     * and the removal undone, it is named at once and its rows and span follow once it is read again.
     */
    @Test
    void theStatusBarSaysWhatTheRowsAndTheSummaryHold(FxRobot robot, @TempDir Path dir) throws Exception {
        Workspace ads = WorkspaceFiles.load(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json")).workspace();
        Workspace weather = WorkspaceFiles.load(Path.of("sample-data/weather/weather.cardinal.json")).workspace();
        java.util.Map<String, dev.cardinal.model.Position> canvas = new java.util.TreeMap<>(ads.canvas());
        canvas.putAll(weather.canvas());
        Path ws = dir.resolve("both.cardinal.json");
        WorkspaceFiles.save(ws, new Workspace("both",
            java.util.stream.Stream.concat(ads.eventKinds().stream(), weather.eventKinds().stream()).toList(),
            java.util.stream.Stream.concat(ads.layouts().stream(), weather.layouts().stream()).toList(),
            List.of(SampleBinding.lineProtocol("traffic", "traffic.lp.gz", "ns"),
                new SampleBinding("weather", "weather.summary.json", SampleFormat.SUMMARY, null, "ns", null, null, List.of())),
            ads.rollups(), ads.targets(), canvas));
        Files.copy(Path.of("sample-data/ad-marketplace/traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        Files.copy(Path.of("src/core/src/test/resources/summaries/weather.summary.json"), dir.resolve("weather.summary.json"));
        openAndWait(robot, ws);
        String both = "20,000 points read from 1 file, 0 bad lines; traffic summary weather.summary.json: 20,000 rows over 5.8 days"
            + " (counts, no rows held)";
        assertEquals(both, robot.lookup("#status").queryAs(Label.class).getText());

        robot.interact(() -> window.session().edits().removeSample("weather"));
        waitOnFx(10, () -> robot.lookup("#status").queryAs(Label.class).getText().equals("20,000 points read from 1 file, 0 bad lines"));
        robot.interact(() -> window.session().select("three-tags"));
        robot.interact(() -> window.session().history().undo());
        waitOnFx(30, () -> robot.lookup("#status").queryAs(Label.class).getText().equals(both));
        assertEquals(2, window.session().summaries().reads(), "read on open, and again when bound again");
        awaitStatus(robot, "From the traffic summary weather.summary.json: 20,000 rows over 5.8 days");
    }

    @Test
    void aMalformedSummaryIsRefusedWithWhereAndWhy(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = workspaceWithoutRows(dir);
        Path bad = dir.resolve("bad.summary.json");
        JsonNode tree = new ObjectMapper().readTree(SUMMARY.toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("eventKinds").get(0)).put("rows", 7);
        Files.writeString(bad, tree.toString());
        openAndWait(robot, ws);
        robot.interact(() -> window.controller().addSamples(List.of(bad)));
        waitOnFx(30, () -> robot.lookup("#status").queryAs(Label.class).getText().startsWith("Cannot add sample bad.summary.json"));
        String said = robot.lookup("#status").queryAs(Label.class).getText();
        assertTrue(said.contains("event kind 'listing_event': the last checkpoint must be at 7"), said);
        assertEquals(List.of(), window.session().workspace().samples(), "nothing half-loaded");
        assertFalse(window.session().history().isDirty());

        Path newer = dir.resolve("newer.summary.json");
        Files.writeString(newer, Files.readString(SUMMARY).replaceFirst("\"version\"\\s*:\\s*1", "\"version\" : 2"));
        robot.interact(() -> window.controller().addSamples(List.of(newer)));
        waitOnFx(30, () -> robot.lookup("#status").queryAs(Label.class).getText().startsWith("Cannot add sample newer.summary.json"));
        said = robot.lookup("#status").queryAs(Label.class).getText();
        assertTrue(said.contains("summary format version 2") && said.contains("rerun cardinal-summarize"), said);
        assertEquals(List.of(), window.session().workspace().samples());
    }

    @Test
    void aSummaryBesideRowsOfItsEventKindIsRefused(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openCopy(robot, dir);
        Path summary = dir.resolve("ads.summary.json");
        Files.copy(SUMMARY, summary);
        robot.interact(() -> window.controller().addSamples(List.of(summary)));
        waitOnFx(30, () -> robot.lookup("#status").queryAs(Label.class).getText().startsWith("Cannot add sample ads.summary.json"));
        String said = robot.lookup("#status").queryAs(Label.class).getText();
        assertTrue(said.contains("already give as rows"), said);
        ListView<String> problems = robot.lookup("#problems").queryListView();
        assertTrue(problems.getItems().get(0).contains("stands for all of its traffic") && problems.getItems().get(0).contains("Remove Sample"),
            problems.getItems().toString());
        assertEquals(1, window.session().workspace().samples().size());

        // the row sample removed (one undoable edit), the summary takes its place
        // the tree's menu on the selected sample (Monocle sends no context-menu request on a right click: the item is fired)
        robot.clickOn("traffic.lp.gz  (line-protocol)");
        javafx.scene.control.MenuItem remove = robot.lookup("#explorer").queryAs(javafx.scene.control.TreeView.class).getContextMenu()
            .getItems().stream().filter(i -> "Remove Sample".equals(i.getText())).findFirst().orElseThrow();
        robot.interact(remove::fire);
        waitOnFx(10, () -> window.session().workspace().samples().isEmpty());
        assertEquals("Undo: remove sample traffic.lp.gz", WaitForAsyncUtils.asyncFx(() -> window.session().history().undoTextProperty().get()).get());
        robot.interact(() -> window.session().select(LAYOUT));
        robot.interact(() -> window.controller().addSamples(List.of(summary)));
        awaitStatus(robot, "From the traffic summary ads.summary.json");
        assertEquals(Quantities.count(analyzed(summary, ws).get("series").asLong()), projected(robot, "series"));
        assertEquals(SampleFormat.SUMMARY, window.session().workspace().samples().get(0).format());
    }
}
