package dev.cardinal.cli;

import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Traffic summaries made by the real {@code cardinal-summarize} job in Spark local mode, checked in under
 * {@code src/test/resources/summaries/} so that the core's tests read summaries without Spark: one per sample scenario
 * of {@link #ROWS} rows, and the two halves (in line order, which is time order) of the ad marketplace's. The traffic
 * they summarize is written again by {@link #scenario}, byte for byte as {@code cardinal sample-data} wrote it for the
 * job. {@code src/test/resources/summaries/make.sh} remakes them (it needs the Spark module built; see the script).
 */
final class SummaryFixtures {
    static final long ROWS = 20_000;
    private static final Path DIR = Path.of("src", "test", "resources", "summaries");

    private SummaryFixtures() {
    }

    /** The summary of scenario {@code name}'s {@link #ROWS} rows, or of one half: {@code ad-marketplace-first-half}. */
    static Path summary(String name) {
        Path f = DIR.resolve(name + dev.cardinal.traffic.TrafficSummary.EXTENSION);
        if (!Files.isRegularFile(f)) {
            throw new IllegalStateException(f + " is missing: make it with " + DIR.resolve("make.sh"));
        }
        return f;
    }

    /** Writes scenario {@code name} (workspace and the {@link #ROWS} rows summarized) under {@code dir}; the workspace file. */
    static Path scenario(String name, Path dir) throws IOException {
        return Scenarios.write(name, dir.resolve(name), ROWS);
    }
}
