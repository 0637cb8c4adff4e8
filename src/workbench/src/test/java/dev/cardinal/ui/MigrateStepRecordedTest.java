package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.MigrationCost;
import dev.cardinal.engine.MigrationPace;
import dev.cardinal.engine.influxdb2.ProbingInfluxV2;
import dev.cardinal.engine.influxdb3.ProbingInfluxV3;
import dev.cardinal.engine.influxdb3.RecordedInfluxV3;
import dev.cardinal.model.Target;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The Push tab's Migrate step on InfluxDB 2.x and 3, through the seam, against recorded answers (no such server runs
 * here: {@link ProbingInfluxV2} and {@link ProbingInfluxV3}, whose sources their comments cite): the server named in
 * the step, the cost (points counted on the server, the time at the pace the probe measured, the probe removed
 * again), the plan, and the run, every window checked; the old data stays, and the step says so.
 */
class MigrateStepRecordedTest extends MigrateStepFixture {
    static final String TOKEN = "t0ken-never-shown";

    @TempDir
    Path tmp;

    private static String cost(FxRobot robot, String what) {
        TableView<MigrationCost.Row> table = robot.lookup("#migrateCost").queryTableView();
        return table.getItems().stream().filter(r -> r.what().equals(what)).findFirst().map(MigrationCost.Row::value).orElse("");
    }

    /** Opens the step from the Push tab and names the server in the step's own fields. */
    private void openOn(FxRobot robot, Target.Kind kind, String url, String org) throws Exception {
        openCopy(robot, tmp);
        robot.clickOn("Push");
        robot.clickOn("#migrateTarget");
        waitOnFx(10, () -> robot.lookup("#migrateSurvey").tryQuery().isPresent());
        assertEquals(List.of(Target.Kind.INFLUXDB_1, Target.Kind.INFLUXDB_2, Target.Kind.INFLUXDB_3, Target.Kind.MARIADB,
            Target.Kind.POSTGRESQL), robot.lookup("#migrateKind").<ChoiceBox<Target.Kind>>query().getItems(), "every kind an engine migrates on");
        robot.interact(() -> {
            robot.lookup("#migrateKind").<ChoiceBox<Target.Kind>>query().setValue(kind);
            robot.lookup("#migrateUrl").queryTextInputControl().setText(url);
            robot.lookup("#migrateDatabase").queryTextInputControl().setText("ads");
            robot.lookup("#migrateOrg").queryTextInputControl().setText(org);
            robot.lookup("#migrateUser").queryTextInputControl().setText("");
            robot.lookup("#migrateSecret").queryTextInputControl().setText(TOKEN);
            robot.lookup("#migrateFrom").<ChoiceBox<String>>query().setValue("ids-as-tags");
            robot.lookup("#migrateTo").<ChoiceBox<String>>query().setValue("ids-as-fields");
        });
    }

    private void surveyAndRun(FxRobot robot) throws Exception {
        robot.clickOn("#migrateSurvey");
        waitOnFx(60, () -> !robot.lookup("#migrateRun").queryButton().isDisabled() || status(robot).contains("failed"));
        assertTrue(status(robot).startsWith("Dry run done: nothing written but the probe"), status(robot));
    }

    private void run(FxRobot robot) throws Exception {
        robot.clickOn("#migrateRun");
        waitOnFx(60, () -> status(robot).startsWith("Migrated") || status(robot).contains("failed"));
        assertTrue(status(robot).startsWith("Migrated"), status(robot));
    }

    @Test
    void influxDb2IsCostedWithAProbeThatIsDeletedAndMigratedFromTheStep(FxRobot robot) throws Exception {
        try (ProbingInfluxV2 server = new ProbingInfluxV2("listing_event", "listing_event_ids-as-fields")) {
            server.recorded.points.put(Instant.parse("2026-01-01T00:00:00Z"), 1200L);
            server.recorded.points.put(Instant.parse("2026-01-08T00:00:00Z"), 800L);
            openOn(robot, Target.Kind.INFLUXDB_2, server.url().toString(), "acme");
            surveyAndRun(robot);
            assertEquals("2,000 in 2 shard-group window(s)", cost(robot, "points to rewrite"));
            assertTrue(cost(robot, "time").matches("[0-9.]+ s at the target's measured pace"), cost(robot, "time"));
            assertTrue(cost(robot, "probe").startsWith("2,000 points rewritten and checked"), cost(robot, "probe"));
            assertFalse(cost(robot, "series (sample)").isEmpty());
            assertTrue(server.proxy.answered.stream().anyMatch(r -> r.pathAndQuery().startsWith("/api/v2/delete")), "the probe is deleted");
            assertFalse(server.probeHolds());
            assertTrue(server.recorded.writes().isEmpty(), "a dry run writes nothing into the new measurement");
            String plan = robot.lookup("#migratePlan").queryAs(TextArea.class).getText();
            assertTrue(plan.contains("|> to(bucket: \"ads/autogen\"") && plan.contains("nothing is deleted on 2.x"), plan);

            run(robot);
            assertTrue(status(robot).contains("2,000 points in 2 window(s) (2 run now, 0 done before)"), status(robot));
            assertTrue(status(robot).contains("listing_event stays"), status(robot));
            assertEquals(2, server.recorded.writes().size(), "each window's script once");
            assertTrue(robot.lookup("#migrateDrop").queryButton().isDisabled(), "2.x keeps the old data");
            assertTrue(server.recorded.requests.stream().allMatch(r -> ("Token " + TOKEN).equals(r.authorization())));
        }
    }

    @Test
    void influxDb3IsCostedWithAProbeTableThatIsDeletedAndMigratedFromTheStep(FxRobot robot) throws Exception {
        try (ProbingInfluxV3 server = new ProbingInfluxV3("listing_event", "listing_event_ids-as-fields")) {
            for (String tag : List.of("event", "listing_id", "user_id", "device", "session_id")) {
                server.recorded.columns.put(tag, "tag");
            }
            server.recorded.columns.put("page_url", "string");
            Instant week = Instant.parse("2026-01-01T00:00:00Z");
            for (int i = 0; i < 30; i++) {
                server.recorded.points.add(new RecordedInfluxV3.Point(RecordedInfluxV3.nanos(week.plus(Duration.ofHours(i * 9))),
                    Map.of("event", "view", "listing_id", "L" + i, "user_id", "U" + (i % 7), "device", "phone", "session_id", "S" + i,
                        "page_url", "/l/" + i)));
            }
            openOn(robot, Target.Kind.INFLUXDB_3, server.url().toString(), "");
            surveyAndRun(robot);
            assertEquals("30 in 2 shard-group window(s)", cost(robot, "points to rewrite"));
            assertTrue(cost(robot, "time").matches("[0-9.]+ s at the target's measured pace"), cost(robot, "time"));
            assertTrue(cost(robot, "disk while both copies exist").contains("Parquet"), cost(robot, "disk while both copies exist"));
            String probe = MigrationPace.probeName("listing_event_ids-as-fields");
            assertTrue(server.proxy.answered.stream().anyMatch(r -> r.method().equals("DELETE") && r.pathAndQuery().endsWith("table=" + probe)));
            assertEquals(0, server.probeLines());
            assertTrue(server.recorded.writeRequests().isEmpty(), "a dry run writes nothing into the new table");

            run(robot);
            assertTrue(status(robot).contains("30 points in 2 window(s) (2 run now, 0 done before; 30 points written now)"), status(robot));
            assertEquals(30, server.recorded.copy.size());
            assertTrue(robot.lookup("#migrateDrop").queryButton().isDisabled(), "InfluxDB 3 keeps the old table");
        }
    }
}
