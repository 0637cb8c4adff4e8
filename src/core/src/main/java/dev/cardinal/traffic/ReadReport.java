package dev.cardinal.traffic;

import java.util.List;

/**
 * What reading sample traffic found besides the rows: counts, and the problems with their places. Every bad line
 * is counted in {@link #badLines()}; the first {@link SampleLimits#maxProblems()} are kept in {@link #problems()}.
 * Lines that were kept, as the server would keep them, but are probably not what was meant (a string left open
 * that swallows the lines after it, bytes that are not UTF-8) are {@link #warnings()}, kept and counted apart: a
 * caller that drops the lines of problems (a capture answering a write) must not drop these.
 *
 * @param files             files read
 * @param lines             lines seen (comments and blank lines included)
 * @param points            rows kept
 * @param badLines          lines skipped because they were malformed or conflicted
 * @param problems          the problems kept, in reading order
 * @param problemsOmitted   problems counted but not kept
 * @param withoutTimestamp  points that carried no timestamp and were given the read time, as the server would
 * @param capped            true when reading stopped early at the memory budget or row cap
 * @param warnings          the warnings kept (kind {@link ReadProblem.Kind#WARNING}), in reading order
 * @param warningsOmitted   warnings counted but not kept
 */
public record ReadReport(int files, long lines, long points, long badLines, List<ReadProblem> problems,
                         long problemsOmitted, long withoutTimestamp, boolean capped, List<ReadProblem> warnings,
                         long warningsOmitted) {
    public ReadReport {
        problems = List.copyOf(problems);
        warnings = List.copyOf(warnings);
    }

    /** A report without warnings. */
    public ReadReport(int files, long lines, long points, long badLines, List<ReadProblem> problems,
                      long problemsOmitted, long withoutTimestamp, boolean capped) {
        this(files, lines, points, badLines, problems, problemsOmitted, withoutTimestamp, capped, List.of(), 0);
    }
}
