package dev.cardinal.engine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * What apply ran, and what it left out because it is destructive and was not allowed by name.
 *
 * @param cancelled true when apply stopped between steps because it was asked to
 */
public record Applied(List<PlanStep> ran, List<PlanStep> blocked, boolean cancelled) {
    public Applied {
        ran = List.copyOf(ran);
        blocked = List.copyOf(blocked);
    }

    /** Runs one statement on the target. */
    @FunctionalInterface
    public interface StatementRunner {
        void run(String statement) throws IOException, InterruptedException;
    }

    /**
     * Runs the plan's changing steps in order, leaving out destructive steps not allowed by name; stops between
     * steps when the monitor says so.
     */
    public static Applied run(Plan plan, Collection<String> allowed, PushMonitor monitor, StatementRunner runner)
        throws IOException, InterruptedException {
        List<PlanStep> blocked = plan.blocked(allowed);
        List<PlanStep> todo = plan.steps().stream().filter(PlanStep::changes).filter(s -> !blocked.contains(s)).toList();
        List<PlanStep> ran = new ArrayList<>();
        for (PlanStep step : todo) {
            if (monitor.cancelled()) {
                return new Applied(ran, blocked, true);
            }
            for (String statement : step.statements()) {
                runner.run(statement);
            }
            ran.add(step);
            monitor.progress(step.action().id() + " " + step.subject(), ran.size(), todo.size());
        }
        return new Applied(ran, blocked, false);
    }
}
