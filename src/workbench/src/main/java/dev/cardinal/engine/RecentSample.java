package dev.cardinal.engine;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.io.Writer;

/**
 * The most recent points (or documents) a server holds for each layout of a workspace read from it, written as that
 * workspace's sample: what {@code cardinal import --sample-points} offers for an engine ({@link Pushing#recent}).
 */
public interface RecentSample {
    /** The sample file's ending, after the workspace's stem: {@code .sample.lp.gz}. */
    String suffix();

    /** What it holds, for a report: {@code points}, {@code documents}. */
    String items();

    /** The most the server reads at once, or {@link Integer#MAX_VALUE}. */
    default int most() {
        return Integer.MAX_VALUE;
    }

    /** Why there is a most, for a usage message. */
    default String mostReason() {
        return "";
    }

    /** The workspace's binding of the file at {@code path} (relative to the workspace). */
    SampleBinding binding(ImportedWorkspace imported, String path);

    /** Writes up to {@code limit} recent items of each of the workspace's layouts; returns how many. */
    long write(Connection server, Workspace ws, int limit, Writer out) throws IOException, InterruptedException;

    /** Recent points as line protocol with nanosecond timestamps, bound as the {@code imported} sample. */
    static RecentSample lineProtocol(Writing points) {
        return new RecentSample() {
            @Override
            public String suffix() {
                return ".sample.lp.gz";
            }

            @Override
            public String items() {
                return "points";
            }

            @Override
            public SampleBinding binding(ImportedWorkspace imported, String path) {
                return SampleBinding.lineProtocol("imported", path, "ns");
            }

            @Override
            public long write(Connection server, Workspace ws, int limit, Writer out) throws IOException, InterruptedException {
                return points.write(server, ws, limit, out);
            }
        };
    }

    /** What {@link #write} does. */
    @FunctionalInterface
    interface Writing {
        long write(Connection server, Workspace ws, int limit, Writer out) throws IOException, InterruptedException;
    }
}
