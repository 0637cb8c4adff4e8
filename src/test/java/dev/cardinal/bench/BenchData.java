package dev.cardinal.bench;

import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** Benchmark traffic: the ad marketplace scenario at a given size, generated once into target/bench-data/. */
final class BenchData {
    private BenchData() {
    }

    /** The uncompressed line protocol of {@code rows} ad marketplace points. */
    static byte[] adMarketplace(long rows) throws IOException {
        Path dir = Path.of("target", "bench-data", "ad-marketplace-" + rows);
        Path traffic = dir.resolve("traffic.lp.gz");
        if (!Files.exists(traffic)) {
            Scenarios.write("ad-marketplace", dir, rows);
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(traffic), 1 << 16)) {
            return in.readAllBytes();
        }
    }
}
