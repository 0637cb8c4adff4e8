package dev.cardinal.spark;

import org.apache.spark.sql.SparkSession;

/** One small local Spark for a test class: two cores, no UI, few shuffle partitions. */
final class Sessions {
    private Sessions() {
    }

    static SparkSession local() {
        return SparkSession.builder().appName("cardinal-summarize-test").master("local[2]")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "4")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .getOrCreate();
    }
}
