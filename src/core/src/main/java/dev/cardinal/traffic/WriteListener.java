package dev.cardinal.traffic;

/**
 * What a caller that answers writes (the capture endpoint) learns from {@link LineProtocolReader#forWrites}: each
 * point taken, with where its text is in the input, so that it can keep those bytes as they came (a string over
 * several lines, a line with leading whitespace and all), and every problem, however many the report keeps.
 * Called on the reading thread, in input order.
 */
public interface WriteListener {

    /**
     * A point the reader took. Offsets count bytes from the start of the input.
     *
     * @param line           the physical line the point starts on (1-based)
     * @param start          where its text starts (its measurement; leading whitespace is not part of it)
     * @param end            where its text ends: before the newline that ends it (and a CR before that), or the
     *                       input's end
     * @param timestampStart where its timestamp starts (a {@code -} included), or -1 when it has none and the
     *                       server gives it the time of the write
     * @param timestampEnd   where its timestamp ends, or -1
     */
    void accepted(long line, long start, long end, long timestampStart, long timestampEnd);

    /**
     * A line refused (kinds MALFORMED and TYPE_CONFLICT) or kept with a warning (kind WARNING), each one of them;
     * the report keeps only the first {@link SampleLimits#maxProblems()}.
     */
    default void problem(ReadProblem problem) {
    }
}
