package dev.cardinal.capture;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The bounded pool that checks and spools whole bodies, and nothing else: bodies are read by their connections
 * first, so no worker ever waits on a client. At most {@code maxWaiting} bodies wait for a worker, each for at most
 * {@code wait}; beyond either the caller sheds the request (503) instead of letting it queue until its client gives up.
 */
final class CaptureWorkers {
    private static final int QUEUED = 0;
    private static final int RUNNING = 1;
    private static final int DROPPED = 2;

    private final ThreadPoolExecutor pool;

    CaptureWorkers(int threads, int maxWaiting) {
        pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(Math.max(1, maxWaiting)), r -> {
            Thread t = new Thread(r, "cardinal-capture-worker");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The job's answer once a worker has run it; {@code full} when too many jobs wait already, {@code late} when no
     * worker took it within {@code wait} (it is then never run). A job a worker has started is always waited for.
     */
    Answer run(Supplier<Answer> job, Duration wait, Supplier<Answer> full, Supplier<Answer> late) throws InterruptedException {
        AtomicInteger state = new AtomicInteger(QUEUED);
        CompletableFuture<Answer> answer = new CompletableFuture<>();
        Runnable task = () -> {
            if (state.compareAndSet(QUEUED, RUNNING)) {
                try {
                    answer.complete(job.get());
                } catch (Throwable t) {
                    answer.completeExceptionally(t);
                }
            }
        };
        try {
            pool.execute(task);
        } catch (RejectedExecutionException e) {
            return full.get();
        }
        try {
            try {
                return answer.get(wait.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                if (state.compareAndSet(QUEUED, DROPPED)) {
                    pool.remove(task);
                    return late.get();
                }
                return answer.get();
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /** Lets the bodies already handed over be checked and spooled, then stops. */
    void close() throws InterruptedException {
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }
}
