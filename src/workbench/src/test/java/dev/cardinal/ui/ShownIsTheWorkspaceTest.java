package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.lint.Finding;
import dev.cardinal.model.Role;
import dev.cardinal.ui.attributes.AttributeRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What the window shows is always the workspace as it is now: undo and redo of traffic added, File → New, recovery
 * copies, the status bar and the menu's labels. Each test failed before its fix (issue 17, section 1).
 */
class ShownIsTheWorkspaceTest extends WorkbenchFixture {

    private long distinctOf(FxRobot robot, String attribute) {
        return window.session().attributes().stream().filter(r -> r.name().equals(attribute)).mapToLong(AttributeRow::distinct)
            .findFirst().orElse(-1);
    }

    private static boolean problemsMention(FxRobot robot, String text) {
        ListView<String> problems = robot.lookup("#problems").queryListView();
        return problems.getItems().stream().anyMatch(p -> p.contains(text));
    }

    @Test
    void undoAndRedoOfAddedTrafficTakeItsRowsOutOfEveryPanelAndBack(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        assertEquals("20,000", projected(robot, "points"));
        Path more = moreTraffic(dir);
        robot.interact(() -> window.controller().addSamples(List.of(more)));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> projected(robot, "points").equals("20,050"));
        assertEquals(1_463, distinctOf(robot, "user_id"));
        assertTrue(problemsMention(robot, "more.lp"), "the bad line of the added file is listed");

        robot.interact(() -> window.session().history().undo());
        awaitProjection(robot);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> projected(robot, "points").equals("20,000"));
        assertEquals(1, window.session().workspace().samples().size());
        assertEquals(1_413, distinctOf(robot, "user_id"), "the attribute table counts the workspace's own traffic");
        assertFalse(problemsMention(robot, "more.lp"), "no problem of a file the workspace no longer reads");
        assertTrue(robot.lookup("#status").queryAs(Label.class).getText().startsWith("20,000 points read"),
            robot.lookup("#status").queryAs(Label.class).getText());

        robot.interact(() -> window.session().history().redo());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> projected(robot, "points").equals("20,050"));
        assertEquals(1_463, distinctOf(robot, "user_id"));
        assertTrue(problemsMention(robot, "more.lp"));
    }

    @Test
    void newClearsEveryPanelAndAStaleFindingCannotBeApplied(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !window.session().projection().findingsProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        Finding stale = window.session().projection().findingsProperty().get().stream().filter(f -> f.fix().applicable())
            .findFirst().orElseThrow();
        robot.clickOn("File").clickOn("New Workspace");
        WaitForAsyncUtils.waitForFxEvents();
        TabPane bottom = robot.lookup("#bottomTabs").queryAs(TabPane.class);
        Tab findingsTab = bottom.getTabs().stream().filter(t -> t.getText().startsWith("Findings")).findFirst().orElseThrow();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> findingsTab.getText().equals("Findings"));
        assertTrue(robot.lookup("#projection").queryTableView().getItems().isEmpty(), "no projection of the closed workspace");
        assertTrue(window.session().projection().shownProperty().get() == null
            || window.session().projection().shownProperty().get().projection() == null);
        assertTrue(window.session().projection().codeProperty().get() == null
            || window.session().projection().codeProperty().get().contents() == null, "no code of the closed workspace");
        assertTrue(window.session().attributes().isEmpty());
        assertFalse(stage.getTitle().endsWith("*"), "an empty new workspace has nothing to lose: " + stage.getTitle());
        assertLimitsNotChecked(robot);

        robot.interact(() -> assertFalse(window.session().applyFix(stale), "a finding of another workspace changes nothing"));
        assertTrue(robot.lookup("#status").queryAs(Label.class).getText().contains("no longer"),
            robot.lookup("#status").queryAs(Label.class).getText());
        assertFalse(stage.getTitle().endsWith("*"));

        // traffic added to the new workspace: it is named after the file it will be saved as, one name everywhere
        Path more = moreTraffic(dir);
        robot.interact(() -> window.controller().addSamples(List.of(more)));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> window.session().file() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("more.cardinal.json", window.session().file().getFileName().toString());
        assertEquals("more", window.session().workspace().name());
        assertTrue(stage.getTitle().startsWith("Cardinal — more (more.cardinal.json)"), stage.getTitle());
    }

    @Test
    void withoutItsSampleTheServerLimitsAreNotCheckedRatherThanNone(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !robot.lookup("#limits").queryTableView().getItems().isEmpty());
        robot.interact(() -> assertTrue(window.session().edits().removeSample("traffic")));
        assertLimitsNotChecked(robot);
    }

    /** The server (1.8.10, assumed) has two limits: with nothing projected they are not checked, not absent. */
    private static void assertLimitsNotChecked(FxRobot robot) throws Exception {
        TableView<?> limits = robot.lookup("#limits").queryTableView();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> limits.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        String placeholder = ((Label) limits.getPlaceholder()).getText();
        assertTrue(placeholder.startsWith("Not checked: no sample traffic is projected to check InfluxDB 1.8.10's limits"),
            placeholder);
    }

    @Test
    void recoveryCopiesGoWhenTheEditsAreUndoneAndOnAQuitThatDiscardsThem(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        robot.interact(() -> window.session().edits().setRole("user_id", Role.FIELD));
        window.controller().autosaveNow().get(10, TimeUnit.SECONDS);
        assertEquals(1, copies(), "an unsaved edit is copied aside");
        robot.interact(() -> window.session().history().undo());
        window.controller().autosaveNow().get(10, TimeUnit.SECONDS);
        assertEquals(0, copies(), "undone back to the saved state, there is nothing to recover");

        robot.interact(() -> window.session().edits().setRole("user_id", Role.FIELD));
        window.controller().autosaveNow().get(10, TimeUnit.SECONDS);
        assertEquals(1, copies());
        java.util.concurrent.CompletableFuture<Boolean> closed = new java.util.concurrent.CompletableFuture<>();
        robot.interact(() -> javafx.application.Platform.runLater(() -> window.controller().requestClose(() -> closed.complete(true))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("Discard Changes").tryQuery().isPresent());
        robot.clickOn("Discard Changes");
        assertTrue(closed.get(10, TimeUnit.SECONDS));
        assertEquals(0, copies(), "a quit that discards the edits leaves no copy to offer next time");
    }

    private static long copies() throws Exception {
        if (!Files.isDirectory(RECOVERY)) {
            return 0;
        }
        try (var files = Files.list(RECOVERY)) {
            return files.count();
        }
    }

    @Test
    void theStatusBarSaysWhatTheLastActionDidNotAnEarlierOne(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openCopy(robot, dir);
        Label status = robot.lookup("#status").queryAs(Label.class);
        Path png = dir.resolve("canvas.png");
        robot.interact(() -> window.controller().exportCanvasPngTo(png));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> status.getText().startsWith("Wrote"));
        robot.interact(() -> window.session().edits().setRole("user_id", Role.FIELD));
        saveAndWait(robot);
        assertEquals("Saved " + ws.getFileName(), status.getText());
    }

    @Test
    void pushForgetsAnAppliedPlanAndResultsOfAnotherLayoutOrInstance(FxRobot robot, @TempDir Path dir) throws Exception {
        dev.cardinal.engine.influxdb1.InfluxdRequired.check();
        openCopy(robot, dir);
        try (dev.cardinal.engine.influxdb1.ScratchInfluxd influxd = dev.cardinal.engine.influxdb1.ScratchInfluxd.start()) {
            robot.clickOn("Push");
            javafx.scene.control.TextField url = robot.lookup("#targetUrl").queryAs(javafx.scene.control.TextField.class);
            javafx.scene.control.TextField db = robot.lookup("#targetDatabase").queryAs(javafx.scene.control.TextField.class);
            javafx.scene.control.TextArea plan = robot.lookup("#planText").queryAs(javafx.scene.control.TextArea.class);
            TableView<?> results = robot.lookup("#pushResult").queryTableView();
            robot.interact(() -> {
                url.setText(influxd.url().toString());
                db.setText("ads");
            });
            planAndApply(robot, plan, results);
            assertEquals("", plan.getText(), "an applied plan is gone: Plan again shows the instance as it is now");
            robot.interact(() -> window.session().edits().setRole("user_id", Role.FIELD));
            assertTrue(results.getItems().isEmpty(), "what the server measured of another layout");

            planAndApply(robot, plan, results);
            robot.interact(() -> db.setText("ads2"));
            assertTrue(results.getItems().isEmpty(), "what another instance measured");
            assertEquals("", plan.getText(), "a plan for another instance");
        }
    }

    private static void planAndApply(FxRobot robot, javafx.scene.control.TextArea plan, TableView<?> results) throws Exception {
        robot.clickOn("#planTarget");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !plan.getText().isEmpty()
            && !robot.lookup("#applyTarget").queryButton().isDisabled());
        robot.clickOn("#applyTarget");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !results.getItems().isEmpty()
            && !robot.lookup("#pushSummary").queryLabeled().textProperty().isBound());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void undoAndRedoLabelsKeepTheUnderscoresOfNames(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        robot.interact(() -> window.session().edits().setRole("user_id", Role.FIELD));
        robot.clickOn("Edit");
        WaitForAsyncUtils.waitForFxEvents();
        MenuItem undo = robot.lookup((javafx.scene.Node n) -> n instanceof MenuBar).queryAs(MenuBar.class).getMenus().stream()
            .flatMap(m -> m.getItems().stream()).filter(i -> "undoItem".equals(i.getId())).findFirst().orElseThrow();
        assertEquals("Undo: make user_id a field", undo.getText());
        // the text drawn, after mnemonic parsing (which takes the first underscore for a shortcut key and hides it)
        assertTrue(robot.lookup((javafx.scene.Node n) -> n instanceof javafx.scene.text.Text t
            && t.getText() != null && t.getText().startsWith("Undo: make user")).tryQuery()
            .map(n -> ((javafx.scene.text.Text) n).getText().equals("Undo: make user_id a field")).orElse(false), "the menu shows the name as it is");
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
    }

    @Test
    void anExceptionOnTheFxThreadIsShownWithItsDetailsAndLogged(FxRobot robot) throws Exception {
        List<java.util.logging.LogRecord> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                logged.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Logger.getLogger("").addHandler(handler);
        try {
            robot.interact(() -> javafx.application.Platform.runLater(() -> {
                throw new IllegalStateException("something broke in a handler");
            }));
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".error-dialog").tryQuery().isPresent());
            javafx.scene.control.DialogPane pane = robot.lookup(".error-dialog").queryAs(javafx.scene.control.DialogPane.class);
            assertTrue(pane.getContentText().contains("something broke in a handler"), pane.getContentText());
            assertTrue(pane.getExpandableContent() != null, "the stack trace is behind a details expander");
            assertTrue(logged.stream().anyMatch(r -> r.getThrown() != null && "something broke in a handler".equals(r.getThrown().getMessage())));
            robot.interact(() -> ((javafx.stage.Stage) pane.getScene().getWindow()).close());
        } finally {
            java.util.logging.Logger.getLogger("").removeHandler(handler);
        }
    }
}
