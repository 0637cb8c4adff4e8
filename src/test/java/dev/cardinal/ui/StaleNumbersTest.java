package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Role;
import dev.cardinal.ui.compare.MetricsGrid;
import java.nio.file.Path;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A number on screen belongs to the workspace, horizon and traffic as they are now, or it is visibly marked out of
 * date: after a panel showed numbers, the horizon, a layout and the sample change, and the panel is looked at again.
 */
class StaleNumbersTest extends WorkbenchFixture {

    private static void selectTab(FxRobot robot, String name) {
        robot.clickOn(robot.lookup(".tab-label").match((Labeled l) -> l.getText().equals(name)).<Node>query());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static MetricsGrid metrics(FxRobot robot) {
        return robot.lookup("#compareMetrics").queryAs(MetricsGrid.class);
    }

    /** Whether {@code id}'s node is in the scene and shown (it and all that holds it visible). */
    private static boolean showing(FxRobot robot, String id) {
        Optional<Node> n = robot.lookup(id).tryQuery();
        if (n.isEmpty() || n.get().getScene() == null) {
            return false;
        }
        for (Node at = n.get(); at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private Optional<String> exported(String extension) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> window.controller().comparePanel().exported(extension)).get();
    }

    private void horizon(FxRobot robot, String value) {
        robot.interact(() -> robot.lookup("#horizon").<ChoiceBox<String>>query().setValue(value));
    }

    /** The Compare scenario of issue 32: a review, then another horizon and session_id moved to Fields on layout A. */
    @Test
    void compareIsMarkedOutOfDateAndItsExportsNeverWriteTheOldNumbers(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        selectTab(robot, "Compare");
        robot.clickOn("#compareButton");
        waitOnFx(30, () -> !metrics(robot).rows().isEmpty());
        assertTrue(exported(".md").orElseThrow().contains("horizon 30d"));
        assertFalse(showing(robot, "#compareStale"), "a review just made is not out of date");

        horizon(robot, "365d");
        robot.interact(() -> window.session().edits().setRole("session_id", Role.FIELD));
        awaitProjection(robot);
        WaitForAsyncUtils.waitForFxEvents();

        // the review of 30d with session_id a tag is either gone from view or marked, and no export writes it
        assertTrue(showing(robot, "#compareStale"), "the review of the earlier state is marked out of date");
        assertTrue(robot.lookup("#compareStale").queryAs(Label.class).getText().startsWith("Out of date"));
        for (String extension : new String[] {".md", ".html"}) {
            assertTrue(exported(extension).isEmpty(), "an out-of-date review is not exported: " + extension);
        }
        assertTrue(robot.lookup("#exportMarkdown").queryAs(Button.class).isDisabled());
        assertTrue(robot.lookup("#exportHtml").queryAs(Button.class).isDisabled());

        // one click compares again, for the state as it is now
        robot.clickOn("#compareRefresh");
        waitOnFx(30, () -> !showing(robot, "#compareStale") && exported(".md").isPresent());
        String md = exported(".md").orElseThrow();
        assertTrue(md.contains("horizon 365d"), md.lines().limit(8).toList().toString());
        assertFalse(robot.lookup("#exportMarkdown").queryAs(Button.class).isDisabled());
        String seriesA = metrics(robot).rows().stream().filter(r -> r.name().equals("series")).findFirst().orElseThrow().a();
        assertTrue(seriesA.startsWith(projected(robot, "series")), seriesA + " vs the projection's " + projected(robot, "series"));
        assertEquals("365d", robot.lookup("#horizon").<ChoiceBox<String>>query().getValue());
    }
}
