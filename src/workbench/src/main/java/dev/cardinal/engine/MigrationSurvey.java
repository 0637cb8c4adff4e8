package dev.cardinal.engine;

import java.util.List;

/**
 * A migration surveyed ({@link Migration#survey}): its plan as text (every statement or script it will run, then the
 * switch-over and what stays), its windows, the cost line by line, and how many of its windows the state file already
 * records. The command line prints it and the workbench shows it, so both show the same.
 *
 * @param seconds    the estimated time of the run, or a negative number when the engine gives none
 * @param windowsDone windows recorded as done in the state file when the survey was taken
 * @param dryRun     what the survey wrote, in words ({@code nothing written but the probe, dropped again})
 * @param windowed   the windows, oldest first, as the run takes them (none for an engine that rewrites no windows)
 * @param blocked    what in the plan cannot run, and why (the run does the rest), or null
 */
public record MigrationSurvey(String plan, int windows, long points, List<MigrationCost.Row> cost, double seconds, int windowsDone,
                              String dryRun, List<MigrationWindow> windowed, String blocked) {
    public MigrationSurvey {
        cost = List.copyOf(cost);
        windowed = List.copyOf(windowed);
    }
}
