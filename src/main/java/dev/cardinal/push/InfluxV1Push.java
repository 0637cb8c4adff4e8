package dev.cardinal.push;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Plan and apply layouts on one InfluxDB 1.x database (or InfluxDB 3 through its v1 API). */
public final class InfluxV1Push {
    private final InfluxV1Client client;
    private final String database;

    public InfluxV1Push(InfluxV1Client client, String database) {
        this.client = client;
        this.database = database;
    }

    /** What apply ran, and what it left out because it is destructive and was not allowed by name. */
    public record Applied(List<PlanStep> ran, List<PlanStep> blocked, boolean cancelled) {
        public Applied {
            ran = List.copyOf(ran);
            blocked = List.copyOf(blocked);
        }
    }

    public String target() {
        return client.url() + " database " + database;
    }

    public Plan plan(Workspace ws, List<Layout> layouts) throws InfluxV1Exception, InterruptedException {
        return InfluxV1Planner.plan(ws, layouts, target(), InfluxV1State.read(client, database));
    }

    /**
     * Runs the plan's statements in order. Destructive steps run only when their subject is in {@code allowed};
     * the others are returned as blocked. Stops between steps when cancelled.
     */
    public Applied apply(Plan plan, Collection<String> allowed, PushMonitor monitor)
        throws InfluxV1Exception, InterruptedException {
        List<PlanStep> blocked = plan.blocked(allowed);
        List<PlanStep> todo = plan.steps().stream().filter(PlanStep::changes).filter(s -> !blocked.contains(s)).toList();
        List<PlanStep> ran = new ArrayList<>();
        for (PlanStep step : todo) {
            if (monitor.cancelled()) {
                return new Applied(ran, blocked, true);
            }
            for (String statement : step.statements()) {
                client.query(statement, null);
            }
            ran.add(step);
            monitor.progress(step.action().id() + " " + step.subject(), ran.size(), todo.size());
        }
        return new Applied(ran, blocked, false);
    }
}
