package dev.cardinal.engine;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * What apply would do to one target, step by step, computed from the target's live state and the workspace. A
 * plan whose steps are all unchanged is a no-op: applying a plan twice changes nothing the second time.
 *
 * @param target where (for display: URL and database, never credentials)
 */
public record Plan(String target, List<PlanStep> steps) {
    public Plan {
        Objects.requireNonNull(target, "target");
        steps = List.copyOf(steps);
    }

    /** True when apply would run nothing. */
    public boolean noOp() {
        return steps.stream().noneMatch(PlanStep::changes);
    }

    /** Destructive steps whose subject is not among {@code allowed}: apply leaves these out. */
    public List<PlanStep> blocked(Collection<String> allowed) {
        return steps.stream().filter(s -> s.destructive() && s.changes() && !allowed.contains(s.subject())).toList();
    }

    public List<PlanStep> conflicts() {
        return steps.stream().filter(s -> s.action() == PlanStep.Action.CONFLICT).toList();
    }

    /** One line per step: {@code create  retention-policy raw  (reason)} then its statements, indented. */
    public String text() {
        StringBuilder sb = new StringBuilder("plan for ").append(target).append('\n');
        for (PlanStep s : steps) {
            sb.append(String.format("  %-9s %s%s: %s%n", s.action().id(), s.subject(),
                s.destructive() && s.changes() ? " [destructive]" : "", s.reason()));
            s.statements().forEach(st -> sb.append("              ").append(st).append(";\n"));
        }
        long changes = steps.stream().filter(PlanStep::changes).count();
        sb.append(changes == 0 ? "  nothing to do\n" : "  " + changes + " step(s) to apply\n");
        return sb.toString();
    }
}
