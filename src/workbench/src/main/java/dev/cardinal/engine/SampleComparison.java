package dev.cardinal.engine;

import java.util.List;
import java.util.Objects;

/**
 * A layout's sample written to a server, and what the server reports beside what was projected, row by row.
 *
 * @param eventKind what was written
 * @param layout    through which layout (its id)
 * @param written   how it was written, in a user's words ({@code 20,000 lines to /write?db=try1, moved 412 days})
 * @param rows      the numbers
 * @param notes     what the numbers mean, and every difference named
 * @param cancelled true when the write stopped between requests because it was asked to
 */
public record SampleComparison(String eventKind, String layout, String written, List<Row> rows, List<String> notes,
                               boolean cancelled) {
    public SampleComparison {
        Objects.requireNonNull(eventKind, "eventKind");
        Objects.requireNonNull(layout, "layout");
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }

    /**
     * One number, projected and as the server reports it.
     *
     * @param estimate true when the server's figure is an estimate by its own documentation, which may report more
     *                 than it holds but never less: it differs only when it reports less
     */
    public record Row(String what, long projected, long measured, boolean estimate) {
        public static Row exact(String what, long projected, long measured) {
            return new Row(what, projected, measured, false);
        }

        public boolean differs() {
            return estimate ? measured < projected : measured != projected;
        }

        /** Empty when equal, else the difference in words: {@code 3 more on the server}. */
        public String difference() {
            if (measured == projected) {
                return "";
            }
            long d = Math.abs(measured - projected);
            String said = String.format(java.util.Locale.ROOT, "%,d %s on the server", d, measured > projected ? "more" : "fewer");
            return estimate && measured > projected ? said + " (an estimate that may over-count)" : said;
        }
    }

    /** True when every number is as projected and the write was not stopped. */
    public boolean matches() {
        return !cancelled && rows.stream().noneMatch(Row::differs);
    }
}
