package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** The workbench's background work runs in lanes: a push that hangs on a slow server does not queue File > Open. */
class LanesTest extends WorkbenchFixture {

    /** Keeps {@code lane} busy until the latch returned is counted down. */
    private static CountDownLatch busy(java.util.concurrent.Executor lane) {
        CountDownLatch done = new CountDownLatch(1);
        lane.execute(() -> {
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return done;
    }

    @Test
    void aSlowPushDoesNotQueueOpeningAWorkspace(FxRobot robot, @TempDir Path dir) throws Exception {
        // the network lane is busy with a push whose server does not answer
        CountDownLatch serverAnswers = busy(lanes.network());
        try {
            openCopy(robot, dir);
            assertEquals("ad-marketplace", window.session().workspace().name());
            assertEquals("20,000", projected(robot, "points"), "opened and read while the push waits");
            assertFalse(lanes.network().isTerminated());
        } finally {
            serverAnswers.countDown();
        }
    }

    @Test
    void saveWritesOnTheFilesLaneNotTheFxThread(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openCopy(robot, dir);
        robot.interact(() -> window.session().edits().setRole("device", dev.cardinal.model.Role.FIELD));
        String before = java.nio.file.Files.readString(ws);
        CountDownLatch diskFree = busy(lanes.files());
        try {
            robot.press(javafx.scene.input.KeyCode.CONTROL).type(javafx.scene.input.KeyCode.S).release(javafx.scene.input.KeyCode.CONTROL);
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
            // the FX thread went on: the file is written when its lane gets to it, and until then it is unsaved
            assertEquals(before, java.nio.file.Files.readString(ws));
            org.junit.jupiter.api.Assertions.assertTrue(window.session().history().isDirty());
        } finally {
            diskFree.countDown();
        }
        waitOnFx(10, () -> !window.session().history().isDirty());
        org.junit.jupiter.api.Assertions.assertNotEquals(before, java.nio.file.Files.readString(ws));
        assertEquals("Saved " + ws.getFileName(), robot.lookup("#status").queryAs(javafx.scene.control.Label.class).getText());
    }

    @Test
    void savingFromTheUnsavedChangesQuestionWritesOnTheFilesLaneThenGoesOn(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openCopy(robot, dir);
        robot.interact(() -> window.session().edits().setRole("device", dev.cardinal.model.Role.FIELD));
        String before = java.nio.file.Files.readString(ws);
        java.util.concurrent.CompletableFuture<Boolean> closed = new java.util.concurrent.CompletableFuture<>();
        CountDownLatch diskFree = busy(lanes.files());
        try {
            robot.interact(() -> javafx.application.Platform.runLater(() -> window.controller().requestClose(() -> closed.complete(true))));
            org.testfx.util.WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS,
                () -> robot.lookup("Discard Changes").tryQuery().isPresent());
            robot.clickOn("Save");
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
            // the answer is taken and the FX thread goes on; the window closes only once the file is written
            assertEquals(before, java.nio.file.Files.readString(ws));
            assertFalse(closed.isDone(), "the window waits for the save");
            robot.interact(() -> window.session().edits().setRole("user_id", dev.cardinal.model.Role.FIELD));
        } finally {
            diskFree.countDown();
        }
        org.junit.jupiter.api.Assertions.assertTrue(closed.get(10, java.util.concurrent.TimeUnit.SECONDS));
        String saved = java.nio.file.Files.readString(ws);
        org.junit.jupiter.api.Assertions.assertNotEquals(before, saved);
        org.junit.jupiter.api.Assertions.assertTrue(saved.contains("device"), saved);
    }
}
