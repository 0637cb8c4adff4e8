package dev.cardinal.cli;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C and SIGTERM as the ordinary way to end a capture. The JVM answers both by running its shutdown hooks and
 * then ending, which would cut the capture off before its report and leave the temporary spool behind; so the hook
 * only asks the capture to stop, waits until it has printed its report and cleaned up, and then ends the JVM with the
 * capture's own exit code (0 reported, 1 nothing captured, 3 failed), the same as after {@code --duration}.
 */
final class CaptureStop {
    private final CountDownLatch requested = new CountDownLatch(1);
    private final CompletableFuture<Integer> finished = new CompletableFuture<>();
    private final Thread hook = new Thread(this::signalled, "cardinal-capture-stop");
    private volatile boolean bySignal;

    static CaptureStop install() {
        CaptureStop stop = new CaptureStop();
        Runtime.getRuntime().addShutdownHook(stop.hook);
        return stop;
    }

    /** Waits up to {@code millis} for a stop: true when Ctrl-C or SIGTERM came. */
    boolean await(long millis) throws InterruptedException {
        return requested.await(millis, TimeUnit.MILLISECONDS);
    }

    /** The capture has ended (report printed, output flushed, spool removed): a stop by signal now ends the JVM with {@code code}. */
    void finished(int code) {
        if (!bySignal) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // a signal came just now: the hook takes the code below
            }
        }
        finished.complete(code);
    }

    private void signalled() {
        bySignal = true;
        requested.countDown();
        try {
            Runtime.getRuntime().halt(finished.get());
        } catch (InterruptedException | ExecutionException e) {
            Runtime.getRuntime().halt(3);
        }
    }
}
