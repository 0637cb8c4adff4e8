package dev.cardinal.spark;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/** Runs the job in-process for the bench, which lives in its own package. */
public final class SummarizeBenchAccess {
    private SummarizeBenchAccess() {
    }

    /** A local session as the job makes one. */
    public static SparkSession.Builder tuned(SparkSession.Builder b) {
        return SummarizeJob.tuned(b);
    }

    public static void run(SparkSession spark, Path ws, Path traffic, Path out) throws Exception {
        SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", out.toString(), traffic.toString()));
    }
}
