package dev.cardinal.bench;

import dev.cardinal.capture.CaptureServer;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The capture endpoint under load: W concurrent writers send N points in batches of 5,000 (ad-marketplace-like
 * lines, about 190 bytes), retrying on 429/503 after Retry-After; reports points per second, shed responses, and
 * checks that the spool holds exactly N lines. After a warm-up, runs twice: with the default limits, then with room for only two
 * bodies in flight, so shedding shows.
 * Run: mvn -q -DskipTests -Pbench test-compile exec:exec -Dbench.main=dev.cardinal.bench.CaptureLoad -Dbench=1000000,8
 */
public final class CaptureLoad {
    private static final int BATCH = 5_000;

    private CaptureLoad() {
    }

    public static void main(String[] args) throws Exception {
        String[] a = args.length > 0 && args[0].matches("\\d+(,\\d+)?") ? args[0].split(",") : new String[] {"1000000", "8"};
        long points = Long.parseLong(a[0]);
        int writers = a.length > 1 ? Integer.parseInt(a[1]) : 8;
        List<byte[]> batches = new ArrayList<>();
        byte[] text = BenchData.adMarketplace(points);
        String[] lines = new String(text, StandardCharsets.UTF_8).split("\n");
        for (int i = 0; i < lines.length; i += BATCH) {
            batches.add((String.join("\n", java.util.Arrays.copyOfRange(lines, i, Math.min(lines.length, i + BATCH))) + "\n")
                .getBytes(StandardCharsets.UTF_8));
        }
        // a first pass warms the JIT up (server and client alike); its figures are printed but not the ones to quote
        run("warm-up", Math.min(points, 20L * BATCH) , writers, batches.subList(0, (int) Math.min(batches.size(), 20)), null);
        run("default limits", points, writers, batches, null);
        run("room for 1.5 bodies in flight", points, writers, batches, 3L * batches.get(0).length / 2);
    }

    private static void run(String name, long points, int writers, List<byte[]> batches, Long inFlight) throws Exception {
        Path spool = Files.createTempFile("cardinal-capture-load", ".lp");
        CaptureServer.Settings s = CaptureServer.Settings.loopback(0, spool);
        if (inFlight != null) {
            s = s.withLimits(s.maxBodyBytes(), inFlight, s.maxWaiting(), s.maxPoints());
        }
        AtomicLong shed = new AtomicLong();
        AtomicLong next = new AtomicLong();
        long t0;
        long t1;
        try (CaptureServer server = CaptureServer.start(s)) {
            URI url = server.url().resolve("/write?db=load");
            HttpClient http = HttpClient.newHttpClient();
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            List<Future<?>> done = new ArrayList<>();
            t0 = System.nanoTime();
            for (int w = 0; w < writers; w++) {
                done.add(pool.submit(() -> {
                    for (int b = (int) next.getAndIncrement(); b < batches.size(); b = (int) next.getAndIncrement()) {
                        while (true) {
                            HttpResponse<Void> r = http.send(HttpRequest.newBuilder(url).POST(HttpRequest.BodyPublishers.ofByteArray(batches.get(b)))
                                .build(), HttpResponse.BodyHandlers.discarding());
                            if (r.statusCode() == 204) {
                                break;
                            }
                            if (r.statusCode() != 429 && r.statusCode() != 503) {
                                throw new IllegalStateException("unexpected " + r.statusCode());
                            }
                            shed.incrementAndGet();
                            Thread.sleep(10);
                        }
                    }
                    return null;
                }));
            }
            try {
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                pool.shutdownNow(); // a failed writer must not keep the JVM alive
            }
            t1 = System.nanoTime();
            if (server.stats().points() != points) {
                throw new IllegalStateException("captured " + server.stats().points() + " of " + points);
            }
        }
        long spooled;
        try (var l = Files.lines(spool)) {
            spooled = l.count();
        }
        Files.delete(spool);
        System.out.printf(Locale.ROOT, "%s: %,d points from %d writers in %.2f s: %,.0f points/s, %,d responses shed (429/503), spool holds %,d lines%s%n",
            name, points, writers, (t1 - t0) / 1e9, points / ((t1 - t0) / 1e9), shed.get(), spooled, spooled == points ? " (exact)" : " (WRONG)");
        if (spooled != points) {
            throw new IllegalStateException("the spool holds " + spooled + " lines, not " + points);
        }
    }
}
