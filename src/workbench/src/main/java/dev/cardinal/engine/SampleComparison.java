package dev.cardinal.engine;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;

/**
 * A layout's sample written to a server, and what the server reports beside what was projected, row by row; shown as
 * the engine renders it ({@link ShownComparison}), so {@code cardinal apply --write-sample} and the Push tab print any engine's
 * alike.
 *
 * @param eventKind  what was written
 * @param layout     through which layout (its id)
 * @param written    how it was written, in a user's words ({@code 20,000 lines to /write?db=try1, moved 412 days})
 * @param rows       the numbers
 * @param notes      what the numbers mean, and every difference named
 * @param cancelled  true when the write stopped between requests because it was asked to
 * @param matches    true when the server holds what was projected: every number, and nothing dropped or overwritten
 * @param resume     where a stopped write resumes, for an engine that resumes one ({@link SampleCheck#resumes}), or null
 * @param unwritable why no row of the sample could be written (then nothing was), or null
 * @param shown      the engine's rendering
 */
public record SampleComparison(String eventKind, String layout, String written, List<ComparisonRow> rows, List<String> notes,
                               boolean cancelled, boolean matches, Resume resume, String unwritable, ShownComparison shown) {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    public SampleComparison {
        Objects.requireNonNull(eventKind, "eventKind");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(shown, "shown");
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }

    /**
     * A comparison rendered the common way: a table of its rows, then its notes. It matches when not stopped and no
     * row differs.
     */
    public SampleComparison(String eventKind, String layout, String written, List<ComparisonRow> rows, List<String> notes,
                            boolean cancelled) {
        this(eventKind, layout, written, rows, notes, cancelled, !cancelled && rows.stream().noneMatch(ComparisonRow::differs), null, null,
            ShownComparison.common(eventKind, layout, written, rows, notes, cancelled));
    }

    /** A layout no row of which can be written, and why: nothing was sent. */
    public static SampleComparison unwritable(String eventKind, String layout, String why) {
        ObjectNode json = F.objectNode().put("name", eventKind).put("layout", layout).put("matches", false).put("unwritable", why);
        return new SampleComparison(eventKind, layout, "nothing written", List.of(), List.of(), false, false, null, why,
            new ShownComparison("no row can be written, " + why, json, List.of()));
    }

    /** Where a stopped write resumes: after {@code resumeAt} lines, timestamps moved by the same {@code timeShiftNs}. */
    public record Resume(long resumeAt, long timeShiftNs) {
    }
}
