package dev.cardinal.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/** The task helper: a failure goes to the first typed handler that takes it, else to the one for every failure. */
class TasksTest {

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    /** Runs a job that throws {@code failure} and says which handler got it, and that {@code andFinally} ran. */
    private static List<String> handled(Exception failure) throws Exception {
        List<String> calls = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.runLater(() -> Tasks.<String>create(p -> {
            throw failure;
        })
            .onSuccess(r -> calls.add("success"))
            .onError(FileNotFoundException.class, e -> calls.add("missing: " + e.getMessage()))
            .onError(IOException.class, e -> calls.add("io: " + e.getMessage()))
            .onError(e -> calls.add("other: " + e.getMessage()))
            .andFinally(() -> done.complete(null))
            .runOn(Runnable::run));
        done.get(10, TimeUnit.SECONDS);
        return calls;
    }

    @Test
    void theFirstTypedHandlerThatTakesTheFailureGetsItAlone() throws Exception {
        assertEquals(List.of("missing: a.lp"), handled(new FileNotFoundException("a.lp")));
        assertEquals(List.of("io: disk full"), handled(new IOException("disk full")));
        assertEquals(List.of("other: bad"), handled(new IllegalStateException("bad")));
    }

    @Test
    void aJobWithoutAHandlerForEveryFailureIsRefused() {
        assertThrows(IllegalStateException.class, () -> Tasks.<String>create(p -> "x")
            .onError(IOException.class, e -> { }).runOn(Runnable::run));
    }
}
