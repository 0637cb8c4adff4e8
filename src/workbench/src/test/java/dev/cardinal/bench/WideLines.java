package dev.cardinal.bench;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.traffic.LineProtocolReader;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleLimits;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * One line of line protocol with many keys, read from memory at doubling sizes: a line of N fields (the issue's
 * 80,000 took 65 s in analyze), and of N tags, far past the longest series key a server takes (200,000 took 91 s
 * before "max key length exceeded"). Every size is read once through as a warm-up (so the JIT has compiled the
 * reader), then timed at the best of ten reads; nanoseconds per byte stay flat when the time is linear.
 * Run: mvn -q -DskipTests -Pbench test-compile exec:exec -Dbench.main=dev.cardinal.bench.WideLines -Dbench=x
 */
public final class WideLines {
    private WideLines() {
    }

    public static void main(String[] args) throws Exception {
        for (boolean print : new boolean[] {false, true}) {
            measure("fields", new int[] {10_000, 20_000, 40_000, 80_000}, i -> "f" + i + "=" + i, "m ", " 1\n", print);
            measure("tags", new int[] {25_000, 50_000, 100_000, 200_000}, i -> "t" + i + "=v" + i, "m,", " f=1 1\n", print);
        }
    }

    private static void measure(String shape, int[] sizes, IntFunction<String> part, String start, String end,
                                boolean print) throws Exception {
        for (int n : sizes) {
            StringBuilder sb = new StringBuilder(start);
            for (int i = 0; i < n; i++) {
                sb.append(i == 0 ? "" : ",").append(part.apply(i));
            }
            byte[] line = sb.append(end).toString().getBytes(StandardCharsets.UTF_8);
            if (!print) {
                read(line);
                continue;
            }
            long best = Long.MAX_VALUE;
            for (int r = 0; r < 10; r++) {
                long t = System.nanoTime();
                read(line);
                best = Math.min(best, System.nanoTime() - t);
            }
            System.out.printf(Locale.ROOT, "%-6s %,8d: %,10d bytes in %8.1f ms, %5.1f ns a byte%n", shape, n, line.length,
                best / 1e6, (double) best / line.length);
        }
    }

    private static void read(byte[] line) throws Exception {
        SampleBuilder b = new SampleBuilder(SampleLimits.defaults());
        new LineProtocolReader().read(new ByteArrayInputStream(line), "wide.lp", SampleBinding.lineProtocol("t", "wide.lp", "ns"),
            b, ReadMonitor.NONE);
        b.build();
    }
}
