package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.lint.Finding;
import dev.cardinal.ui.canvas.CanvasView;
import dev.cardinal.ui.compare.FindingRows;
import dev.cardinal.ui.compare.MetricsGrid;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.GridPane;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Compare tab reads at the window sizes people have (1280x800, 1366x768): one scroll around the whole review,
 * nothing scrolling inside it, the two layouts' columns headed so they can be told apart, and every card, finding
 * and number whole.
 */
class CompareReviewTest extends WorkbenchFixture {

    private void compare(FxRobot robot, Path dir) throws Exception {
        openCopy(robot, dir);
        robot.clickOn(robot.lookup(".tab-label").match((Labeled l) -> l.getText().equals("Compare")).<Node>query());
        robot.clickOn("#compareButton");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !metrics(robot).rows().isEmpty()
            || robot.lookup("#compareStatus").queryAs(Label.class).getText().startsWith("Cannot"));
        assertFalse(metrics(robot).rows().isEmpty(), robot.lookup("#compareStatus").queryAs(Label.class).getText());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static MetricsGrid metrics(FxRobot robot) {
        return robot.lookup("#compareMetrics").queryAs(MetricsGrid.class);
    }

    /** What a label shows: its text, or less with an ellipsis when it was cut. */
    private static String shown(Labeled l) {
        // the skin's own text node (a graphic has its own)
        return l.getChildrenUnmodifiable().stream().filter(Text.class::isInstance).map(n -> ((Text) n).getText()).findFirst().orElse("");
    }

    @Test
    void theColumnsOfTheTwoLayoutsAreHeadedWithTheirNamesInFull(FxRobot robot, @TempDir Path dir) throws Exception {
        compare(robot, dir);
        MetricsGrid grid = metrics(robot);
        assertEquals("A: ids-as-tags", grid.aHeader().getText());
        assertEquals("B: ids-as-fields", grid.bHeader().getText());
        assertEquals("A: ids-as-tags", shown(grid.aHeader()), "not cut to \"ids-as-...\"");
        assertEquals("B: ids-as-fields", shown(grid.bHeader()));
        // both layouts on every engine, as cardinal compare --engines and its exports show them
        var churn = grid.rows().stream().filter(r -> r.name().equals("VictoriaMetrics 1.79.5: most churn")).findFirst().orElseThrow();
        assertEquals("session_id +1,706.3/1d -1,840.3/1d", churn.a());
        assertEquals("—", churn.b());
        assertEquals("Layout A: ids-as-tags", grid.aHeader().getTooltip().getText());
        assertEquals("Layout B: ids-as-fields", grid.bHeader().getTooltip().getText());
        // every number and limit time is shown whole (wrapped, never cut), at its full height
        for (Node n : grid.lookupAll(".metrics-cell")) {
            Label cell = (Label) n;
            assertEquals(cell.getText(), shown(cell).replace("\n", ""), "cut: " + cell.getText());
            assertTrue(GridPane.getColumnIndex(cell) <= 3 && cell.getBoundsInParent().getMaxX() <= grid.getWidth() + 0.5
                && cell.getWidth() > 0, "inside its column of the table: " + cell.getText() + " " + cell.getBoundsInParent());
            if (!cell.isWrapText()) {
                assertTrue(cell.getWidth() >= cell.prefWidth(-1) - 0.5, "a number on one line: " + cell.getText());
            }
        }
        assertTrue(grid.aHeader().getBoundsInParent().getMaxX() <= grid.bHeader().getBoundsInParent().getMinX(), "A, then B");
        assertTrue(grid.getHeight() >= grid.prefHeight(grid.getWidth()) - 1, "the table is as tall as its rows");
        assertEquals(4, grid.lookupAll(".metrics-heading").size(), "one header row: Metric, A, B, Change");
        var series = grid.rows().stream().filter(m -> m.name().equals("series")).findFirst().orElseThrow();
        Label change = (Label) grid.lookupAll(".change").stream().filter(n -> ((Label) n).getText().equals(series.change()))
            .findFirst().orElseThrow();
        assertTrue(change.getPseudoClassStates().contains(PseudoClass.getPseudoClass("better")), "fewer series: better");
    }

    @Test
    void theReviewScrollsAsOnePageAt1280x800And1366x768(FxRobot robot, @TempDir Path dir) throws Exception {
        compare(robot, dir);
        assertOneScroll(robot);
        snap(robot, "compare-1280x800");
        // Monocle's headless screen is 1280x800 (a wider window overflows its frame buffer); 1280x768 is tighter
        // than 1366x768 both ways, so what reads there reads at 1366x768 (looked at under Xvfb as well)
        robot.interact(() -> stage.setHeight(768));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(768, window.root().getScene().getHeight(), 0.5);
        assertOneScroll(robot);
        snap(robot, "compare-1280x768");

        // the Markdown is behind a collapsed pane; open, it is shown whole, and still nothing inside scrolls
        TitledPane markdown = robot.lookup("#compareDetailsPane").queryAs(TitledPane.class);
        assertFalse(markdown.isExpanded());
        robot.interact(() -> markdown.setExpanded(true));
        WaitForAsyncUtils.waitForFxEvents();
        TextArea details = robot.lookup("#compareDetails").queryAs(TextArea.class);
        assertTrue(details.getText().contains("## The same questions in both"));
        Text text = (Text) details.lookup(".text");
        assertTrue(details.getHeight() >= text.getLayoutBounds().getHeight(), details.getHeight() + " for " + text.getLayoutBounds());
        assertOneScroll(robot);
        ScrollPane review = robot.lookup("#compareReview").queryAs(ScrollPane.class);
        robot.interact(() -> review.setVvalue(1));
        snap(robot, "compare-1280x768-markdown");
        robot.interact(() -> stage.setHeight(800)); // the next test's window is 1280x800 again
    }

    /** Whether {@code n} and all that holds it are visible (the hidden rerun command of a summary is not). */
    private static boolean onScreen(Node n) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /** Exactly one scroll pane around the review; inside it no list, table or scroll bar, and every part whole. */
    private static void assertOneScroll(FxRobot robot) {
        ScrollPane review = robot.lookup("#compareReview").queryAs(ScrollPane.class);
        Parent panel = review.getParent();
        List<ScrollPane> around = new ArrayList<>();
        for (Node n : panel.lookupAll(".scroll-pane")) {
            if (n instanceof ScrollPane sp && !isInside(sp, review) && onScreen(sp)) {
                around.add(sp);
            }
        }
        assertEquals(List.of(review), around, "one scroll around the review");
        Parent body = (Parent) review.getContent();
        assertTrue(body.lookupAll(".list-view").isEmpty() && body.lookupAll(".table-view").isEmpty(), "no list or table that scrolls");
        for (Node n : body.lookupAll(".scroll-bar")) {
            assertFalse(n instanceof ScrollBar && isShowing(n, body), "a scroll bar inside the review: " + n.getParent());
        }
        for (Node n : body.lookupAll(".scroll-pane")) {
            ScrollPane inner = (ScrollPane) n;
            if (!isShowing(inner, body)) {
                continue;
            }
            Bounds content = inner.getContent().getBoundsInParent();
            Bounds port = inner.getViewportBounds();
            assertTrue(content.getWidth() <= port.getWidth() + 1 && content.getHeight() <= port.getHeight() + 1,
                inner.getId() + " shows all it holds: " + content + " in " + port);
        }
        for (String id : List.of("#compareCanvasA", "#compareCanvasB")) {
            CanvasView canvas = robot.lookup(id).queryAs(CanvasView.class);
            Node card = canvas.lookup(".card");
            Bounds c = card.localToScene(card.getBoundsInLocal());
            Bounds v = canvas.localToScene(canvas.getBoundsInLocal());
            assertTrue(c.getMinX() >= v.getMinX() && c.getMaxX() <= v.getMaxX() + 0.5 && c.getMaxY() <= v.getMaxY() + 0.5,
                id + ": the card whole, " + c + " in " + v);
        }
        Label firstVerdict = (Label) robot.lookup("#compareVerdict .verdict-line").query();
        assertEquals("ids-as-fields holds 5 series at 30d where ids-as-tags holds 27,808: 5,562x fewer.", firstVerdict.getText());
        assertEquals(firstVerdict.getText(), shown(firstVerdict).replace("\n", ""), "a sentence wrapped, not cut");
        FindingRows findingsA = robot.lookup("#compareFindingsA").queryAs(FindingRows.class);
        for (Node row : findingsA.lookupAll(".finding-text")) {
            Label l = (Label) row;
            assertEquals(l.getText().replace("\n", ""), shown(l).replace("\n", ""), "a finding wrapped, not cut");
        }
    }

    private static boolean isInside(Node n, Node ancestor) {
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** Visible all the way up to {@code top} (a collapsed pane's content is not). */
    private static boolean isShowing(Node n, Node top) {
        for (Node p = n; p != null && p != top; p = p.getParent()) {
            if (!p.isVisible() || p instanceof TitledPane t && !t.isExpanded() && p != n) {
                return false;
            }
        }
        return true;
    }

    @Test
    void eachSidesFindingsAreRowsUnderItsCardWithTheirSeverity(FxRobot robot, @TempDir Path dir) throws Exception {
        compare(robot, dir);
        FindingRows a = robot.lookup("#compareFindingsA").queryAs(FindingRows.class);
        FindingRows b = robot.lookup("#compareFindingsB").queryAs(FindingRows.class);
        assertEquals(window.session().projection().findingsProperty().get().size(), a.findings().size(),
            "ids-as-tags is the selected layout: the same findings as the Findings panel");
        Node grows = a.lookupAll(".finding-row").stream()
            .filter(n -> n.getUserData() instanceof Finding f && f.rule().equals("tag-grows-with-traffic") && f.subject().equals("user_id"))
            .findFirst().orElseThrow();
        assertTrue(grows.getPseudoClassStates().contains(PseudoClass.getPseudoClass("error")));
        assertEquals("error", ((Label) grows.lookup(".severity-badge")).getText());
        assertTrue(grows.lookup(".finding-text").getPseudoClassStates().contains(PseudoClass.getPseudoClass("error")),
            "its text in the error colour");
        assertTrue(b.findings().stream().noneMatch(f -> f.rule().equals("tag-grows-with-traffic")));
        Bounds cardA = robot.lookup("#compareCanvasA").query().localToScene(robot.lookup("#compareCanvasA").query().getBoundsInLocal());
        Bounds rowsA = a.localToScene(a.getBoundsInLocal());
        assertTrue(rowsA.getMinY() >= cardA.getMaxY() && Math.abs(rowsA.getMinX() - cardA.getMinX()) < 1, "under its card");
    }
}
