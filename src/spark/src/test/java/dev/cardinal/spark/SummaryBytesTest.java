package dev.cardinal.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.datasketches.hll.Coupons;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The summary is a function of the traffic alone: three runs cut the traffic into different chunks, tasks and shuffle
 * partitions (3, 11 and the job's own choice) and write the same bytes, sketches included. A key's hash is checked:
 * when two values share the first 64 bits (forced here by keeping 4 bits of it), the job says so and counts by all
 * 128, and every figure still equals the rows'. A sketch made of coupons is the sketch {@code HllSketch.update(String)} makes of the values.
 */
class SummaryBytesTest extends SparkTest {
    @TempDir
    static Path dir;

    @Test
    void twoRunsWithDifferentPartitionsWriteTheSameBytes() throws Exception {
        Path ws = Scenarios.write(Scenarios.EXPLOSION, dir.resolve("bytes"), 20_000);
        Path traffic = ws.resolveSibling("traffic.lp.gz");
        Path a = ws.resolveSibling("a" + TrafficSummary.EXTENSION);
        Path b = ws.resolveSibling("b" + TrafficSummary.EXTENSION);
        Path c = ws.resolveSibling("c" + TrafficSummary.EXTENSION);
        String shuffle = spark.conf().get("spark.sql.shuffle.partitions");
        try {
            spark.conf().set("spark.sql.shuffle.partitions", "3");
            SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", a.toString(),
                "--chunk-lines", "7000", traffic.toString()));
            spark.conf().set("spark.sql.shuffle.partitions", "11");
            SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", b.toString(),
                "--chunk-lines", "1500", traffic.toString()));
            spark.conf().unset("spark.sql.shuffle.partitions"); // the job's own choice
            SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", c.toString(),
                traffic.toString()));
        } finally {
            spark.conf().set("spark.sql.shuffle.partitions", shuffle);
        }
        TrafficSummary.Kind kind = TrafficSummaryFile.read(a).eventKinds().get(0);
        assertTrue(kind.attributes().stream().anyMatch(x -> x.sketches().size() > 0), "sketches in the summary");
        assertEquals(Files.readString(a), Files.readString(b));
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(c));
        ReportComparison.compare("explosion", ws, traffic, a);
    }

    @Test
    void valuesSharingTheFirstHalfOfTheirHashAreCountedApartAndSaid() throws Exception {
        Path ws = Scenarios.write("ad-marketplace", dir.resolve("collide"), 5_000);
        Path traffic = ws.resolveSibling("traffic.lp.gz");
        Path out = ws.resolveSibling("c" + TrafficSummary.EXTENSION);
        PrintStream before = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", out.toString(),
                traffic.toString()), 0xF);
        } finally {
            System.setErr(before);
        }
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("shared the first 64 bits of their hash; counted again by all 128 bits"), said);
        ReportComparison.compare("ad-marketplace, 4 bits of hash", ws, traffic, out);
        Path full = ws.resolveSibling("f" + TrafficSummary.EXTENSION);
        SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", full.toString(),
            traffic.toString()));
        assertEquals(Files.readString(full), Files.readString(out));
    }

    @Test
    void aSketchOfCouponsIsTheSketchOfTheValues() {
        HllSketch values = new HllSketch(SummaryCounts.LG_K, TgtHllType.HLL_8);
        HllSketch coupons = new HllSketch(SummaryCounts.LG_K, TgtHllType.HLL_8);
        for (int i = 0; i < 20_000; i++) {
            String v = "s" + (i * 7919L) + "\u00e9\u0000" + i;
            values.update(v);
            long[] h = Coupons.hash(v.getBytes(StandardCharsets.UTF_8));
            Coupons.update(coupons, Coupons.coupon(h[0], h[1]));
            if (i == 5 || i == 300 || i == 19_999) {
                assertArrayEquals(values.toUpdatableByteArray(), coupons.toUpdatableByteArray(), "after " + (i + 1));
            }
        }
    }
}
