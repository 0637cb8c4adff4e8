package dev.cardinal.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.concurrent.Task;
import javafx.scene.control.Button;
import javafx.scene.control.ProgressBar;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** A panel's progress and Cancel: shown while its task runs, gone when it ends; Cancel stops the task and no handler runs. */
class TaskProgressTest {
    private final ExecutorService executor = Executors.newSingleThreadExecutor();

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void cancelStopsTheTaskAndHidesTheProgress() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        List<String> calls = new CopyOnWriteArrayList<>();
        CompletableFuture<Boolean> interrupted = new CompletableFuture<>();
        ProgressBar bar = new ProgressBar();
        Button cancel = new Button("Cancel");
        TaskProgress progress = WaitForAsyncUtils.asyncFx(() -> new TaskProgress(bar, cancel)).get();
        assertFalse(bar.isVisible() || cancel.isVisible() || bar.isManaged(), "nothing runs: no progress");
        Task<String> job = WaitForAsyncUtils.asyncFx(() -> {
            Task<String> t = Tasks.<String>create(p -> {
                p.update(0.25, "a quarter");
                started.countDown();
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    interrupted.complete(true);
                }
                return "done";
            }).onSuccess(calls::add).onError(e -> calls.add("failed")).andFinally(() -> calls.add("finally")).runOn(executor);
            progress.track(t);
            return t;
        }).get();
        assertTrue(started.await(10, TimeUnit.SECONDS));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> bar.getProgress() == 0.25);
        assertTrue(bar.isVisible() && cancel.isVisible());
        assertTrue(WaitForAsyncUtils.asyncFx(progress::cancel).get());
        assertTrue(interrupted.get(10, TimeUnit.SECONDS), "the job's thread is interrupted");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(job.isCancelled());
        assertFalse(bar.isVisible() || cancel.isVisible(), "the progress goes with the task");
        assertEquals(List.of("finally"), calls, "a cancelled task shows no result and no failure");
        assertFalse(WaitForAsyncUtils.asyncFx(progress::cancel).get(), "nothing left to cancel");
    }
}
