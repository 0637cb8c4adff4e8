package dev.cardinal.engine;

import java.util.List;
import java.util.Objects;

/**
 * One line of a plan: what apply would do to one object on a server, and the statements that do it.
 *
 * @param action      what happens
 * @param subject     the object, named so a user can allow a destructive step by it: {@code database weather},
 *                    {@code retention-policy raw}, {@code continuous-query cq_daily}, {@code table listing_daily}
 * @param statements  what apply runs, in order (empty for {@link Action#UNCHANGED} and {@link Action#CONFLICT})
 * @param reason      why, in a user's words: what differs, or what the server holds that the layout does not expect
 * @param destructive true when running it can lose data or a definition someone else made (a shorter retention
 *                    drops points; replacing a continuous query drops the old one); apply skips such a step unless
 *                    its subject is allowed by name
 */
public record PlanStep(Action action, String subject, List<String> statements, String reason, boolean destructive) {

    /** What apply does with an object. */
    public enum Action {
        CREATE, ALTER, REPLACE, UNCHANGED,
        /** The server holds something apply cannot reconcile (e.g. a field of another type): writes will fail. */
        CONFLICT;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public PlanStep {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(reason, "reason");
        statements = List.copyOf(statements);
    }

    public static PlanStep unchanged(String subject, String reason) {
        return new PlanStep(Action.UNCHANGED, subject, List.of(), reason, false);
    }

    public static PlanStep conflict(String subject, String reason) {
        return new PlanStep(Action.CONFLICT, subject, List.of(), reason, false);
    }

    /** True when apply runs something for this step. */
    public boolean changes() {
        return !statements.isEmpty();
    }
}
