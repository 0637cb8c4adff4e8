package dev.cardinal.spark;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** One small local Spark per test class, set as the job sets it ({@link SummarizeJob#tuned}): two cores, no UI. */
abstract class SparkTest {
    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SummarizeJob.tuned(SparkSession.builder()).appName("cardinal-summarize-test").master("local[2]")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "4")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .getOrCreate();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }
}
