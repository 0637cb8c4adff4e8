package dev.cardinal.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A layout's sample written to a server, and what the server reports beside what was projected, row by row; shown as
 * the engine renders it ({@link Shown}), so {@code cardinal apply --write-sample} and the Push tab print any engine's
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
public record SampleComparison(String eventKind, String layout, String written, List<Row> rows, List<String> notes,
                               boolean cancelled, boolean matches, Resume resume, String unwritable, Shown shown) {
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
    public SampleComparison(String eventKind, String layout, String written, List<Row> rows, List<String> notes,
                            boolean cancelled) {
        this(eventKind, layout, written, rows, notes, cancelled, !cancelled && rows.stream().noneMatch(Row::differs), null, null,
            common(eventKind, layout, written, rows, notes, cancelled));
    }

    /** A layout no row of which can be written, and why: nothing was sent. */
    public static SampleComparison unwritable(String eventKind, String layout, String why) {
        ObjectNode json = F.objectNode().put("name", eventKind).put("layout", layout).put("matches", false).put("unwritable", why);
        return new SampleComparison(eventKind, layout, "nothing written", List.of(), List.of(), false, false, null, why,
            new Shown("no row can be written, " + why, json, List.of()));
    }

    /**
     * How the engine shows the comparison.
     *
     * @param verdict one line for a summary, after "written to TARGET: " ({@code 12 mapping fields, as projected})
     * @param json    its node in {@code cardinal apply --write-sample --format json}'s {@code eventKinds}
     * @param text    its lines in the text output
     */
    public record Shown(String verdict, ObjectNode json, List<String> text) {
        public Shown {
            Objects.requireNonNull(verdict, "verdict");
            Objects.requireNonNull(json, "json");
            text = List.copyOf(text);
        }
    }

    /** Where a stopped write resumes: after {@code resumeAt} lines, timestamps moved by the same {@code timeShiftNs}. */
    public record Resume(long resumeAt, long timeShiftNs) {
    }

    /** How a measurement must compare with its projection. */
    public enum Bound {
        /** A count: equal. */
        EQUAL,
        /** An estimate that may over-count, or a range's low edge: the server's figure is never less. */
        AT_LEAST,
        /** A range's high edge: the server's figure is never more. */
        AT_MOST
    }

    /**
     * One number, projected and as the server reports it; -1 on either side when not counted there (then it differs
     * in nothing).
     *
     * @param bound how the two must compare: {@link Bound#AT_LEAST} for a server's figure that is an estimate by its
     *              own documentation, which may report more than it holds but never less
     */
    public record Row(String what, long projected, long measured, Bound bound) {
        public Row {
            Objects.requireNonNull(bound, "bound");
        }

        /** @param estimate true for {@link Bound#AT_LEAST}, false for {@link Bound#EQUAL} */
        public Row(String what, long projected, long measured, boolean estimate) {
            this(what, projected, measured, estimate ? Bound.AT_LEAST : Bound.EQUAL);
        }

        public static Row exact(String what, long projected, long measured) {
            return new Row(what, projected, measured, Bound.EQUAL);
        }

        /** True when the server's figure is an estimate that may over-count. */
        public boolean estimate() {
            return bound == Bound.AT_LEAST;
        }

        public boolean differs() {
            if (projected < 0 || measured < 0) {
                return false;
            }
            return switch (bound) {
                case EQUAL -> measured != projected;
                case AT_LEAST -> measured < projected;
                case AT_MOST -> measured > projected;
            };
        }

        /** Empty when equal, else the difference in words: {@code 3 more on the server}. */
        public String difference() {
            if (measured == projected) {
                return "";
            }
            long d = Math.abs(measured - projected);
            String said = String.format(Locale.ROOT, "%,d %s on the server", d, measured > projected ? "more" : "fewer");
            return estimate() && measured > projected ? said + " (an estimate that may over-count)" : said;
        }
    }

    private static Shown common(String eventKind, String layout, String written, List<Row> rows, List<String> notes,
                                boolean cancelled) {
        boolean matches = !cancelled && rows.stream().noneMatch(Row::differs);
        ObjectNode n = F.objectNode().put("name", eventKind).put("layout", layout).put("matches", matches)
            .put("written", written).put("cancelled", cancelled);
        ArrayNode rs = n.putArray("rows");
        rows.forEach(r -> rs.addObject().put("what", r.what()).put("projected", r.projected()).put("measured", r.measured())
            .put("estimate", r.estimate()).put("differs", r.differs()));
        ArrayNode ns = n.putArray("notes");
        notes.forEach(ns::add);
        List<String> text = new ArrayList<>();
        text.add("");
        text.add(String.format(Locale.ROOT, "%s, layout %s: %s", eventKind, layout, written));
        text.add(String.format(Locale.ROOT, "  %-64s %14s %14s", "", "projected", "measured"));
        rows.forEach(r -> text.add(String.format(Locale.ROOT, "  %-64s %,14d %,14d%s", r.what(), r.projected(), r.measured(),
            r.measured() == r.projected() ? "" : "   <- " + r.difference())));
        notes.forEach(note -> text.add("  note: " + note));
        text.add(cancelled ? "  stopped as asked: nothing was read back"
            : matches ? "  the server holds what was projected" : "  the server's numbers DIFFER from the projection");
        String verdict = written + "; " + (matches ? "as projected" : "NOT as projected")
            + (notes.isEmpty() ? "" : " (" + notes.get(0) + ")");
        return new Shown(verdict, n, text);
    }
}
