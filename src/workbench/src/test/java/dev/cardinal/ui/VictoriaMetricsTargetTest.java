package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.engine.victoriametrics.ScratchVictoriaMetrics;
import dev.cardinal.model.Target;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Push tab with a VictoriaMetrics target, reached through the engine seam: the plan reads what the server holds,
 * Apply writes the weather sample through the selected layout to a real victoria-metrics and puts its numbers beside
 * the projection, all equal; planned again, the plan names the series the write left.
 */
class VictoriaMetricsTargetTest extends WorkbenchFixture {
    private static ScratchVictoriaMetrics vm;

    @BeforeAll
    static void startServer() throws Exception {
        vm = ScratchVictoriaMetrics.start();
    }

    @AfterAll
    static void stopServer() {
        if (vm != null) {
            vm.close();
        }
    }

    @Test
    void applyWritesTheSampleAndTheServersNumbersEqualTheProjection(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir, "weather", "weather.cardinal.json");
        robot.interact(() -> window.session().select(window.session().workspace().layout("three-tags").orElseThrow()));
        robot.clickOn("Push");
        @SuppressWarnings("unchecked")
        ChoiceBox<Target.Kind> kind = robot.lookup("#targetKind").queryAs(ChoiceBox.class);
        assertTrue(kind.getItems().contains(Target.Kind.VICTORIAMETRICS) && kind.getItems().contains(Target.Kind.PROMETHEUS),
            "the seam's engines are offered: " + kind.getItems());
        robot.interact(() -> {
            kind.setValue(Target.Kind.VICTORIAMETRICS);
            robot.lookup("#targetUrl").queryTextInputControl().setText(vm.url().toString());
            robot.lookup("#targetDatabase").queryTextInputControl().setText("workbench");
        });
        assertEquals("the db label every series written gets (as /write?db= gives it)",
            robot.lookup("#targetDatabase").queryTextInputControl().getPromptText());
        // the Migrate step names its own server among the kinds an engine migrates on (VictoriaMetrics is none of them)
        assertTrue(!robot.lookup("#migrateTarget").query().isDisabled());
        robot.clickOn("#planTarget");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !robot.lookup("#applyTarget").query().isDisabled()
            || robot.lookup("#pushSummary").queryAs(Label.class).getText().startsWith("Plan failed"));
        String plan = robot.lookup("#planText").queryTextInputControl().getText();
        assertTrue(plan.contains("metric weather_temp: not on the server: the sample write makes it, labels crop, db, plot,"
            + " region"), plan);

        robot.clickOn("#applyTarget");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> robot.lookup("#pushSummary").queryAs(Label.class).getText()
            .matches(".*(as projected|failed).*"));
        String summary = robot.lookup("#pushSummary").queryAs(Label.class).getText();
        assertTrue(summary.contains("three-tags written to VictoriaMetrics at " + vm.url() + " workbench")
            && summary.contains("; as projected"), summary);
        TableView<ComparisonRow> result = robot.lookup("#pushResult").queryTableView();
        assertEquals("series (/api/v1/series over the sample's range)", result.getItems().get(0).what());
        assertEquals(72, result.getItems().get(0).projected());
        assertEquals(72, result.getItems().get(0).measured());
        assertTrue(result.getItems().size() >= 6, "series, the busiest day, status/tsdb and every label: " + result.getItems());
        assertTrue(result.getItems().stream().noneMatch(ComparisonRow::differs), result.getItems().toString());
        snap(robot, "victoriametrics-target-push");

        robot.clickOn("#planTarget");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !robot.lookup("#applyTarget").query().isDisabled());
        String again = robot.lookup("#planText").queryTextInputControl().getText();
        assertTrue(again.contains("metric weather_temp: on the server: 72 series (72 with db=workbench), labels crop, db, plot,"
            + " region"), again);
    }

    @Test
    void addTargetAsksTheEngineWhatItsDatabaseIsAndTheTargetIsSavedAndOfferedForPush(FxRobot robot, @TempDir Path dir)
        throws Exception {
        Path file = openCopy(robot, dir, "weather", "weather.cardinal.json");
        robot.clickOn("Edit").clickOn("Add Target…");
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> robot.lookup("#targetDialogKind").queryAs(ChoiceBox.class).getSelectionModel()
            .select(Target.Kind.PROMETHEUS));
        assertTrue(robot.lookup("#targetDialogDatabase").query().isDisabled(), "Prometheus takes no database");
        robot.interact(() -> {
            robot.lookup("#targetDialogKind").queryAs(ChoiceBox.class).getSelectionModel().select(Target.Kind.VICTORIAMETRICS);
            robot.lookup("#targetDialogName").queryTextInputControl().setText("VM test");
            robot.lookup("#targetDialogUrl").queryTextInputControl().setText(vm.url().toString());
        });
        robot.clickOn("Add");
        assertTrue(robot.lookup("#targetDialogProblem").queryAs(Label.class).getText().startsWith("db label: VictoriaMetrics"
            + " needs one"), robot.lookup("#targetDialogProblem").queryAs(Label.class).getText());
        robot.interact(() -> robot.lookup("#targetDialogDatabase").queryTextInputControl().setText("try1"));
        robot.clickOn("Add");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(new Target("vm-test", "VM test", Target.Kind.VICTORIAMETRICS, vm.url().toString(), "try1", null),
            window.session().workspace().targets().get(0));
        saveAndWait(robot);
        assertEquals(Target.Kind.VICTORIAMETRICS, dev.cardinal.model.WorkspaceFiles.load(file).workspace().targets().get(0).kind(),
            "the kind id victoriametrics reads back");

        robot.clickOn("Push");
        @SuppressWarnings("unchecked")
        ChoiceBox<Target.Kind> kind = robot.lookup("#targetKind").queryAs(ChoiceBox.class);
        assertEquals(Target.Kind.VICTORIAMETRICS, kind.getValue(), "the workspace's target fills the form");
        assertEquals(vm.url().toString(), robot.lookup("#targetUrl").queryTextInputControl().getText());
        assertEquals("try1", robot.lookup("#targetDatabase").queryTextInputControl().getText());
    }
}
