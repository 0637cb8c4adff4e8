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

    /**
     * {@code rows} lines of host metrics as an agent writes them: cpu, mem and disk points interleaved line by line,
     * 200 hosts, each measurement with its own tags and fields (about 117 B/line). Deterministic.
     */
    static byte[] interleavedHostMetrics(int rows) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        StringBuilder sb = new StringBuilder(rows * 120);
        long t = 1_700_000_000_000_000_000L;
        for (int i = 0; i < rows; i++) {
            String host = String.format(java.util.Locale.ROOT, "host%03d", random.nextInt(200));
            switch (i % 3) {
                case 0 -> sb.append("cpu,host=").append(host).append(",region=eu-west,cpu=cpu").append(i % 8)
                    .append(" usage_user=").append(random.nextInt(10_000) / 100.0)
                    .append(",usage_system=").append(random.nextInt(1_000) / 100.0)
                    .append(",usage_idle=").append(random.nextInt(10_000) / 100.0);
                case 1 -> sb.append("mem,host=").append(host).append(",region=eu-west used=").append(random.nextLong(1L << 33))
                    .append("i,free=").append(random.nextLong(1L << 33)).append("i,used_percent=").append(random.nextInt(10_000) / 100.0);
                default -> sb.append("disk,host=").append(host).append(",region=eu-west,path=/data").append(i % 4)
                    .append(",fstype=ext4 used=").append(random.nextLong(1L << 40)).append("i,free=").append(random.nextLong(1L << 40))
                    .append("i,inodes_used=").append(random.nextInt(1 << 20)).append('i');
            }
            sb.append(' ').append(t + i).append('\n');
        }
        return sb.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /**
     * {@code rows} lines with data encoded in the measurement name (one of 20,000 sensors: {@code sensor_123}), the
     * failure mode Cardinal must read fast enough to show: 20,000 event kinds of about 50 rows each. Deterministic.
     */
    static byte[] sensorPerMeasurement(int rows) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(2);
        StringBuilder sb = new StringBuilder(rows * 60);
        long t = 1_700_000_000_000_000_000L;
        for (int i = 0; i < rows; i++) {
            sb.append("sensor_").append(random.nextInt(20_000)).append(",site=s").append(i % 7)
                .append(" temp=").append(i % 90).append(".5,ok=true ").append(t + i).append('\n');
        }
        return sb.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** The uncompressed line protocol of {@code rows} ad marketplace points. */
    static byte[] adMarketplace(long rows) throws IOException {
        return scenario("ad-marketplace", rows);
    }

    /**
     * The uncompressed line protocol of {@code rows} points of a scenario by name ({@link Scenarios#writable()}: the
     * three shipped ones or {@link Scenarios#EXPLOSION} at its default seed).
     */
    static byte[] scenario(String name, long rows) throws IOException {
        Path traffic = scenarioDir(name, rows).resolve("traffic.lp.gz");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(traffic), 1 << 16)) {
            return in.readAllBytes();
        }
    }

    /** Where {@link #scenario} keeps a scenario's workspace and traffic, written the first time it is asked for. */
    static Path scenarioDir(String name, long rows) throws IOException {
        Path dir = Path.of("target", "bench-data", name + "-" + rows);
        if (!Files.exists(dir.resolve("traffic.lp.gz"))) {
            Scenarios.write(name, dir, rows);
        }
        return dir;
    }
}
