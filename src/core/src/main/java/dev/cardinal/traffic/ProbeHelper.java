package dev.cardinal.traffic;

import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs the tasks of one step on the calling thread and one helper thread, which claim them one at a time: when the
 * helper is slow to wake (the machine busy), the calling thread takes every task left and waits only for the one the
 * helper holds, so a busy processor slows the step, never stops it. No lock: the tasks touch disjoint data.
 */
final class ProbeHelper implements AutoCloseable {
    /** One task: {@code task} of the step, on {@code worker} 0 (the calling thread) or 1 (the helper). */
    interface Task {
        void run(int task, int worker);
    }

    /** Spins before the calling thread parks to wait for the helper's last task. */
    private static final int SPINS = 2000;

    private final Task work;
    private final AtomicInteger next = new AtomicInteger(Integer.MAX_VALUE / 2);
    private final AtomicInteger done = new AtomicInteger();
    private volatile int tasks;
    private volatile Thread caller;
    private volatile boolean closed;
    private volatile Throwable failure;
    private final Thread thread;

    ProbeHelper(Task work) {
        this.work = work;
        this.thread = new Thread(this::help, "cardinal-probes");
        thread.setDaemon(true);
        thread.start();
    }

    /** Runs tasks {@code 0..count-1}, each once, on this thread and the helper, and returns when all are done. */
    void run(int count) {
        caller = Thread.currentThread();
        done.set(0);
        tasks = count;
        next.set(0);
        LockSupport.unpark(thread);
        claim(0, count);
        for (int spin = 0; done.get() < count; spin++) {
            if (spin < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(this, 200_000);
            }
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new CancellationException("the read was interrupted");
            }
        }
        Throwable f = failure;
        if (f != null) {
            throw new IllegalStateException("probing on the helper thread failed", f);
        }
    }

    private void claim(int worker, int count) {
        for (int t = next.getAndIncrement(); t < count; t = next.getAndIncrement()) {
            try {
                work.run(t, worker);
            } catch (RuntimeException | Error e) {
                if (worker == 0) {
                    done.incrementAndGet();
                    throw e;
                }
                failure = e;
            }
            if (done.incrementAndGet() == count && worker == 1) {
                LockSupport.unpark(caller);
            }
        }
    }

    private void help() {
        while (!closed) {
            // next before tasks: the calling thread sets them in the other order
            if (next.get() < tasks) {
                claim(1, tasks);
            }
            LockSupport.park(this);
        }
    }

    /** Ends the helper thread. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
