package dev.cardinal.projection;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * Runs a few independent pieces of a projection on the machine's cores, the calling thread taking its share. A piece
 * goes to whichever thread is free first, so a caller never waits on a pool that is busy elsewhere: at worst it does
 * every piece itself. Pieces are milliseconds long (a role toggle's walk over half the partitions).
 */
final class Walkers {
    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "projection walker");
        t.setDaemon(true);
        return t;
    });

    private Walkers() {
    }

    /** Threads a projection may use: {@code cardinal.projectionThreads}, else the available processors. */
    static int threads() {
        return Math.max(1, Integer.getInteger("cardinal.projectionThreads", Runtime.getRuntime().availableProcessors()));
    }

    /** Runs {@code piece} for 0 to {@code pieces - 1}, at once where threads are free; returns when all are done. */
    static void run(int pieces, IntConsumer piece) {
        if (pieces == 1) {
            piece.accept(0);
            return;
        }
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(pieces);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < pieces; i = next.getAndIncrement()) {
                try {
                    piece.accept(i);
                } catch (Throwable t) {
                    failed.compareAndSet(null, t);
                } finally {
                    done.countDown();
                }
            }
        };
        for (int w = 1; w < pieces; w++) {
            POOL.execute(worker);
        }
        worker.run();
        boolean interrupted = false;
        while (true) {
            try {
                done.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the pieces are short: finish them, then say it
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable t = failed.get();
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
    }
}
