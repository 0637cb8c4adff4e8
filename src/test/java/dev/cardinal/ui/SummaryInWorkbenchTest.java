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
    private static final Path SUMMARY = Path.of("src/test/resources/summaries/ad-marketplace.summary.json");
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

    @Test
    void aSummaryGivesTheNumbersOfTheLayoutsItCoversAndSaysHowToCoverTheOthers(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = workspaceWithoutRows(dir);
        Path summary = dir.resolve("ads.summary.json");
        openAndWait(robot, ws);
        robot.interact(() -> window.session().select(LAYOUT));
        robot.interact(() -> window.controller().addSamples(List.of(summary)));
        awaitStatus(robot, "From the traffic summary ads.summary.json: 20,000 rows");
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
        assertTrue(robot.lookup("#status").queryAs(Label.class).getText().contains("traffic summary ads.summary.json"));
        // the lint rules run from the summary's figures; what needs rows is listed, as cardinal lint S.summary.json lists it
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !window.session().projection().notCheckedProperty().get().isEmpty());
        assertTrue(window.session().projection().notCheckedProperty().get().stream().anyMatch(l -> l.startsWith("tag-looks-like-id ")),
            window.session().projection().notCheckedProperty().get().toString());
        assertFalse(robot.lookup("#rerunBox").query().isVisible());
        snap(robot, "summary-covered");
        // Compare (review mode) needs rows: it says so, with the command that compares from the summary
        robot.clickOn(robot.lookup(".tab-label").match((javafx.scene.control.Labeled l) -> l.getText().equals("Compare"))
            .<javafx.scene.Node>query());
        robot.clickOn("#compareButton");
        String compared = robot.lookup("#compareStatus").queryAs(Label.class).getText();
        assertTrue(compared.endsWith("cardinal compare ads.cardinal.json --a ids-as-tags --b ids-as-fields --sample ads.summary.json"),
            compared);
        robot.clickOn(robot.lookup(".tab-label").match((javafx.scene.control.Labeled l) -> l.getText().equals("Canvas"))
            .<javafx.scene.Node>query());

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
                window.session().save();
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
