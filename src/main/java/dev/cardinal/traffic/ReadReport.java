package dev.cardinal.traffic;

import java.util.List;

/**
 * What reading sample traffic found besides the rows: counts, and the problems with their places. Every bad line
 * is counted in {@link #badLines()}; the first {@link SampleLimits#maxProblems()} are kept in {@link #problems()}.
 *
 * @param files             files read
 * @param lines             lines seen (comments and blank lines included)
 * @param points            rows kept
 * @param badLines          lines skipped because they were malformed or conflicted
 * @param problems          the problems kept, in reading order
 * @param problemsOmitted   problems counted but not kept
 * @param withoutTimestamp  points that carried no timestamp and were given the read time, as the server would
 * @param capped            true when reading stopped early at the memory budget or row cap
 */
public record ReadReport(int files, long lines, long points, long badLines, List<ReadProblem> problems,
                         long problemsOmitted, long withoutTimestamp, boolean capped) {
    public ReadReport {
        problems = List.copyOf(problems);
    }
}
