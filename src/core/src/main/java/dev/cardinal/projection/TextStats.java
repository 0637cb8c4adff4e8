package dev.cardinal.projection;

/**
 * One path's string values in a document sample ({@link TextValues#of}).
 *
 * @param values          string values seen (an array's elements each)
 * @param distinct        distinct values, at most {@link TextValues#DISTINCT_CAP}
 * @param capped          true when there were more distinct values than counted
 * @param averageLength   average length in characters
 * @param withWhitespace  values that hold a space, tab or line break
 * @param longest         the longest value's length
 */
public record TextStats(long values, int distinct, boolean capped, double averageLength, long withWhitespace,
                        int longest) {
}
