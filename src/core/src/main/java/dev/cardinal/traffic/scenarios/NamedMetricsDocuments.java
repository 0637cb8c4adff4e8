package dev.cardinal.traffic.scenarios;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Documents of user-named metrics per customer, for OpenSearch or Elasticsearch (NDJSON, one a line), with the
 * customers of a {@link DocumentShape}: each carries {@code @timestamp}, {@code tenant} and under {@code metrics} the
 * standard counts plus one to three of its customer's names; a name is sent first at the moment its customer
 * chooses it. Documents arrive at an even rate over fourteen days, whatever the customers do, so a prefix of the
 * documents is a prefix of the time. The same shape, seed and rows give the same bytes.
 */
public final class NamedMetricsDocuments {
    private static final String[] STANDARD = {"views", "likes", "shares"};

    private NamedMetricsDocuments() {
    }

    /** The document count the back-test uses: the held-out stream's 300,000. */
    public static long defaultRows() {
        return 300_000;
    }

    /** Writes exactly {@code rows} documents of {@code shape}'s customers drawn from {@code seed}, in time order. */
    public static void write(Writer out, long rows, DocumentShape shape, long seed) throws IOException {
        if (rows < 0) {
            throw new IllegalArgumentException("rows must not be negative, was " + rows);
        }
        List<DocumentShape.Customer> customers = shape.customers(seed);
        double[] cumulative = new double[customers.size()];
        double sum = 0;
        for (int k = 0; k < customers.size(); k++) {
            sum += customers.get(k).weight();
            cumulative[k] = sum;
        }
        List<long[]> created = new ArrayList<>();
        for (int k = 0; k < customers.size(); k++) {
            long[] at = customers.get(k).createdMs();
            for (int i = 0; i < at.length; i++) {
                created.add(new long[]{at[i], k, i});
            }
        }
        created.sort(Comparator.comparingLong(e -> e[0]));
        SplittableRandom r = Randoms.keyed(seed, shape.ordinal(), -2);
        double meanGapMs = (double) DocumentShape.SPAN_MS / Math.max(1, rows);
        StringBuilder line = new StringBuilder(256);
        long ms = 0;
        int next = 0;
        int arrived = 0;
        int[] sent = new int[customers.size()];
        for (long n = 0; n < rows; n++) {
            if (n > 0) {
                ms += 1 + (long) Randoms.exponential(r, meanGapMs);
            }
            while (arrived < customers.size() && customers.get(arrived).arrivesMs() <= ms) {
                arrived++;
            }
            int c;
            Set<Integer> chosen = new LinkedHashSet<>();
            if (next < created.size() && created.get(next)[0] <= ms) {
                c = (int) created.get(next)[1];
                chosen.add((int) created.get(next)[2]);
                sent[c] = Math.max(sent[c], (int) created.get(next)[2] + 1);
                next++;
            } else {
                c = pick(r, cumulative, Math.max(1, arrived));
            }
            int count = 1 + r.nextInt(3);
            for (int k = 0; k < count && sent[c] > 0; k++) {
                chosen.add(sent[c] - 1 - (int) (sent[c] * StrictMath.pow(r.nextDouble(), 1.5)));
            }
            DocumentShape.Customer customer = customers.get(c);
            line.setLength(0);
            line.append("{\"@timestamp\":\"").append(Instant.ofEpochMilli(Scenario.START.toEpochMilli() + ms))
                .append("\",\"tenant\":\"").append(customer.id()).append("\",\"metrics\":{");
            for (String s : STANDARD) {
                line.append('"').append(s).append("\":").append(r.nextInt(500)).append(',');
            }
            boolean first = true;
            for (int i : chosen) {
                if (!first) {
                    line.append(',');
                }
                first = false;
                CustomMetricsDocuments.appendString(line, customer.names().get(i));
                line.append(':').append(r.nextInt(1_000));
            }
            if (first) {
                line.setLength(line.length() - 1); // a customer that has named nothing yet sends the standard counts only
            }
            line.append("}}\n");
            out.write(line.toString());
        }
    }

    /** A customer among the first {@code arrived}, in proportion to its weight. */
    private static int pick(SplittableRandom r, double[] cumulative, int arrived) {
        double x = r.nextDouble() * cumulative[arrived - 1];
        int i = java.util.Arrays.binarySearch(cumulative, 0, arrived, x);
        int at = i >= 0 ? i + 1 : -i - 1;
        return Math.min(at, arrived - 1);
    }
}
