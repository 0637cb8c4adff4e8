package dev.cardinal.projection;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

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

    /** One piece of work, done by one of the workers (0 is the caller), each of which may keep state of its own. */
    interface Piece {
        void run(int worker, int piece);
    }

    /**
     * Runs {@code piece} for 0 to {@code pieces - 1} on up to {@code threads} workers (the caller is worker 0), each
     * taking the next piece when done with one; returns when all are done.
     */
    static void run(int threads, int pieces, Piece piece) {
        if (pieces == 1 || threads == 1) {
            for (int i = 0; i < pieces; i++) {
                piece.run(0, i);
            }
            return;
        }
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(pieces);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        java.util.function.IntFunction<Runnable> worker = w -> () -> {
            for (int i = next.getAndIncrement(); i < pieces; i = next.getAndIncrement()) {
                try {
                    piece.run(w, i);
                } catch (Throwable t) {
                    failed.compareAndSet(null, t);
                } finally {
                    done.countDown();
                }
            }
        };
        for (int w = 1; w < Math.min(threads, pieces); w++) {
            POOL.execute(worker.apply(w));
        }
        worker.apply(0).run();
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
