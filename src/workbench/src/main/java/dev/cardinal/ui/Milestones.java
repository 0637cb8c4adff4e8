package dev.cardinal.ui;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The moments of a start that a user waits for: the window's frame, the workbench in it, the workspace's layouts, and
 * the first numbers. Each is told once to whoever listens (the launcher's phase timings, {@code -Dcardinal.phases=true},
 * which the start-up bench reads); nobody listens by default, and then a milestone costs a field read.
 */
public final class Milestones {
    private static volatile Consumer<String> listener;
    private static final Set<String> REACHED = ConcurrentHashMap.newKeySet();

    private Milestones() {
    }

    /** Tells {@code to} of each milestone from now on, once. */
    public static void listen(Consumer<String> to) {
        listener = to;
    }

    /** The milestone named {@code name} has been reached; said only the first time. */
    public static void reached(String name) {
        Consumer<String> to = listener;
        if (to != null && REACHED.add(name)) {
            to.accept(name);
        }
    }
}
