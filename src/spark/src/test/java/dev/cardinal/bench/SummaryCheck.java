package dev.cardinal.bench;

import dev.cardinal.spark.ReportComparison;
import java.nio.file.Path;

/**
 * The check of a summary the job wrote of traffic too large for a test: every figure of {@code cardinal analyze
 * SUMMARY --format json} equals the one of {@code cardinal analyze TRAFFIC --exact --format json} at the same place
 * ({@link ReportComparison}); the first that differs is said and the exit code is 1.
 *
 * <pre>mvn -q -DskipTests -Pspark-bench test-compile exec:exec -Dbench.main=dev.cardinal.bench.SummaryCheck \
 *     -Dbench="W.cardinal.json TRAFFIC S.summary.json"</pre>
 */
public final class SummaryCheck {
    private SummaryCheck() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: SummaryCheck W.cardinal.json TRAFFIC S.summary.json");
            System.exit(2);
        }
        long t0 = System.nanoTime();
        try {
            ReportComparison.compare("summary check", Path.of(args[0]), Path.of(args[1]), Path.of(args[2]), "--exact");
        } catch (AssertionError e) {
            System.out.println("a figure differs: " + e.getMessage());
            System.exit(1);
        }
        System.out.printf("every figure of analyze --format json from %s equals the rows' (analyze --exact of %s), "
            + "checked in %.1f s%n", args[2], args[1], (System.nanoTime() - t0) / 1e9);
    }
}
