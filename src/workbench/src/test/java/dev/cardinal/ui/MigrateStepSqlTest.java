package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.sql.LiveRollups;
import dev.cardinal.model.Target;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Push tab's Migrate step on the relational rollups, on the local MariaDB and PostgreSQL: a rollup table in
 * production keyed as the live layout keys it (a hostile name), rebuilt for the designed layout's keys from the step:
 * the dry run plans the new table and writes nothing, the run fills it beside the old one, and the old table is
 * dropped (the new one renamed into its place) only once its exact name is typed.
 */
class MigrateStepSqlTest extends MigrateStepFixture {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void theStepRebuildsTheRollupBesideTheOldAndSwapsThemOnlyWhenNamed(SqlDialect d, FxRobot robot) throws Exception {
        String table = "daily \"`x'<b>" + Long.toHexString(System.nanoTime());
        String copy = table + "_ids-as-fields";
        try (Connection c = LiveRollups.connect(d); Statement st = c.createStatement()) {
            try {
                LiveRollups.create(st, d, table);
                openAndWait(robot, LiveRollups.workspace(tmp, table));
                robot.clickOn("Push");
                robot.clickOn("#migrateTarget");
                waitOnFx(10, () -> robot.lookup("#migrateSurvey").tryQuery().isPresent());
                robot.interact(() -> {
                    robot.lookup("#migrateKind").<ChoiceBox<Target.Kind>>query()
                        .setValue(d == SqlDialect.MARIADB ? Target.Kind.MARIADB : Target.Kind.POSTGRESQL);
                    robot.lookup("#migrateUrl").queryTextInputControl().setText(LiveRollups.url(d));
                    robot.lookup("#migrateDatabase").queryTextInputControl().setText(LiveRollups.database(d));
                    robot.lookup("#migrateUser").queryTextInputControl().setText("");
                    robot.lookup("#migrateSecret").queryTextInputControl().setText("");
                    robot.lookup("#migrateFrom").<ChoiceBox<String>>query().setValue("ids-as-tags");
                    robot.lookup("#migrateTo").<ChoiceBox<String>>query().setValue("ids-as-fields");
                });

                assertEquals("password", robot.lookup("#migrateSecret").queryTextInputControl().getPromptText(),
                    "a relational server takes no token, with or without a user");
                robot.interact(() -> robot.lookup("#migrateUser").queryTextInputControl().setText(LiveRollups.user(d)));

                robot.clickOn("#migrateSurvey");
                waitOnFx(60, () -> !robot.lookup("#migrateRun").queryButton().isDisabled() || status(robot).contains("failed"));
                assertTrue(status(robot).startsWith("Dry run done"), status(robot));
                String plan = robot.lookup("#migratePlan").queryAs(TextArea.class).getText();
                assertTrue(plan.contains("CREATE TABLE " + d.identifier(copy)), plan);
                assertTrue(plan.contains("the table's primary key is (listing_id, day, event), the rollup needs (listing_id, day, event,"
                    + " device)"), plan);
                assertEquals(1, LiveRollups.rows(st, d, table));
                assertEquals(0, c.getMetaData().getTables(null, null, copy, null).next() ? 1 : 0, "a dry run creates nothing");

                robot.clickOn("#migrateRun");
                waitOnFx(60, () -> status(robot).startsWith("Migrated") || status(robot).contains("failed"));
                assertTrue(status(robot).startsWith("Migrated"), status(robot));
                long rebuilt = LiveRollups.rows(st, d, copy);
                assertTrue(rebuilt > 1, "the sample's rollup by the new keys: " + rebuilt);
                assertEquals(1, LiveRollups.rows(st, d, table), "the old table stays until named");

                Button drop = robot.lookup("#migrateDrop").queryButton();
                robot.interact(() -> robot.lookup("#migrateDropName").queryTextInputControl().setText("daily"));
                WaitForAsyncUtils.waitForFxEvents();
                assertTrue(drop.isDisabled(), "a name that is not the old table's drops nothing");
                robot.interact(() -> robot.lookup("#migrateDropName").queryTextInputControl().setText(table));
                WaitForAsyncUtils.waitForFxEvents();
                assertTrue(!drop.isDisabled(), "the exact name enables the drop");
                robot.clickOn(drop);
                waitOnFx(60, () -> status(robot).startsWith("Dropped") || status(robot).contains("failed"));
                assertTrue(status(robot).startsWith("Dropped"), status(robot));
                assertEquals(rebuilt, LiveRollups.rows(st, d, table), "the rebuilt table under the old name");
            } finally {
                LiveRollups.dropBoth(st, d, table);
            }
        }
    }
}
