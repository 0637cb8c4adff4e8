package dev.cardinal.traffic;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects rows from any number of files and readers into one {@link Sample}, keeps the problems, and watches
 * the memory budget. Not thread-safe: one reading thread at a time.
 */
public final class SampleBuilder {
    private static final int BUDGET_CHECK_INTERVAL = 1 << 12;

    private final SampleLimits limits;
    private final ByteDictionary kindNames = new ByteDictionary();
    private final List<EventKindBuilder> kinds = new ArrayList<>();
    private final List<ReadProblem> problems = new ArrayList<>();
    private long problemsOmitted;
    private long badLines;
    private long lines;
    private long rows;
    private long withoutTimestamp;
    private int files;
    private boolean capped;
    private long nextBudgetCheck = BUDGET_CHECK_INTERVAL;

    public SampleBuilder(SampleLimits limits) {
        this.limits = limits;
    }

    public SampleLimits limits() {
        return limits;
    }

    public EventKindBuilder kind(byte[] name, int off, int len) {
        int id = kindNames.getOrAdd(name, off, len);
        if (id > kinds.size()) {
            kinds.add(new EventKindBuilder(new String(name, off, len, StandardCharsets.UTF_8),
                () -> limits.maxBytes() - footprintBytes()));
        }
        return kinds.get(id - 1);
    }

    public EventKindBuilder kind(String name) {
        byte[] b = name.getBytes(StandardCharsets.UTF_8);
        return kind(b, 0, b.length);
    }

    /** Records a problem that cost a line. */
    public void badLine(ReadProblem problem) {
        badLines++;
        problem(problem);
    }

    /** Records a problem (kept for display up to the limit, always counted). */
    public void problem(ReadProblem problem) {
        if (problems.size() < limits.maxProblems()) {
            problems.add(problem);
        } else {
            problemsOmitted++;
        }
    }

    public void fileStarted() {
        files++;
    }

    public void linesSeen(long n) {
        lines += n;
    }

    public void pointWithoutTimestamp() {
        withoutTimestamp++;
    }

    /**
     * Called after each committed row. Returns false, and records why, once the row cap or memory budget is
     * reached; the reader must then stop.
     */
    public boolean rowAdded(String file, long line) {
        rows++;
        if (rows >= limits.maxRows()) {
            cap(file, line, "the row cap of " + limits.maxRows() + " rows");
            return false;
        }
        if (rows >= nextBudgetCheck) {
            nextBudgetCheck = rows + BUDGET_CHECK_INTERVAL;
            long used = footprintBytes();
            if (used > limits.maxBytes()) {
                cap(file, line, "the memory budget of " + (limits.maxBytes() >> 20) + " MiB (" + (used >> 20)
                    + " MiB held by " + rows + " rows and their dictionaries)");
                return false;
            }
        }
        return true;
    }

    private void cap(String file, long line, String why) {
        capped = true;
        problem(new ReadProblem(file, line, 0, ReadProblem.Kind.CAPPED, "reading stopped after this line at " + why
            + "; the rest of the traffic was not read. Give Java more heap (-Xmx) or read a smaller sample."));
    }

    public boolean capped() {
        return capped;
    }

    public long footprintBytes() {
        long b = kindNames.footprintBytes();
        for (EventKindBuilder k : kinds) {
            b += k.footprintBytes();
        }
        return b;
    }

    public Sample build() {
        List<EventKindSample> built = new ArrayList<>();
        long points = 0;
        for (EventKindBuilder k : kinds) {
            if (k.rows() > 0) {
                built.add(k.build());
                points += k.rows();
            }
        }
        return new Sample(built, new ReadReport(files, lines, points, badLines, problems, problemsOmitted,
            withoutTimestamp, capped));
    }
}
