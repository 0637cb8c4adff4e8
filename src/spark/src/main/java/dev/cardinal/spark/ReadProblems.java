package dev.cardinal.spark;

import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.SampleLimits;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.apache.spark.util.CollectionAccumulator;
import org.apache.spark.util.LongAccumulator;

/**
 * The lines the first read refused, each with its file, line, column and reason as Cardinal's own reader says them
 * ({@link ReadProblem}): a task knows a line's place in its partition of the file; the driver adds the lines of the
 * file's earlier partitions. Every refused line is counted; the first {@link SampleLimits#maxProblems()} in file order
 * are listed, as the desktop lists them.
 */
final class ReadProblems implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * A refused line: its file and partition (as numbers), its 1-based line in the partition, column, kind and reason;
     * a type conflict with a line of the same chunk names that line ({@code since}, in the partition; else 0).
     */
    record At(int file, int partition, long line, int column, ReadProblem.Kind kind, String message, long since)
        implements Serializable {
    }

    /** How a chunk's reader names a line of the chunk: {@code input:LINE}. */
    private static final String SINCE = " since " + InputSpec.HEAD + ":";

    private final LongAccumulator badLines;
    private final CollectionAccumulator<At> problems;
    /** Per partition read to its end: file, partition and its lines. */
    private final CollectionAccumulator<long[]> partitions;

    ReadProblems(SparkContext sc) {
        this.badLines = sc.longAccumulator("bad lines");
        this.problems = sc.collectionAccumulator("read problems");
        this.partitions = sc.collectionAccumulator("lines per partition");
    }

    /** What reading chunk {@code c} refused: {@code bad} lines, the first of them as {@code chunkProblems}. */
    void add(RawChunk c, int headerLines, long bad, List<ReadProblem> chunkProblems) {
        badLines.add(bad);
        for (ReadProblem p : chunkProblems) {
            long line = p.line() <= 0 ? 0 : c.firstLine + p.line() - headerLines;
            String message = p.message();
            long since = 0;
            int at = message.lastIndexOf(SINCE);
            if (at >= 0) {
                since = c.firstLine + Long.parseLong(message.substring(at + SINCE.length())) - headerLines;
                message = message.substring(0, at);
            }
            problems.add(new At(c.file, c.partition, line, p.column(), p.kind(), message, since));
        }
        if (c.last) {
            partitions.add(new long[]{c.file, c.partition, c.firstLine + c.lines});
        }
    }

    long badLines() {
        return badLines.value();
    }

    /** The problems kept, in file order, with their lines in their files; {@code files} names the files by number. */
    List<ReadProblem> problems(List<String> files) {
        Map<Long, Long> lines = new HashMap<>();
        for (long[] p : partitions.value()) {
            lines.merge(p[0] << 32 | p[1], p[2], Math::max);
        }
        List<ReadProblem> out = new ArrayList<>();
        problems.value().stream()
            .sorted(Comparator.comparingInt(At::file).thenComparingInt(At::partition).thenComparingLong(At::line))
            .limit(SampleLimits.defaults().maxProblems())
            .forEach(a -> {
                long before = 0;
                for (int p = 0; p < a.partition(); p++) {
                    before += lines.getOrDefault((long) a.file() << 32 | p, 0L);
                }
                String file = files.get(a.file());
                out.add(new ReadProblem(file, a.line() <= 0 ? 0 : before + a.line(), a.column(), a.kind(),
                    a.since() > 0 ? a.message() + " since " + file + ":" + (before + a.since()) : a.message()));
            });
        return out;
    }
}
