package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The Engines tab's OpenSearch row: the layout's rows as documents, counted as the index's mapping (no series), a
 * templated field key growing it toward the total-fields limit as the horizon grows, as {@code cardinal analyze
 * --engines opensearch} prints it ({@code OpenSearchEngineTest}).
 */
class EnginesOpenSearchTest extends WorkbenchFixture {

    private static TableView<?> engines(FxRobot robot) {
        return robot.lookup("#engines").queryAs(TableView.class);
    }

    /** The OpenSearch row's cells, or null while there is none. */
    private static String[] openSearch(FxRobot robot) {
        TableView<?> t = engines(robot);
        for (int row = 0; row < t.getItems().size(); row++) {
            if (String.valueOf(t.getColumns().get(0).getCellData(row)).startsWith("OpenSearch")) {
                String[] cells = new String[t.getColumns().size()];
                for (int c = 0; c < cells.length; c++) {
                    cells[c] = String.valueOf(t.getColumns().get(c).getCellData(row));
                }
                return cells;
            }
        }
        return null;
    }

    private static String headline(FxRobot robot) {
        return robot.lookup("#enginesHeadline").queryAs(Label.class).getText();
    }

    @Test
    void aTemplatedFieldKeyGrowsTheMappingTowardTheLimit(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir, "custom-metrics", "metrics.cardinal.json");
        robot.interact(() -> window.session().select("metric-names-as-field-keys"));
        awaitProjection(robot);
        robot.clickOn(robot.lookup(".tab-label").match((Labeled l) -> l.getText().equals("Engines")).<Node>query());
        waitOnFx(30, () -> headline(robot).startsWith("Layout metric-names-as-field-keys") && openSearch(robot) != null);
        String[] row = openSearch(robot);
        assertEquals("OpenSearch 2.19.6", row[0]);
        assertEquals("mapping fields 383", row[1], "the index's mapping, as the node counts it (EngineMappingNodeTest)");
        assertEquals("mapping fields 764", row[2], "at 30 days, at the pace new metric names arrived");
        assertEquals("none", row[3], "764 of 1,000 within 30 days");
        assertEquals("— (counts no series)", row[4]);
        assertEquals("—", row[5]);
        assertTrue(row[6].startsWith("OpenSearch counts no series"), row[6]);

        robot.interact(() -> robot.lookup("#horizon").<ChoiceBox<String>>query().setValue("90d"));
        waitOnFx(30, () -> headline(robot).startsWith("Layout metric-names-as-field-keys") && headline(robot).contains("90d")
            && openSearch(robot) != null);
        row = openSearch(robot);
        assertEquals("mapping fields 1,000", row[2], "the index holds no more than its limit");
        assertTrue(row[3].startsWith("index.mapping.total_fields.limit (the index's mapping) after 40d"), row[3]);
        snap(robot, "engines-opensearch");
    }
}
