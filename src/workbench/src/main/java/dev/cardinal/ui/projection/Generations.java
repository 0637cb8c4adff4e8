package dev.cardinal.ui.projection;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which request is the newest: each request takes the next generation, and what was computed for an older one is
 * dropped instead of shown. Posts to the UI thread only while the generation they belong to is still the newest.
 */
final class Generations {
    private final AtomicLong newest = new AtomicLong();
    private final Executor ui;

    Generations(Executor ui) {
        this.ui = ui;
    }

    /** A new request: everything computed for an earlier one is out of date from now on. */
    long next() {
        return newest.incrementAndGet();
    }

    boolean current(long generation) {
        return newest.get() == generation;
    }

    /** Runs {@code show} on the UI thread if {@code generation} is still the newest when it gets there. */
    void post(long generation, Runnable show) {
        ui.execute(() -> {
            if (current(generation)) {
                show.run();
            }
        });
    }

    /** Runs {@code then} on the UI thread, whatever the generation (to order work after what is posted). */
    void afterPosts(Runnable then) {
        ui.execute(then);
    }
}
