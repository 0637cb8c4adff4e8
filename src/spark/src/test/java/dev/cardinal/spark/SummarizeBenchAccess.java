package dev.cardinal.spark;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/** Runs the job in-process for the bench, which lives in its own package. */
public final class SummarizeBenchAccess {
    private SummarizeBenchAccess() {
    }

    public static void run(SparkSession spark, Path ws, Path traffic, Path out) throws Exception {
        SummarizeJob.run(spark, new SummarizeJob.Args(ws.toString(), out.toString(), "ns", null, List.of(traffic.toString())));
    }
}
