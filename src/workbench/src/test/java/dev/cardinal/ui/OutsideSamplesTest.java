package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Opening a workspace that binds traffic from outside its folder: the workbench names the files and reads them only
 * when the user says so; said no, they stay bound but unread, the problems list says why, and nothing else reads
 * them either.
 */
@ExtendWith(ApplicationExtension.class)
class OutsideSamplesTest {
    private final ExecutorService executor = WorkbenchApp.backgroundExecutor();
    private WorkbenchApp.Window window;

    @Start
    void start(Stage stage) {
        window = WorkbenchApp.build(executor);
        stage.setScene(new Scene(window.root(), 1280, 800));
        stage.show();
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    /** The weather workspace in {@code dir/ws}, reading its traffic from {@code dir/elsewhere} by an absolute path. */
    static Path workspace(Path dir) throws IOException {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path traffic = Files.copy(Path.of("sample-data/weather/traffic.lp.gz"), elsewhere.resolve("secret.lp.gz"));
        Workspace w;
        try {
            w = WorkspaceFiles.load(Path.of("sample-data/weather/weather.cardinal.json")).workspace();
        } catch (dev.cardinal.model.WorkspaceFormatException e) {
            throw new IOException(e);
        }
        SampleBinding b = w.samples().get(0);
        Path file = Files.createDirectories(dir.resolve("ws")).resolve("w.cardinal.json");
        WorkspaceFiles.save(file, new Workspace(w.name(), w.eventKinds(), w.layouts(), List.of(new SampleBinding(b.id(),
            traffic.toAbsolutePath().toString(), b.format(), b.eventKind(), b.precision(), b.timeColumn(), b.timeFormat(),
            b.tagColumns())), w.rollups(), w.targets(), w.canvas()));
        return file;
    }

    /** Opens {@code file} and answers the question about outside samples with {@code answer}. */
    private void openAnswering(FxRobot robot, Path file, String answer) throws Exception {
        robot.interact(() -> window.controller().open(file));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup(answer).tryQuery().isPresent());
        String text = robot.lookup(".dialog-pane .content").queryAs(Label.class).getText();
        assertTrue(text.contains("sample 'traffic': ") && text.contains("secret.lp.gz (an absolute path)"), text);
        robot.clickOn(robot.lookup(answer).queryAs(Button.class));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> window.session().workspaceShownProperty().get() == 1);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void saidNoTheSampleIsNotReadAndTheProblemsSayWhy(FxRobot robot, @TempDir Path dir) throws Exception {
        openAnswering(robot, workspace(dir), "Don't Read");
        assertEquals("No traffic read: 1 sample outside the workspace's folder not read (see Problems)",
            robot.lookup("#status").queryAs(Label.class).getText(), "no zeros of a read that did not happen");
        ListView<String> problems = robot.lookup("#problems").queryListView();
        assertTrue(problems.getItems().get(0).startsWith("not read: sample 'traffic': "), problems.getItems().toString());
        assertEquals(1, window.session().unreadSamples().size());
        assertEquals(List.of(), window.session().sampleSources(), "the capture and every other reader skip it too");
        assertEquals(1, window.session().workspace().samples().size(), "it stays bound, and is saved as it was");
    }

    @Test
    void saidYesTheSampleIsRead(FxRobot robot, @TempDir Path dir) throws Exception {
        openAnswering(robot, workspace(dir), "Read Them");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS,
            () -> robot.lookup("#status").queryAs(Label.class).getText().startsWith("38,016 points read from 1 file"));
        assertEquals(List.of(), window.session().unreadSamples());
    }
}
