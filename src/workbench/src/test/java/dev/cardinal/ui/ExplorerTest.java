package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TreeView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** The Workspace tree follows the layout selected elsewhere, and a layout's menu holds what a layout can do (issue 34). */
class ExplorerTest extends WorkbenchFixture {

    @SuppressWarnings("unchecked")
    private static TreeView<Object> tree(FxRobot robot) {
        return robot.lookup("#explorer").queryAs(TreeView.class);
    }

    private static String selected(FxRobot robot) {
        var item = tree(robot).getSelectionModel().getSelectedItem();
        return item == null ? null : item.getValue().toString();
    }

    /** The menu's items shown for the item selected now. */
    private static List<String> menuShown(FxRobot robot) throws Exception {
        var menu = tree(robot).getContextMenu();
        robot.interact(() -> menu.show(tree(robot), 10, 10));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> shown = menu.getItems().stream().filter(MenuItem::isVisible).map(MenuItem::getText).toList();
        robot.interact(menu::hide);
        return shown;
    }

    @Test
    void theTreeFollowsTheSelectedLayoutAndALayoutsMenuRenamesDuplicatesAndDeletes(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        robot.interact(() -> window.session().select("ids-as-fields"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("ids-as-fields  (listing_event)", selected(robot), "selected on the canvas, selected in the tree");
        robot.interact(() -> window.session().select("ids-as-tags"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("ids-as-tags  (listing_event)", selected(robot));

        assertEquals(List.of("Rename Layout…", "Duplicate Layout", "Delete Layout"), menuShown(robot));
        MenuItem duplicate = tree(robot).getContextMenu().getItems().stream().filter(i -> i.getText().equals("Duplicate Layout"))
            .findFirst().orElseThrow();
        robot.interact(duplicate::fire);
        waitOnFx(10, () -> window.session().workspace().layouts().size() == 3);
        assertTrue(selected(robot).startsWith("ids-as-tags copy"), "the copy is selected, in the tree too: " + selected(robot));

        robot.clickOn("traffic.lp.gz  (line-protocol)");
        assertEquals(List.of("Remove Sample"), menuShown(robot), "a sample's menu holds a sample's action only");
    }

    @Test
    void aTemplatedTagKeepsNoGrowthOfTrafficThatIsGone(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        robot.interact(() -> {
            try {
                window.session().edits().putTag("ids-as-tags", "who", "{user_id}-{device}");
            } catch (dev.cardinal.model.TemplateException e) {
                throw new IllegalStateException(e);
            }
        });
        awaitProjection(robot);
        waitOnFx(10, () -> robot.lookup("#templated-ids-as-tags-who").tryQuery().isPresent());
        javafx.css.PseudoClass grows = javafx.css.PseudoClass.getPseudoClass("grows");
        assertTrue(robot.lookup("#templated-ids-as-tags-who").query().getPseudoClassStates().contains(grows),
            "user_id grows, so the tag that writes it does");

        robot.interact(() -> assertTrue(window.session().edits().removeSample("traffic")));
        // no sample: nothing grows, and the templated chip says no more than the plain ones
        waitOnFx(10, () -> robot.lookup("#templated-ids-as-tags-who").tryQuery().isPresent()
            && !robot.lookup("#templated-ids-as-tags-who").query().getPseudoClassStates().contains(grows));
        assertTrue(robot.lookup("#templated-ids-as-tags-who .chip-growth").tryQuery().isEmpty(), "no growth badge without traffic");
    }
}
