package dev.cardinal.traffic.scenarios;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The custom-metrics scenario as documents for OpenSearch or Elasticsearch (NDJSON, one post a line): each post
 * carries standard metrics plus metrics its customer named, under {@code metrics}, so that a dynamic mapping grows
 * with the customers, who keep arriving over the fourteen days. Names carry spaces, commas, '=' and dots (a dotted
 * name is an object and a field to the engine); most values are counts, some metrics send a fraction after
 * integers (the engine truncates those), and now and then a client sends "n/a" for a number (the engine refuses
 * that document). The same rows give the same bytes.
 */
public final class CustomMetricsDocuments {
    private static final long SEED = 0x444F_4353_4D54L;
    private static final long DAY_MS = 86_400_000L;
    private static final long SPAN_MS = 14 * DAY_MS;
    /** Customers that arrive over the span. */
    static final int CUSTOMERS = 200;
    private static final String[] STANDARD = {"views", "likes", "shares"};
    private static final String[] CHANNELS = {"web", "app", "email", "partner"};
    static final String[] STEMS = {"signups", "cart_value", "churn-risk score", "checkout time ms",
        "refunds", "nps", "trial conversions", "api_errors", "queue depth", "mrr", "basket size", "login failures",
        "ad spend", "open tickets", "page_load_ms", "revenue", "clicks", "bounce rate"};
    static final String[] QUALIFIERS = {"", "_eu", "_us", "_apac", "_v2", " (beta)", ", net", ", gross",
        "=goal", "-mobile", " new", "_2026"};
    static final String[] PROJECTS = {"apollo", "bluebird", "orion", "spring_sale", "BF25", "onboarding v3",
        "kiosk", "partner-api", "loyalty", "widget=blue", "summer promo", "helpdesk", "b2b", "app 4.2", "newsletter",
        "free tier", "pilot NL", "pricing-test", "gift cards", "search, ranked", "referrals", "emea", "retail",
        "marketplace", "v1.5 launch", "team <a>"};

    private CustomMetricsDocuments() {
    }

    /** The default document count of the scenario's document form. */
    public static long defaultRows() {
        return 40_000;
    }

    private record Customer(String id, long arrivesMs, double weight, List<String> names, long[] createdMs,
                            boolean[] fractional) {
        int namesAt(long ms) {
            int n = 0;
            while (n < createdMs.length && createdMs[n] <= ms) {
                n++;
            }
            return n;
        }
    }

    /** Writes exactly {@code rows} documents, sorted by {@code @timestamp}. */
    public static void write(Writer out, long rows) throws IOException {
        List<Customer> customers = customers();
        SplittableRandom r = new SplittableRandom(SEED);
        double meanGapMs = (double) SPAN_MS / Math.max(1, rows);
        long ms = 0;
        double[] weights = new double[customers.size()];
        StringBuilder line = new StringBuilder(256);
        // every (time, customer, name) creation, in time order
        List<long[]> created = new ArrayList<>();
        for (int k = 0; k < customers.size(); k++) {
            for (int i = 0; i < customers.get(k).createdMs().length; i++) {
                created.add(new long[]{customers.get(k).createdMs()[i], k, i});
            }
        }
        created.sort(java.util.Comparator.comparingLong(e -> e[0]));
        int next = 0;
        for (long n = 0; n < rows; n++) {
            if (n > 0) {
                ms += 1 + (long) Randoms.exponential(r, meanGapMs);
            }
            int arrived = 0;
            for (Customer c : customers) {
                if (c.arrivesMs() <= ms) {
                    weights[arrived++] = c.weight();
                }
            }
            Customer c;
            Set<Integer> chosen = new LinkedHashSet<>();
            if (next < created.size() && created.get(next)[0] <= ms) {
                // a metric is sent as soon as its customer names it
                c = customers.get((int) created.get(next)[1]);
                chosen.add((int) created.get(next)[2]);
                next++;
            } else {
                double[] cumulative = Randoms.cumulative(java.util.Arrays.copyOf(weights, Math.max(1, arrived)));
                c = customers.get(Randoms.weighted(r, cumulative));
            }
            line.setLength(0);
            line.append("{\"@timestamp\":\"").append(Instant.ofEpochMilli(Scenario.START.toEpochMilli() + ms))
                .append("\",\"tenant\":\"").append(c.id()).append("\",\"post\":{\"id\":\"p").append(n + 1)
                .append("\",\"channel\":\"").append(CHANNELS[r.nextInt(CHANNELS.length)]).append("\"},\"metrics\":{");
            for (String s : STANDARD) {
                line.append('"').append(s).append("\":").append(r.nextInt(500)).append(',');
            }
            int available = Math.max(1, c.namesAt(ms));
            int count = 1 + r.nextInt(3);
            for (int k = 0; k < count; k++) {
                // newer names are being tried out right now, so they are sent more often
                chosen.add(available - 1 - (int) (available * StrictMath.pow(r.nextDouble(), 1.5)));
            }
            boolean first = true;
            for (int i : chosen) {
                if (!first) {
                    line.append(',');
                }
                first = false;
                appendString(line, c.names().get(i));
                line.append(':');
                if (r.nextInt(20_000) == 0) {
                    line.append("\"n/a\""); // a client's placeholder for a missing number
                } else if (c.fractional()[i] && r.nextInt(4) == 0) {
                    line.append(String.format(Locale.ROOT, "%.2f", 0.01 + r.nextInt(10_000) / 100.0));
                } else {
                    line.append(r.nextInt(1_000));
                }
            }
            line.append("}}\n");
            out.write(line.toString());
        }
    }

    private static List<Customer> customers() {
        SplittableRandom arrivals = Randoms.keyed(SEED, -1);
        List<Customer> customers = new ArrayList<>();
        long at = 0;
        for (int k = 0; k < CUSTOMERS; k++) {
            SplittableRandom r = Randoms.keyed(SEED, k);
            if (k > 0) {
                // a steady stream of sign-ups, a little irregular
                at += (long) ((0.5 + arrivals.nextDouble()) * SPAN_MS / CUSTOMERS);
            }
            // projects are the customer's own: the same word at two customers is two projects
            String[] own = {PROJECTS[r.nextInt(PROJECTS.length)] + " " + (k + 1),
                PROJECTS[r.nextInt(PROJECTS.length)] + "-" + (k + 1)};
            Set<String> names = new LinkedHashSet<>();
            int target = 8 + r.nextInt(6);
            while (names.size() < target) {
                String stem = STEMS[r.nextInt(STEMS.length)];
                names.add(r.nextDouble() < 0.05 ? stem : own[r.nextInt(own.length)] + " " + stem
                    + QUALIFIERS[r.nextInt(QUALIFIERS.length)]);
            }
            List<String> list = List.copyOf(names);
            long[] created = new long[list.size()];
            boolean[] fractional = new boolean[list.size()];
            long t = at;
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    t += (long) Randoms.exponential(r, DAY_MS / 8.0); // a customer names its metrics in its first days
                }
                created[i] = t;
                fractional[i] = r.nextInt(10) == 0;
            }
            double weight = 1.0 / StrictMath.pow(1 + r.nextInt(20), 0.7);
            customers.add(new Customer(String.format(Locale.ROOT, "c%03d", k + 1), at, weight, list, created, fractional));
        }
        return customers;
    }

    /** A JSON string literal: quotes, backslashes and control characters escaped. */
    static void appendString(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '"' || ch == '\\') {
                sb.append('\\').append(ch);
            } else if (ch < 0x20) {
                sb.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
            } else {
                sb.append(ch);
            }
        }
        sb.append('"');
    }
}
