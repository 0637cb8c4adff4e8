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

    @Test
    void aSlowPushDoesNotQueueOpeningAWorkspace(FxRobot robot, @TempDir Path dir) throws Exception {
        CountDownLatch serverAnswers = new CountDownLatch(1);
        try {
            // the network lane is busy with a push whose server does not answer
            lanes.network().execute(() -> {
                try {
                    serverAnswers.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            openCopy(robot, dir);
            assertEquals("ad-marketplace", window.session().workspace().name());
            assertEquals("20,000", projected(robot, "points"), "opened and read while the push waits");
            assertFalse(lanes.network().isTerminated());
        } finally {
            serverAnswers.countDown();
        }
    }
}
