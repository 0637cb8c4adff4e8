package dev.cardinal.ui.common;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The workbench's background lanes, each its own queue: a slow job in one never queues another lane's behind it (a
 * push to a slow server does not hold up File > Open). Injected into the controllers; a test may give one executor
 * for all three, or the same thread.
 *
 * @param files   small file work: exports, recovery copies, the recent files, the spool of a capture kept
 * @param reads   reading workspaces and traffic, and what is computed from them (a review)
 * @param network talking to servers: plan, apply, push
 */
public record Lanes(Executor files, Executor reads, Executor network) {

    /** One executor for every lane. */
    public static Lanes one(Executor all) {
        return new Lanes(all, all, all);
    }

    /** Three lanes of their own, each one daemon thread; {@link Owned#shutdownNow} ends them. */
    public static Owned start() {
        return new Owned(lane("files"), lane("reads"), lane("network"));
    }

    private static ExecutorService lane(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "cardinal-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Lanes with threads of their own, for whoever started them to end. */
    public record Owned(ExecutorService files, ExecutorService reads, ExecutorService network) {
        public Lanes lanes() {
            return new Lanes(files, reads, network);
        }

        public void shutdownNow() {
            List.of(files, reads, network).forEach(ExecutorService::shutdownNow);
        }
    }
}
