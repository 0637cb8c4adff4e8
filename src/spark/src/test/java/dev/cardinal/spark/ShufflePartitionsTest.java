package dev.cardinal.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The job's shuffle partitions: a value the user set (here the test session's builder sets 4, as {@code spark-submit
 * --conf} would) is kept; unset, the job runs with 8 per core (16 on {@code local[2]}) instead of Spark's 200 and
 * leaves the session's configuration unset again, even when the work fails. Spark's adaptive execution, which
 * coalesces small partitions after a shuffle, is on.
 */
class ShufflePartitionsTest extends SparkTest {
    private static final String KEY = SummarizeJob.SHUFFLE_PARTITIONS;

    @Test
    void aValueTheUserSetIsKept() throws IOException {
        assertEquals("4", SummarizeJob.withShufflePartitions(spark, () -> spark.conf().get(KEY)));
        assertEquals("4", spark.conf().get(KEY));
        spark.conf().set(KEY, "250");
        try {
            assertEquals("250", SummarizeJob.withShufflePartitions(spark, () -> spark.conf().get(KEY)));
        } finally {
            spark.conf().set(KEY, "4");
        }
    }

    @Test
    void unsetTheJobChoosesEightPerCoreAndLeavesItUnset() throws IOException {
        assertEquals(2, spark.sparkContext().defaultParallelism());
        spark.conf().unset(KEY);
        try {
            assertEquals("200", spark.conf().get(KEY), "Spark's default");
            assertEquals("16", SummarizeJob.withShufflePartitions(spark, () -> spark.conf().get(KEY)));
            assertFalse(spark.conf().contains(KEY));
            assertThrows(IOException.class, () -> SummarizeJob.withShufflePartitions(spark, () -> {
                throw new IOException("bad input");
            }));
            assertFalse(spark.conf().contains(KEY));
        } finally {
            spark.conf().set(KEY, "4");
        }
    }

    @Test
    void adaptiveExecutionCoalescesPartitions() {
        assertEquals("true", spark.conf().get("spark.sql.adaptive.enabled"));
        assertEquals("true", spark.conf().get("spark.sql.adaptive.coalescePartitions.enabled"));
    }
}
