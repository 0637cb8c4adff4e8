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
    private final List<ReadProblem> warnings = new ArrayList<>();
    private long warningsOmitted;
    private long badLines;
    private long lines;
    private long rows;
    private long withoutTimestamp;
    private int files;
    private boolean capped;
    private long nextBudgetCheck = BUDGET_CHECK_INTERVAL;
    /** Bytes held when last measured, bytes grown since (reported, an upper estimate), and how much may grow unmeasured. */
    private long measured;
    private long grown;
    private long slack = 256 << 10;
    /** Bytes a reader holds outside the columns ({@link #holding}). */
    private long held;
    private long mostHeld;
    private long nextInputBytes = -1;
    private long inputBytes = -1;
    private long rowsAtInputStart;
    private long expectedRows = -1;
    /** Where the large dictionaries' values go while a read probes them on two threads ({@link PartitionedProbes}). */
    private PartitionedProbes probes;
    /** The kinds that came as Prometheus metrics ({@link EventKindSample#prometheusMetric()}), and their names' bytes. */
    private final java.util.Set<String> prometheusMetrics = new java.util.HashSet<>();
    private long prometheusMetricBytes;

    public SampleBuilder(SampleLimits limits) {
        this.limits = limits;
    }

    /** From now on until {@link #probesDone}, dictionaries of {@code threshold} values or more are probed on two threads. */
    void probeInPartitions(int threshold) {
        probes = new PartitionedProbes(threshold, this);
    }

    /** The values probed on two threads, or null when not ({@link #probeInPartitions}). */
    PartitionedProbes probes() {
        return probes;
    }

    /**
     * Sets the ids of every value still held for probing, and ends the probing on two threads; false when a table grew
     * where one thread's would not have ({@link PartitionedProbes#diverged}).
     */
    boolean probesDone() {
        PartitionedProbes p = probes;
        if (p == null) {
            return true;
        }
        probes = null;
        p.finish();
        return !p.diverged();
    }

    /** Sets the ids of the values held for probing, so that the figures of the budget are those of one thread. */
    private void settle() {
        if (probes != null) {
            probes.flush();
        }
    }

    public SampleLimits limits() {
        return limits;
    }

    public EventKindBuilder kind(byte[] name, int off, int len) {
        int id = kindNames.getOrAdd(name, off, len);
        if (id > kinds.size()) {
            kinds.add(new EventKindBuilder(new String(name, off, len, StandardCharsets.UTF_8), this));
        }
        return kinds.get(id - 1);
    }

    public EventKindBuilder kind(String name) {
        byte[] b = name.getBytes(StandardCharsets.UTF_8);
        return kind(b, 0, b.length);
    }

    /**
     * Marks the kind {@code name} as a Prometheus metric ({@link EventKindSample#prometheusMetric()}), whether or not
     * it has rows yet; the names marked count against the memory budget.
     */
    public void markPrometheusMetric(String name) {
        if (prometheusMetrics.add(name)) {
            prometheusMetricBytes += 64 + 2L * name.length();
        }
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

    /** Records a warning about a line that was kept (kept for display up to the problems' limit, always counted). */
    public void warning(ReadProblem warning) {
        if (warnings.size() < limits.maxProblems()) {
            warnings.add(warning);
        } else {
            warningsOmitted++;
        }
    }

    public void fileStarted() {
        files++;
        inputBytes = nextInputBytes;
        nextInputBytes = -1;
        rowsAtInputStart = rows;
        expectedRows = -1;
    }

    /**
     * The size of the text the next file (the next {@link #fileStarted}) holds, when known before reading it (a plain
     * file's size, a gzip file's stated uncompressed size): with {@link #inputRead} it lets the columns grow once to
     * the size they will need instead of by half again and again.
     */
    public void expectInput(long textBytes) {
        nextInputBytes = textBytes;
    }

    /**
     * A reader's progress through the current file, in bytes of text. From the rows it has given so far the
     * builder estimates how many the whole file will give; a column that must grow grows to its share of that
     * estimate (within the memory budget), so a 1M-row file is not copied ~17 times on its way up.
     */
    public void inputRead(long textBytes) {
        long fileRows = rows - rowsAtInputStart;
        if (inputBytes <= 0 || textBytes <= 0 || fileRows <= 0 || textBytes >= inputBytes) {
            expectedRows = -1;
            return;
        }
        expectedRows = rows + (long) ((double) fileRows / textBytes * (inputBytes - textBytes));
    }

    /** The rows a kind holding {@code kindRows} now is expected to hold at the end of the file, or -1 when unknown. */
    long expectedRowsOf(long kindRows) {
        if (expectedRows <= rows || rows == 0) {
            return -1;
        }
        return kindRows + (long) ((double) kindRows / rows * (expectedRows - rows));
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
            cap(file, line, "reading stopped after this line at the row cap of " + limits.maxRows() + " rows");
            return false;
        }
        if ((rows >= nextBudgetCheck || grown + (probes == null ? 0 : probes.pendingBytes()) >= slack) && settled()) {
            // the check walks every kind's columns: with thousands of kinds, check less often (each row is tens of bytes)
            nextBudgetCheck = rows + Math.max(BUDGET_CHECK_INTERVAL, 16L * kinds.size());
            long used = measure();
            if (used > limits.maxBytes()) {
                cap(file, line, "reading stopped after this line at the memory budget of " + (limits.maxBytes() >> 20)
                    + " MiB (" + (used >> 20) + " MiB held by " + rows + " rows and their dictionaries)");
                return false;
            }
        }
        return true;
    }

    /**
     * True when the budget can take {@code bytes} more now; asked before a row makes many new columns at once,
     * which could take more than the whole budget in one step. Walks the columns only when the estimate (the last
     * measure plus what grew since) says no.
     */
    public boolean affords(long bytes) {
        settle();
        if (measured + grown + bytes <= limits.maxBytes()) {
            return true;
        }
        return measure() + bytes <= limits.maxBytes();
    }

    /** Stops the reading before a line that cannot be taken within the memory budget; the rows before it are kept. */
    public void capBefore(String file, long line, String why) {
        cap(file, line, "reading stopped before this line at " + why);
    }

    /**
     * Records that a reader holds {@code bytes} outside the columns for now (rows held for type inference); they
     * count against the budget until the reader says 0.
     */
    public void holding(long bytes) {
        grown += Math.max(0, bytes - held);
        held = bytes;
        mostHeld = Math.max(mostHeld, bytes);
    }

    /** About what the budget has left: the last measure, less what grew since (no walk over the columns). */
    long remaining() {
        settle();
        return limits.maxBytes() - measured - grown;
    }

    /** Records that a reader's columns grew by about {@code bytes}, so that a wide row is measured soon. */
    void grew(long bytes) {
        grown += bytes;
    }

    /** After {@link #settle}, whether the budget is to be checked now: the same test as one thread's. */
    private boolean settled() {
        settle();
        return rows >= nextBudgetCheck || grown >= slack;
    }

    /** Counts bad lines whose problems are not kept (more than can be shown). */
    public void badLinesNotKept(long n) {
        badLines += n;
        problemsOmitted += n;
    }

    private long measure() {
        measured = footprintBytes();
        grown = 0;
        // what may grow before the next measure: a quarter of what is left (at least 256 KiB)
        slack = Math.max(256 << 10, (limits.maxBytes() - measured) / 4);
        return measured;
    }

    private void cap(String file, long line, String why) {
        capped = true;
        problem(new ReadProblem(file, line, 0, ReadProblem.Kind.CAPPED, why
            + "; the rest of the traffic was not read. Give Java more heap (-Xmx) or read a smaller sample."));
    }

    long rowCount() {
        return rows;
    }

    /** The most a reader held outside the columns at once ({@link #holding}). */
    long mostHeld() {
        return mostHeld;
    }

    /** The event kinds in the order they were first met, with the raw name of each. */
    List<EventKindBuilder> kinds() {
        return kinds;
    }

    byte[] kindName(int index) {
        return kindNames.bytes(index + 1);
    }

    /**
     * Counts what {@code chunk} (a later part of the same file, read on its own) saw after what this builder saw:
     * lines, rows, problems and warnings in order (kept up to the limit, the rest counted), their lines (counted from
     * the chunk's start) moved {@code lineShift} on. Its rows are appended kind by kind by the caller.
     */
    void appendCounts(SampleBuilder chunk, long lineShift) {
        chunk.problems.forEach(p -> problem(p.movedBy(lineShift)));
        problemsOmitted += chunk.problemsOmitted;
        chunk.warnings.forEach(w -> warning(w.movedBy(lineShift)));
        warningsOmitted += chunk.warningsOmitted;
        badLines += chunk.badLines;
        lines += chunk.lines;
        rows += chunk.rows;
        withoutTimestamp += chunk.withoutTimestamp;
        mostHeld = Math.max(mostHeld, chunk.mostHeld);
        chunk.prometheusMetrics.forEach(this::markPrometheusMetric);
    }

    /**
     * The most {@link #footprintBytes} could have said at any time while this builder's rows were read on one
     * thread: dictionaries only grow, and each kind never had room for more than {@link
     * EventKindBuilder#mostCapacityFor} its rows; plus what one line's new attributes are asked to fit ({@link
     * #affords}).
     */
    long mostFootprint() {
        long b = kindNames.footprintBytes() + mostHeld + prometheusMetricBytes;
        long newAttributes = 0;
        for (EventKindBuilder k : kinds) {
            long capacity = EventKindBuilder.mostCapacityFor(k.rows());
            b += k.footprintAt(capacity);
            newAttributes = Math.max(newAttributes, EventKindBuilder.attributeBytes(k.attributeCount(), capacity));
        }
        return b + newAttributes;
    }

    public boolean capped() {
        return capped;
    }

    public long footprintBytes() {
        settle();
        long b = kindNames.footprintBytes() + held + prometheusMetricBytes;
        for (EventKindBuilder k : kinds) {
            b += k.footprintBytes();
        }
        return b;
    }

    public Sample build() {
        probesDone();
        List<EventKindSample> built = new ArrayList<>();
        long points = 0;
        for (EventKindBuilder k : kinds) {
            if (k.rows() > 0) {
                built.add(k.build(prometheusMetrics.contains(k.name())));
                points += k.rows();
            }
        }
        return new Sample(built, new ReadReport(files, lines, points, badLines, problems, problemsOmitted,
            withoutTimestamp, capped, warnings, warningsOmitted));
    }
}
