package dev.cardinal.bench;

import dev.cardinal.capture.Abusers;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The capture endpoint under load and under abuse, as {@code cardinal capture} runs it: a process of its own with the
 * default limits, so its memory is its own (peak RSS from /proc/PID/status) and it ends as a user ends it (SIGTERM).
 * Load: W writers send N ad marketplace points in bodies of 5,000 lines (fewer when that would leave writers idle), as
 * influxdb-client-java would (10 s timeout; on 429/503 they wait Retry-After; on a timeout they send the body again).
 * Abuse: slowloris connections and gzip bombs (10 MB, 10 GiB inflated) are kept open while 8 writers send their
 * points with 5 s timeouts and a probe times one small write every 100 ms. Each run checks that the spool holds exactly what was acknowledged, none lost or doubled.
 * Run: mvn -q -DskipTests -Pbench test-compile exec:exec -Dbench.main=dev.cardinal.bench.CaptureAbuse -Dbench=1000000:8,64,300
 */
public final class CaptureAbuse {
    /**
     * What to run.
     *
     * @param points    points each load run sends
     * @param writers   one load run per count of writers
     * @param lorises   slowloris connections kept open during the abuse run
     * @param bombs     gzip bombs kept in flight during the abuse run
     * @param bombMiB   what each bomb inflates to
     * @param abusePoints points the 8 writers of the abuse run send, in bodies of 1,000
     * @param poisonPoints ordinary points sent after the two poison points (a string over two lines, a NUL in a tag)
     */
    public record Config(long points, List<Integer> writers, int lorises, int bombs, int bombMiB, long abusePoints, long poisonPoints) {
    }

    /** The spool against what was acknowledged, as multisets of lines. */
    public record Check(long acknowledged, long spooled, long lost, long doubled) {
        boolean exact() {
            return acknowledged == spooled && lost == 0 && doubled == 0;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "acknowledged %,d, spooled %,d, lost %d, doubled %d%s", acknowledged, spooled, lost, doubled,
                exact() ? " (exact)" : " (WRONG)");
        }
    }

    public record Load(int writers, Duration timeout, int batch, long points, double seconds, long shed, long timeouts, long peakRssKiB,
                       Check check) {
    }

    /** The abuse run: each probe write's time, sorted; what the abusers got; and the writers' points checked. */
    public record Abuse(List<Duration> probes, long bombsRefused, long lorisesCut, long timeouts, long peakRssKiB, Check check) {
        Duration worst() {
            return probes.get(probes.size() - 1);
        }

        Duration median() {
            return probes.get(probes.size() / 2);
        }
    }

    private static final int BATCH = 5_000;
    private static final List<String> PROBE_LINES = java.util.stream.IntStream.range(0, 30)
        .mapToObj(i -> "probe,n=" + i + " v=1i " + (1_600_000_000_000_000_000L + i)).toList();

    private CaptureAbuse() {
    }

    public static void main(String[] args) throws Exception {
        String[] a = args.length > 0 && args[0].matches("\\d+:[\\d,]+") ? args[0].split(":") : new String[] {"1000000", "8,64,300"};
        List<Integer> writers = Arrays.stream(a[1].split(",")).map(Integer::valueOf).toList();
        Config c = new Config(Long.parseLong(a[0]), writers, 10, 4, 10_240, 40_000, 100_000);
        System.out.printf(Locale.ROOT, "load average before: %s%n", loadAverage());
        for (Load l : load(c)) {
            System.out.printf(Locale.ROOT, "%d writers, bodies of %,d lines: %,d points in %.2f s: %,.0f points/s, %,d responses shed (429/503), "
                + "%,d client timeouts, peak RSS of the capture process %,d MiB; %s%n", l.writers(), l.batch(), l.points(), l.seconds(), l.points() / l.seconds(), l.shed(),
                l.timeouts(), l.peakRssKiB() >> 10, l.check());
        }
        Abuse x = abuse(c);
        System.out.printf(Locale.ROOT, "%d slowloris + %d gzip bombs (%d MiB each) open: a small write took %d ms median, %d ms worst (%d writes); "
            + "%,d bombs refused with 413, %,d slowloris connections cut off, %,d writer timeouts; peak RSS %,d MiB; writers' points: %s%n",
            c.lorises(), c.bombs(), c.bombMiB(), x.median().toMillis(), x.worst().toMillis(), x.probes().size(), x.bombsRefused(), x.lorisesCut(),
            x.timeouts(), x.peakRssKiB() >> 10, x.check());
        for (Load l : List.of(retries(c.points(), 64, Duration.ofMillis(400)), retries(c.points(), 16, Duration.ofMillis(150)))) {
            System.out.printf(Locale.ROOT, "%d writers retrying after a %d ms client timeout, bodies of %,d lines: %,d points in %.2f s, %,d client "
                + "timeouts, %,d responses shed; %s%n", l.writers(), l.timeout().toMillis(), l.batch(), l.points(), l.seconds(), l.timeouts(),
                l.shed(), l.check());
        }
        System.out.printf(Locale.ROOT, "a string over two lines, a NUL in a tag, then %,d points: the capture reported them all; %s%n",
            c.poisonPoints(), poison(c));
        System.out.printf(Locale.ROOT, "load average after: %s%n", loadAverage());
    }

    /** One capture process per count of writers, each sent all the points. */
    public static List<Load> load(Config c) throws Exception {
        List<String> lines = new String(BenchData.adMarketplace(c.points()), StandardCharsets.UTF_8).lines().toList();
        List<Load> out = new ArrayList<>();
        for (int w : c.writers()) {
            List<byte[]> bodies = bodies(lines, batch(lines.size(), w));
            try (Capture capture = Capture.start()) {
                long t0 = System.nanoTime();
                Writers sent = Writers.send(capture.url, bodies, w, Duration.ofSeconds(10));
                double seconds = (System.nanoTime() - t0) / 1e9;
                long peak = capture.peakRssKiB();
                out.add(new Load(w, Duration.ofSeconds(10), batch(lines.size(), w), lines.size(), seconds, sent.shed.get(), sent.timeouts.get(), peak, capture.stopAndCheck(lines)));
            }
        }
        return out;
    }

    /**
     * Issue 31's retries: writers whose client timeout is shorter than a body takes, each sending its body again after
     * every timeout until it is acknowledged (bodies of 1,000 lines). A body whose answer came too late was spooled and
     * sent again: it must not be counted twice.
     */
    public static Load retries(long points, int writers, Duration timeout) throws Exception {
        List<String> lines = new String(BenchData.adMarketplace(points), StandardCharsets.UTF_8).lines().toList();
        try (Capture capture = Capture.start()) {
            long t0 = System.nanoTime();
            Writers sent = Writers.send(capture.url, bodies(lines, 1_000), writers, timeout);
            double seconds = (System.nanoTime() - t0) / 1e9;
            return new Load(writers, timeout, 1_000, lines.size(), seconds, sent.shed.get(), sent.timeouts.get(), capture.peakRssKiB(),
                capture.stopAndCheck(lines));
        }
    }

    /** One capture process, its writers and probe sending while the abusers are at it. */
    public static Abuse abuse(Config c) throws Exception {
        List<String> lines = new ArrayList<>();
        for (long i = 0; i < c.abusePoints(); i++) {
            lines.add("abuse,writer=w" + (i % 8) + " n=" + i + "i " + (1_700_000_000_000_000_000L + i));
        }
        byte[] bomb = Abusers.gzipBomb(c.bombMiB());
        try (Capture capture = Capture.start(); Abusing abusers = Abusing.start(capture.url, c.lorises(), c.bombs(), bomb)) {
            Thread.sleep(500); // the abusers are in place
            ExecutorService probe = Executors.newSingleThreadExecutor();
            Future<List<Duration>> probes = probe.submit(() -> probe(capture.url));
            Writers sent = Writers.send(capture.url, bodies(lines, 1_000), 8, Duration.ofSeconds(5));
            List<Duration> times = probes.get();
            probe.shutdown();
            abusers.close();
            long peak = capture.peakRssKiB();
            lines.addAll(PROBE_LINES);
            return new Abuse(times, abusers.refused.get(), abusers.cut.get(), sent.timeouts.get(), peak, capture.stopAndCheck(lines));
        }
    }

    /**
     * Issue 31's poison: a point whose string runs over two lines and one with a NUL in a tag, each acknowledged (as
     * influxd 1.6.7 acknowledges them), then ordinary points. The capture must report them all and exit 0 (its
     * report refused the spool as binary and exit 3, and without -o deleted it).
     */
    public static Check poison(Config c) throws Exception {
        List<String> poison = List.of("poison,host=a s=\"line one", "line two\",v=1i 1700000000000000000",
            "poison,host=b\u0000x v=2i 1700000000000000001");
        List<String> lines = new ArrayList<>();
        for (long i = 0; i < c.poisonPoints(); i++) {
            lines.add("poison,host=h" + (i % 16) + " n=" + i + "i " + (1_700_000_000_000_000_002L + i));
        }
        try (Capture capture = Capture.start()) {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            for (String body : List.of(poison.get(0) + "\n" + poison.get(1) + "\n", poison.get(2) + "\n")) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(capture.url.resolve("/write?db=poison"))
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 204) {
                    throw new IllegalStateException("a poison point got " + r.statusCode() + " " + r.body());
                }
            }
            Writers.send(capture.url, bodies(lines, BATCH), 4, Duration.ofSeconds(10));
            List<String> all = new ArrayList<>(poison);
            all.addAll(lines);
            return capture.stopAndCheck(all);
        }
    }

    /** One small write every 100 ms while the writers run, timed. */
    private static List<Duration> probe(URI url) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<Duration> times = new ArrayList<>();
        for (String line : PROBE_LINES) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(url.resolve("/write?db=probe")).timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(line + "\n")).build(), HttpResponse.BodyHandlers.ofString());
            times.add(Duration.ofNanos(System.nanoTime() - t0));
            if (r.statusCode() != 204) {
                throw new IllegalStateException("a small write while abused got " + r.statusCode() + " " + r.body());
            }
            Thread.sleep(100);
        }
        times.sort(null);
        return times;
    }

    /** Bodies of 5,000 lines, or fewer so that each writer has at least four to send. */
    static int batch(int points, int writers) {
        return Math.max(1, Math.min(BATCH, points / (4 * writers)));
    }

    private static List<byte[]> bodies(List<String> lines, int batch) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i += batch) {
            out.add((String.join("\n", lines.subList(i, Math.min(lines.size(), i + batch))) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return out;
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Writers as influxdb-client-java is used: each body until it is acknowledged, backing off on 429/503, again after a timeout. */
    private static final class Writers {
        private final AtomicLong shed = new AtomicLong();
        private final AtomicLong timeouts = new AtomicLong();

        static Writers send(URI url, List<byte[]> bodies, int writers, Duration timeout) throws Exception {
            Writers w = new Writers();
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            URI write = url.resolve("/write?db=load");
            AtomicLong next = new AtomicLong();
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                done.add(pool.submit(() -> {
                    for (int b = (int) next.getAndIncrement(); b < bodies.size(); b = (int) next.getAndIncrement()) {
                        w.untilAcknowledged(http, write, bodies.get(b), timeout);
                    }
                    return null;
                }));
            }
            try {
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                pool.shutdownNow();
            }
            return w;
        }

        private void untilAcknowledged(HttpClient http, URI write, byte[] body, Duration timeout) throws Exception {
            for (int attempt = 0; attempt < 1_000; attempt++) {
                try {
                    HttpResponse<Void> r = http.send(HttpRequest.newBuilder(write).timeout(timeout).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                        HttpResponse.BodyHandlers.discarding());
                    if (r.statusCode() == 204) {
                        return;
                    }
                    if (r.statusCode() != 429 && r.statusCode() != 503) {
                        throw new IllegalStateException("unexpected " + r.statusCode());
                    }
                    shed.incrementAndGet();
                    Thread.sleep(1_000L * Long.parseLong(r.headers().firstValue("Retry-After").orElse("1")));
                } catch (HttpTimeoutException e) {
                    timeouts.incrementAndGet();
                } catch (java.io.IOException e) {
                    // a kept-alive connection closed by the endpoint as this request went out ("received no bytes"):
                    // no answer, so not acknowledged, and sent again as a writer does on any error; the check after
                    // the run counts it once all the same
                    timeouts.incrementAndGet();
                }
            }
            throw new IllegalStateException("a body was never acknowledged");
        }
    }

    /** Slowloris connections and gzip bombs, each put back as soon as the endpoint has cut it off. */
    private static final class Abusing implements AutoCloseable {
        private final AtomicLong refused = new AtomicLong();
        private final AtomicLong cut = new AtomicLong();
        private final List<Thread> threads = new ArrayList<>();
        private volatile boolean running = true;

        static Abusing start(URI url, int lorises, int bombs, byte[] bomb) {
            Abusing a = new Abusing();
            for (int i = 0; i < lorises; i++) {
                a.loop(() -> {
                    try (Abusers.Slowloris l = new Abusers.Slowloris(url, Duration.ofSeconds(2))) {
                        while (a.running && l.keptOpen() == null) {
                            Thread.sleep(50);
                        }
                        if (l.keptOpen() != null) {
                            a.cut.incrementAndGet();
                        }
                    }
                });
            }
            for (int i = 0; i < bombs; i++) {
                a.loop(() -> {
                    try (Abusers.Raw r = new Abusers.Raw(url)) {
                        r.send("POST /write?db=bomb HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Encoding: gzip\r\nContent-Length: " + bomb.length + "\r\n\r\n");
                        r.sendInBackground(bomb);
                        Abusers.Response answer = r.read(Duration.ofSeconds(60));
                        if (answer != null && answer.status() == 413) {
                            a.refused.incrementAndGet();
                        }
                    }
                });
            }
            return a;
        }

        private interface Step {
            void run() throws Exception;
        }

        private void loop(Step step) {
            Thread t = new Thread(() -> {
                while (running) {
                    try {
                        step.run();
                    } catch (Exception e) {
                        // an abuser the endpoint reset: it comes back
                    }
                }
            }, "abuser");
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            for (Thread t : threads) {
                t.join(10_000);
            }
        }
    }

    /** {@code cardinal capture} in a JVM of its own, as a user runs it, with its spool kept in a temporary file. */
    private static final class Capture implements AutoCloseable {
        private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");
        private final Process process;
        private final Path spool;
        private final StringBuffer err = new StringBuffer();
        private final URI url;

        private Capture(Path spool) throws Exception {
            this.spool = spool;
            this.process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g", "-cp",
                System.getProperty("java.class.path"), "dev.cardinal.cli.Main", "capture", "--port", "0", "-o", spool.toString(), "--every", "1h",
                "--format", "json").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            Thread reader = new Thread(() -> drain(process.getErrorStream(), err), "capture-stderr");
            reader.setDaemon(true);
            reader.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            Matcher m = LISTENING.matcher(err);
            while (!m.reset(err).find()) {
                if (System.nanoTime() > deadline || !process.isAlive()) {
                    throw new IllegalStateException("capture did not start: " + err);
                }
                Thread.sleep(20);
            }
            this.url = URI.create(m.group(1));
        }

        static Capture start() throws Exception {
            Path spool = Files.createTempFile("cardinal-capture-abuse", ".lp");
            Files.delete(spool);
            return new Capture(spool);
        }

        long peakRssKiB() throws IOException {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
            return -1;
        }

        /** Stops the capture with SIGTERM (it reports and exits 0), then compares its spool with what was acknowledged. */
        Check stopAndCheck(List<String> acknowledged) throws Exception {
            process.toHandle().destroy();
            if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("capture did not end with 0 on SIGTERM: " + err);
            }
            long[] sent = hashes(acknowledged);
            long[] kept;
            try (var l = Files.lines(spool)) {
                kept = hashes(l.toList());
            }
            long lost = 0;
            long doubled = 0;
            int i = 0;
            int j = 0;
            while (i < sent.length || j < kept.length) {
                if (j == kept.length || (i < sent.length && sent[i] < kept[j])) {
                    lost++;
                    i++;
                } else if (i == sent.length || kept[j] < sent[i]) {
                    doubled++;
                    j++;
                } else {
                    i++;
                    j++;
                }
            }
            return new Check(sent.length, kept.length, lost, doubled);
        }

        private static long[] hashes(List<String> lines) {
            long[] h = new long[lines.size()];
            for (int i = 0; i < h.length; i++) {
                long x = 0xcbf29ce484222325L;
                for (int k = 0; k < lines.get(i).length(); k++) {
                    x = (x ^ lines.get(i).charAt(k)) * 0x100000001b3L;
                }
                h[i] = x;
            }
            Arrays.sort(h);
            return h;
        }

        private static void drain(InputStream in, StringBuffer to) {
            byte[] b = new byte[8192];
            try {
                for (int n = in.read(b); n >= 0; n = in.read(b)) {
                    to.append(new String(b, 0, n, StandardCharsets.UTF_8));
                }
            } catch (IOException ended) {
                // the capture has ended
            }
        }

        @Override
        public void close() throws IOException {
            process.destroyForcibly();
            Files.deleteIfExists(spool);
        }
    }
}
