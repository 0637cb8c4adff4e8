package dev.cardinal.push;

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
}
