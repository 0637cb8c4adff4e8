package dev.cardinal.ui;

import dev.cardinal.ui.projection.ProjectionRows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The shared base of the workbench's TestFX tests: a window on a 1280x800 stage, headless (Monocle), with its own
 * background thread, no recovery copies left by an earlier test, and the waits every test needs.
 */
@ExtendWith(ApplicationExtension.class)
abstract class WorkbenchFixture {
    /** The recovery folder the tests' workbench uses ({@code -Dcardinal.home} in the pom). */
    static final Path RECOVERY = Path.of("target/cardinal-home/recovery");

    /** The window's background lanes, each its own thread as in the application. */
    protected final dev.cardinal.ui.common.Lanes.Owned lanes = dev.cardinal.ui.common.Lanes.start();
    protected final ExecutorService executor = lanes.files();
    protected WorkbenchApp.Window window;
    protected Stage stage;

    /** Builds the window on the primary stage (a {@code @Start} method is found only in the test class itself). */
    @BeforeEach
    void showWindow() throws Exception {
        clearRecoveryCopies();
        FxToolkit.setupStage(this::show);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void clearRecoveryCopies() throws IOException {
        // each test starts without recovery copies an earlier test's unsaved edits left behind
        if (Files.isDirectory(RECOVERY)) {
            try (var files = Files.list(RECOVERY)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
        }
    }

    private void show(Stage stage) {
        this.stage = stage;
        window = WorkbenchApp.build(lanes.lanes());
        stage.titleProperty().bind(window.session().titleProperty());
        stage.setScene(new Scene(window.root(), 1280, 800));
        stage.show();
    }

    @AfterEach
    void stopBackground() {
        lanes.shutdownNow();
    }

    /** Writes a screenshot of the window to target/screenshots/NAME.png. */
    protected void snap(FxRobot robot, String name) {
        robot.interact(() -> {
            try {
                Screenshots.save(window.root(), name);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** 50 points of new users, sessions and listings for the ad marketplace, in a file of their own, with one
     * bad line. */
    protected static Path moreTraffic(Path dir) throws Exception {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            body.append("listing_event,event=view,listing_id=L9").append(i).append(",user_id=new").append(i)
                .append(",device=desktop,session_id=s-new-").append(i).append(" page_url=\"/x\",count=1i ")
                .append(1_767_571_200_000_000_000L + i).append('\n');
        }
        body.append("this line is no point\n");
        return Files.writeString(dir.resolve("more.lp"), body);
    }

    /** Presses Ctrl+S and waits until the workspace is written (in the background) and nothing is unsaved. */
    protected void saveAndWait(FxRobot robot) throws Exception {
        robot.press(javafx.scene.input.KeyCode.CONTROL).type(javafx.scene.input.KeyCode.S).release(javafx.scene.input.KeyCode.CONTROL);
        waitOnFx(10, () -> !window.session().history().isDirty());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Copies the ad marketplace workspace and its traffic into {@code dir}, opens the copy and waits for its numbers. */
    protected Path openCopy(FxRobot robot, Path dir) throws Exception {
        return openCopy(robot, dir, "ad-marketplace", "ads.cardinal.json");
    }

    /** A copy of sample scenario {@code scenario} (its workspace, as {@code name}, and its traffic) opened and projected. */
    protected Path openCopy(FxRobot robot, Path dir, String scenario, String name) throws Exception {
        Path ws = dir.resolve(name);
        Files.copy(Path.of("sample-data", scenario, scenario + ".cardinal.json"), ws);
        Files.copy(Path.of("sample-data", scenario, "traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        openAndWait(robot, ws);
        awaitProjection(robot);
        return ws;
    }

    /**
     * Opens {@code file} and waits until it is shown with its traffic read (the layouts come first, the traffic after)
     * or the status bar says why it cannot be.
     */
    protected void openAndWait(FxRobot robot, Path file) throws Exception {
        int shown = WaitForAsyncUtils.asyncFx(() -> window.session().workspaceShownProperty().get()).get();
        robot.interact(() -> window.controller().open(file));
        waitOnFx(60, () -> window.session().workspaceShownProperty().get() > shown && !window.session().awaitingSample()
            || robot.lookup("#status").queryAs(Label.class).getText().startsWith("Cannot "));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Waits until {@code condition} holds, asking it on the FX thread: a lookup walks the scene graph, which the FX
     * thread may be changing (an IndexOutOfBoundsException from the test thread, seen once in a few runs).
     */
    protected static void waitOnFx(long seconds, java.util.concurrent.Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition).get());
    }

    /** The Projection table's "now" figure for the row {@code what}, or "" when there is no such row. */
    protected static String projected(FxRobot robot, String what) {
        TableView<ProjectionRows.Row> table = robot.lookup("#projection").queryTableView();
        return table.getItems().stream().filter(r -> r.what().equals(what)).findFirst().map(ProjectionRows.Row::now).orElse("");
    }

    protected static void awaitProjection(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !robot.lookup("#projectionStatus").queryAs(Label.class).getText()
            .startsWith("Recomputing") && !projected(robot, "series").isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
    }
}
