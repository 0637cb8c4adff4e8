package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Where a one-thread read's time goes: finding and parsing the lines alone (what a pipelined read's second thread does,
 * {@link LinePipeline}) against the whole read, the file in memory, thread CPU time, medians of 7. Run: {@code mvn -q
 * -DskipTests -Pbench test-compile exec:exec -Dbench.main=dev.cardinal.traffic.TokenizeSplit -Dbench=FILE}.
 */
public final class TokenizeSplit {
    private TokenizeSplit() {
    }

    public static void main(String[] args) throws Exception {
        byte[] text = Files.readAllBytes(Path.of(args.length > 0 && !args[0].isBlank() ? args[0] : "/tmp/q/m1.lp"));
        int runs = 7;
        var tb = ManagementFactory.getThreadMXBean();
        double[] tok = new double[runs];
        double[] all = new double[runs];
        var binding = SampleBinding.lineProtocol("t", "t.lp", "ns");
        for (int r = 0; r < runs; r++) {
            long c0 = tb.getCurrentThreadCpuTime();
            long lines = tokenize(text);
            tok[r] = (tb.getCurrentThreadCpuTime() - c0) / 1e9;
            long c1 = tb.getCurrentThreadCpuTime();
            SampleBuilder into = new SampleBuilder(SampleLimits.defaults());
            new LineProtocolReader(0).read(new ByteArrayInputStream(text), "t.lp", binding, into, ReadMonitor.NONE);
            all[r] = (tb.getCurrentThreadCpuTime() - c1) / 1e9;
            System.out.printf(Locale.ROOT, "run %d: %,d lines tokenize %.3f s, whole read %.3f s%n", r, lines, tok[r], all[r]);
        }
        Arrays.sort(tok);
        Arrays.sort(all);
        System.out.printf(Locale.ROOT, "median tokenize %.3f s, whole %.3f s: tokenizing %.0f%%; load %s%n",
            tok[runs / 2], all[runs / 2], 100 * tok[runs / 2] / all[runs / 2], Files.readString(Path.of("/proc/loadavg")).trim());
    }

    static long tokenize(byte[] b) {
        LineParser parser = new LineParser();
        LineProtocolSyntax.LineScan scan = new LineProtocolSyntax.LineScan();
        int pos = 0;
        long lines = 0;
        long sum = 0;
        while (pos < b.length) {
            int nl = LineProtocolSyntax.plainLineEnd(b, pos, b.length, scan);
            if (nl < 0) {
                break;
            }
            if (parser.parse(b, pos, nl, false) == LineParser.Result.POINT) {
                sum += parser.fieldCount;
            }
            lines++;
            pos = nl + 1;
        }
        return lines + (sum & 0);
    }
}
