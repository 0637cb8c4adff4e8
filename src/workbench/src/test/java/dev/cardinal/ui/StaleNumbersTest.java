package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.lint.Finding;
import dev.cardinal.model.Role;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import dev.cardinal.ui.compare.MetricsGrid;
import dev.cardinal.ui.projection.LiveProjection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
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
        robot.clickOn(robot.lookup(".tab-label").match((Labeled l) -> l.getText().startsWith(name)).<Node>query());
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
        snap(robot, "compare-out-of-date");
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

    /**
     * After a panel showed numbers: the horizon becomes 365d, session_id a field of the selected layout, and 50 more
     * points are added to the sample; returns when the Projection panel shows the 20,050 points.
     */
    private void changeHorizonLayoutAndSample(FxRobot robot, Path dir) throws Exception {
        horizon(robot, "365d");
        robot.interact(() -> window.session().edits().setRole("session_id", Role.FIELD));
        Path more = moreTraffic(dir);
        robot.interact(() -> window.controller().addSamples(List.of(more)));
        waitOnFx(30, () -> projected(robot, "points").equals("20,050"));
        awaitProjection(robot);
        window.session().projection().settled().get(30, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The projection shown is of the session's state as it is now: its layout, horizon and traffic. */
    private Projection projectionOfNow() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            LiveProjection.Shown shown = window.session().projection().shownProperty().get();
            Projection p = shown.projection();
            assertEquals(window.session().selectedLayoutProperty().get(), p.layout(), "the layout as it is now");
            assertEquals(Role.FIELD, p.layout().roleOf("session_id"));
            assertEquals(Duration.ofDays(365), p.settings().horizon());
            assertEquals(20_050, p.now().points());
            return p;
        }).get();
    }

    @Test
    void theProjectionPanelShowsTheNumbersOfNow(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        assertEquals("20,000", projected(robot, "points"));
        String seriesBefore = projected(robot, "series");
        changeHorizonLayoutAndSample(robot, dir);
        Projection now = projectionOfNow();
        assertEquals(Quantities.count(now.now().series()), projected(robot, "series"));
        assertFalse(seriesBefore.equals(projected(robot, "series")), "session_id a field: fewer series");
        TableView<?> table = robot.lookup("#projection").queryTableView();
        assertTrue(table.getColumns().get(2).getText().startsWith("at 365d"), table.getColumns().get(2).getText());
    }

    @Test
    void theServerLimitsAreCheckedAtTheHorizonOfNow(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        TableView<?> limits = robot.lookup("#limits").queryTableView();
        waitOnFx(30, () -> !limits.getItems().isEmpty());
        assertTrue(limits.getColumns().get(1).getText().startsWith("at 30d"));
        changeHorizonLayoutAndSample(robot, dir);
        Projection now = projectionOfNow();
        assertTrue(limits.getColumns().get(1).getText().startsWith("at 365d"), limits.getColumns().get(1).getText());
        assertEquals(now.limits().size(), limits.getItems().size(), "one row per limit of the projection of now");
    }

    @Test
    void theFindingsAreOfTheLayoutAsItIsNow(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        selectTab(robot, "Findings");
        TableView<Finding> findings = robot.lookup("#findings").queryTableView();
        waitOnFx(30, () -> findings.getItems().stream().anyMatch(f -> f.subject().equals("session_id")));
        List<String> ofTheTag = findings.getItems().stream().filter(f -> f.subject().equals("session_id")).map(Finding::rule).toList();
        changeHorizonLayoutAndSample(robot, dir);
        projectionOfNow();
        waitOnFx(30, () -> findings.getItems().equals(window.session().projection().findingsProperty().get()));
        for (Finding f : findings.getItems()) {
            assertFalse(f.subject().equals("session_id") && ofTheTag.contains(f.rule()), "a finding of session_id as a tag: " + f);
        }
    }

    @Test
    void theCodeIsOfTheLayoutAsItIsNow(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        selectTab(robot, "Code");
        waitOnFx(30, () -> window.session().projection().codeProperty().get() != null
            && window.session().projection().codeProperty().get().contents() != null);
        changeHorizonLayoutAndSample(robot, dir);
        dev.cardinal.ui.code.CodePanel panel = robot.lookup("#codePanel").queryAs(dev.cardinal.ui.code.CodePanel.class);
        waitOnFx(30, () -> panel.contents() != null && panel.contents().equals(window.session().projection().codeProperty().get().contents()));
        var expected = WaitForAsyncUtils.asyncFx(() -> dev.cardinal.engines.Bundle.of(window.session().workspace(),
            List.of(window.session().selectedLayoutProperty().get()), dev.cardinal.engines.Bundle.database(window.session().workspace()),
            dev.cardinal.engines.Bundle.organisation(window.session().workspace()),
            java.util.Map.of("listing_event", window.session().openedProperty().get().sample().eventKind("listing_event").orElseThrow()))).get();
        assertEquals(expected.artefacts(), panel.contents().artefacts(), "the code of the layout and sample as they are now");
    }

    @Test
    void theCardsCountTheTrafficOfNow(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        waitOnFx(30, () -> robot.lookup("#chip-ids-as-fields-user_id .chip-distinct").tryQuery().isPresent());
        assertEquals("1,413", robot.lookup("#chip-ids-as-tags-user_id .chip-distinct").queryAs(Label.class).getText());
        changeHorizonLayoutAndSample(robot, dir);
        projectionOfNow();
        for (String card : new String[] {"ids-as-tags", "ids-as-fields"}) {
            String chip = "#chip-" + card + "-user_id .chip-distinct";
            waitOnFx(30, () -> robot.lookup(chip).tryQuery().isPresent());
            assertEquals("1,463", robot.lookup(chip).queryAs(Label.class).getText(), card + ": the distinct values of the traffic of now");
        }
    }

    @Test
    void theStatusBarAndTitleAreOfTheWorkspaceAndTrafficOfNow(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        Label status = robot.lookup("#status").queryAs(Label.class);
        assertTrue(status.getText().startsWith("20,000 points read"), status.getText());
        assertFalse(stage.getTitle().endsWith("*"));
        changeHorizonLayoutAndSample(robot, dir);
        robot.interact(() -> window.session().expireStatus(status.getText())); // what an action said gives way to the summary
        waitOnFx(30, () -> status.getText().startsWith("20,050 points read from 2 files"));
        assertTrue(stage.getTitle().endsWith(" *"), "edited and not saved: " + stage.getTitle());
    }

    @Test
    void pushResultsOfEarlierTrafficAreNotShownAsIfOfNow(FxRobot robot, @TempDir Path dir) throws Exception {
        dev.cardinal.engine.influxdb1.InfluxdRequired.check();
        openCopy(robot, dir);
        selectTab(robot, "Push");
        TableView<?> results = robot.lookup("#pushResult").queryTableView();
        robot.clickOn("#pushScratch");
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !results.getItems().isEmpty()
            && !robot.lookup("#pushSummary").queryLabeled().textProperty().isBound());
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(showing(robot, "#pushStale"));
        // only the traffic changes: the layout pushed is still the one selected
        Path more = moreTraffic(dir);
        robot.interact(() -> window.controller().addSamples(List.of(more)));
        waitOnFx(30, () -> projected(robot, "points").equals("20,050"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(results.getItems().isEmpty() || showing(robot, "#pushStale"),
            "projected and measured of the earlier traffic, shown unmarked");
        // then the horizon and the layout: still never the old results unmarked
        horizon(robot, "365d");
        robot.interact(() -> window.session().edits().setRole("session_id", Role.FIELD));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(results.getItems().isEmpty() || showing(robot, "#pushStale"));
    }
}
