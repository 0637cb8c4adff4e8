package dev.cardinal.ui;

import java.util.List;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.testfx.api.FxRobot;

/** The Migrate step's tests: the step's window goes with each test, and its status line is read the same way. */
abstract class MigrateStepFixture extends WorkbenchFixture {
    /** The step's window outlives a test's window (the primary stage is reused): it goes with the test. */
    @AfterEach
    void closeStepWindow(FxRobot robot) {
        robot.interact(() -> List.copyOf(javafx.stage.Window.getWindows()).stream().filter(w -> w != stage)
            .forEach(javafx.stage.Window::hide));
    }

    static String status(FxRobot robot) {
        return robot.lookup("#migrateStatus").queryAs(Label.class).getText();
    }
}
