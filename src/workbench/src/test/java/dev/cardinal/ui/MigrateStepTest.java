package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.influxdb1.LiveData;
import dev.cardinal.engine.MigrationCost;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.Quantities;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Push tab's Migrate step on a real scratch influxd: the ad marketplace's sample written as the ids-as-tags layout
 * writes it (one-day shard groups), costed, planned, migrated into ids-as-fields from the tab, checked on the server
 * (every point kept, series after = the new layout's projection), the old measurement dropped only once its name is
 * typed; and a run stopped with Cancel resumed from the tab to the same data.
 */
class MigrateStepTest extends MigrateStepFixture {
    private static LiveData.AdMarketplace live;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() throws Exception {
        live = LiveData.AdMarketplace.start();
    }

    @AfterAll
    static void stop() {
        java.util.Optional.ofNullable(live).ifPresent(LiveData.AdMarketplace::close);
    }

    /** Names the scratch server in the Push tab, opens Migrate… and chooses ids-as-tags → ids-as-fields into {@code into}. */
    private void openMigrate(FxRobot robot, String db, String into) throws Exception {
        robot.clickOn("Push");
        robot.interact(() -> {
            robot.lookup("#targetUrl").queryTextInputControl().setText(live.server().url().toString());
            robot.lookup("#targetDatabase").queryTextInputControl().setText(db);
        });
        robot.clickOn("#migrateTarget");
        waitOnFx(10, () -> robot.lookup("#migrateSurvey").tryQuery().isPresent());
        robot.interact(() -> {
            robot.lookup("#migrateFrom").<ChoiceBox<String>>query().setValue("ids-as-tags");
            robot.lookup("#migrateTo").<ChoiceBox<String>>query().setValue("ids-as-fields");
            robot.lookup("#migrateInto").queryTextInputControl().setText(into);
        });
    }

    /** Clicks Cost and Plan and waits for the plan (Run enabled) or a failure. */
    private void survey(FxRobot robot) throws Exception {
        robot.clickOn("#migrateSurvey");
        waitOnFx(180, () -> !robot.lookup("#migrateRun").queryButton().isDisabled() || status(robot).contains("failed"));
        assertTrue(status(robot).startsWith("Dry run done"), status(robot));
    }

    private void runAndWait(FxRobot robot) throws Exception {
        robot.clickOn("#migrateRun");
        waitOnFx(300, () -> status(robot).startsWith("Migrated") || status(robot).contains("failed"));
        assertTrue(status(robot).startsWith("Migrated"), status(robot));
    }

    private static String cost(FxRobot robot, String what) {
        TableView<MigrationCost.Row> table = robot.lookup("#migrateCost").queryTableView();
        return table.getItems().stream().filter(r -> r.what().equals(what)).findFirst().map(MigrationCost.Row::value).orElse("");
    }

    private static long projectedSeries(String layout) {
        return ((Projected.Rows) Projections.project(live.ws(), live.ws().layout(layout).orElseThrow(), ProjectionInput.rows(live.sample()),
            dev.cardinal.engines.ServerFor.defaults())).projection().seriesNow();
    }

    /** A choice InfluxQL cannot migrate is said in full where the status wraps, and the words go once the choice can. */
    @Test
    void whyAChoiceCannotMigrateIsSaidInFull(FxRobot robot) throws Exception {
        openCopy(robot, tmp);
        robot.clickOn("Push");
        robot.interact(() -> {
            robot.lookup("#targetUrl").queryTextInputControl().setText(live.server().url().toString());
            robot.lookup("#targetDatabase").queryTextInputControl().setText("why");
        });
        robot.clickOn("#migrateTarget");
        waitOnFx(10, () -> robot.lookup("#migrateSurvey").tryQuery().isPresent());
        // opened with ids-as-tags selected: the way that can migrate is chosen, ids-as-tags → ids-as-fields
        assertEquals("ids-as-tags", robot.lookup("#migrateFrom").<ChoiceBox<String>>query().getValue());
        assertEquals("ids-as-fields", robot.lookup("#migrateTo").<ChoiceBox<String>>query().getValue());
        assertEquals("", status(robot).startsWith("Cannot") ? status(robot) : "");
        closeStepWindow(robot);
        openMigrate(robot, "why", "");
        robot.interact(() -> {
            robot.lookup("#migrateFrom").<ChoiceBox<String>>query().setValue("ids-as-fields");
            robot.lookup("#migrateTo").<ChoiceBox<String>>query().setValue("ids-as-tags");
        });
        assertTrue(status(robot).startsWith("Cannot migrate ids-as-fields → ids-as-tags: ") && status(robot).contains("is a field in"),
            status(robot));
        assertEquals("", robot.lookup("#migrateInto").queryTextInputControl().getPromptText());
        robot.interact(() -> robot.lookup("#migrateFrom").<ChoiceBox<String>>query().setValue("ids-as-tags"));
        robot.interact(() -> robot.lookup("#migrateTo").<ChoiceBox<String>>query().setValue("ids-as-fields"));
        assertEquals("", status(robot));
        assertEquals("listing_event_ids-as-fields", robot.lookup("#migrateInto").queryTextInputControl().getPromptText());
    }

    @Test
    void theTabMigratesTheLiveLayoutAndDropsTheOldOnlyWhenNamed(FxRobot robot) throws Exception {
        String db = live.live("tab", 1);
        List<String> before = LiveData.rows(live.client(), db, "listing_event");
        openCopy(robot, tmp);
        openMigrate(robot, db, "listing_event_v2");
        survey(robot);
        assertEquals("20,000 in 15 shard-group window(s)", cost(robot, "points to rewrite"));
        assertEquals(Quantities.count(projectedSeries("ids-as-tags")) + " before, " + Quantities.count(projectedSeries("ids-as-fields"))
            + " after", cost(robot, "series (sample)"));
        assertTrue(cost(robot, "time").matches("[0-9.]+ s at the target's measured pace"), cost(robot, "time"));
        assertTrue(!cost(robot, "index memory freed").isEmpty() && !cost(robot, "disk while both copies exist").isEmpty());
        String plan = robot.lookup("#migratePlan").queryAs(TextArea.class).getText();
        assertTrue(plan.contains("INTO \"tab\".\"autogen\".\"listing_event_v2\" FROM \"tab\".\"autogen\".\"listing_event\""), plan);
        assertTrue(plan.contains("DROP MEASUREMENT \"listing_event\"") && plan.contains("[destructive]"), plan);
        assertEquals(List.of(), LiveData.rows(live.client(), db, "listing_event_v2"), "a dry run writes nothing");
        assertEquals(List.of(), LiveData.rows(live.client(), db, "listing_event_v2_cardinal_probe"), "the probe is dropped again");
        assertTrue(robot.lookup("#migrateDrop").queryButton().isDisabled(), "no drop before a run");
        robot.interact(() -> {
            try {
                Screenshots.save(robot.lookup("#migrateServer").queryAs(Label.class).getScene().getRoot(), "migrate-planned");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });

        runAndWait(robot);
        assertTrue(status(robot).contains("15 run now, 0 done before"), status(robot));
        assertEquals(before, LiveData.rows(live.client(), db, "listing_event_v2"), "every point, with every value, under the same keys");
        assertEquals(projectedSeries("ids-as-fields"), LiveData.series(live.client(), db, "listing_event_v2"), "series after = the projection");
        assertEquals(before, LiveData.rows(live.client(), db, "listing_event"), "the old measurement stays until named");

        Button drop = robot.lookup("#migrateDrop").queryButton();
        robot.clickOn("#migrateDropName").write("listing_even");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(drop.isDisabled(), "a name that is not the old measurement's drops nothing");
        robot.write("t");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!drop.isDisabled(), "the exact name enables the drop");
        robot.clickOn(drop);
        waitOnFx(60, () -> status(robot).startsWith("Dropped") || status(robot).contains("failed"));
        assertTrue(status(robot).startsWith("Dropped measurement listing_event"), status(robot));
        assertEquals(List.of(), LiveData.rows(live.client(), db, "listing_event"));
        assertEquals(before, LiveData.rows(live.client(), db, "listing_event_v2"));
    }

    @Test
    void aRunStoppedWithCancelResumesFromTheTabToTheSameData(FxRobot robot) throws Exception {
        String db = live.live("stopped", 4);
        Path ws = openCopy(robot, tmp);
        openMigrate(robot, db, "resumed");
        survey(robot);
        robot.clickOn("#migrateRun");
        ProgressBar bar = robot.lookup("#migrateProgress").queryAs(ProgressBar.class);
        waitOnFx(120, () -> bar.getProgress() > 0);
        robot.clickOn("#migrateCancel");
        waitOnFx(60, () -> !robot.lookup("#migrateSurvey").queryButton().isDisabled());
        assertTrue(status(robot).startsWith("Stopped"), status(robot));
        Path state = ws.resolveSibling(ws.getFileName() + ".migrate-ids-as-tags-ids-as-fields.state.json");
        int done = new com.fasterxml.jackson.databind.ObjectMapper().readTree(Files.readString(state)).path("done").size();
        assertTrue(done >= 1 && done < 60, "stopped halfway: " + done + " of 60 windows done");

        survey(robot);
        assertEquals("Resume (" + done + " of 60 windows done)", robot.lookup("#migrateRun").queryButton().getText());
        runAndWait(robot);
        assertTrue(status(robot).contains((60 - done) + " run now, " + done + " done before"), status(robot));
        assertEquals(LiveData.rows(live.client(), db, "listing_event"), LiveData.rows(live.client(), db, "resumed"));
    }
}
