package dev.cardinal.traffic.scenarios;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * How customers and the metric names they choose arrive over a fortnight, in shapes other than the custom-metrics
 * scenario's, so that a forecast of the time to the total-fields limit is tried on streams it was not tuned to.
 * Each shape only decides who arrives when, how many names each one makes and at what pace;
 * {@link NamedMetricsDocuments} writes the documents. The same seed gives the same customers.
 */
public enum DocumentShape {
    /** Customers sign up at an even pace and name 6 to 14 metrics in their first days. */
    STEADY("steady"),
    /** Customers come in campaigns: nine waves at irregular times, each of a dozen or more within a few hours. */
    BURSTS("bursts"),
    /** Names per customer follow a power law (Pareto, 3 at least, exponent 1.4, at most 250): most few, some hundreds. */
    POWER_LAW("power-law"),
    /** Sign-ups die away (their rate halves every 3.5 days), so new names stop arriving and the mapping levels off. */
    STOPPING("stopping"),
    /** Eight customers of 150 name 60 to 160 metrics each over a week and more; the others 2 to 5. */
    WHALES("whales"),
    /** Every customer keeps naming a new metric about twice a day for as long as it stays: the mapping grows faster and faster. */
    ACCUMULATING("accumulating");

    static final long DAY_MS = 86_400_000L;
    static final long SPAN_MS = 14 * DAY_MS;

    private final String id;

    DocumentShape(String id) {
        this.id = id;
    }

    /** The name on the command line, {@code power-law}. */
    public String id() {
        return id;
    }

    /** The shape named {@code id}. */
    public static DocumentShape of(String id) {
        for (DocumentShape s : values()) {
            if (s.id.equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown document shape '" + id + "' (expected one of "
            + String.join(", ", ids()) + ")");
    }

    public static List<String> ids() {
        return java.util.Arrays.stream(values()).map(DocumentShape::id).toList();
    }

    /**
     * One customer: when it arrives, its share of the traffic, and each of its names with the time it is first sent.
     */
    record Customer(String id, long arrivesMs, double weight, List<String> names, long[] createdMs) {
    }

    /** The customers of this shape for {@code seed}, in the order they arrive. */
    List<Customer> customers(long seed) {
        SplittableRandom arrivals = Randoms.keyed(seed, ordinal(), -1);
        List<Customer> out = new ArrayList<>();
        double t = 0;
        switch (this) {
            case STEADY, POWER_LAW, WHALES, ACCUMULATING -> {
                int n = this == STEADY ? 170 : this == ACCUMULATING ? 120 : 150;
                for (int k = 0; k < n; k++) {
                    out.add(customer(seed, k, (long) t));
                    t += (0.5 + arrivals.nextDouble()) * SPAN_MS / n;
                }
            }
            case BURSTS -> {
                int k = 0;
                for (int wave = 0; wave < 9; wave++) {
                    int size = 12 + arrivals.nextInt(16);
                    for (int i = 0; i < size; i++) {
                        long at = wave == 0 && i == 0 ? 0 : (long) (t + Randoms.exponential(arrivals, DAY_MS / 12.0));
                        out.add(customer(seed, k++, at));
                    }
                    t += (0.4 + 1.2 * arrivals.nextDouble()) * SPAN_MS / 9;
                }
            }
            case STOPPING -> {
                double tau = 3.5 * DAY_MS / StrictMath.log(2);
                double ultimate = 125;
                for (int k = 0; k < ultimate; k++) {
                    // the k-th arrival of a Poisson-like stream whose expected total is 1 - e^(-t/tau) of the ultimate
                    double at = k == 0 ? 0 : -tau * StrictMath.log(1 - (k + arrivals.nextDouble()) / (ultimate + 1));
                    if (at < SPAN_MS) {
                        out.add(customer(seed, k, (long) at));
                    }
                }
            }
        }
        out.sort(java.util.Comparator.comparingLong(Customer::arrivesMs));
        return out;
    }

    private Customer customer(long seed, int k, long at) {
        SplittableRandom r = Randoms.keyed(seed, ordinal(), k);
        int names;
        double meanGapMs;
        switch (this) {
            case POWER_LAW -> {
                names = (int) Math.min(250, Math.floor(3 / StrictMath.pow(1 - r.nextDouble(), 1 / 1.4)));
                meanGapMs = DAY_MS / 4.0;
            }
            case WHALES -> {
                boolean whale = r.nextInt(150) < 8;
                names = whale ? 60 + r.nextInt(101) : 2 + r.nextInt(4);
                meanGapMs = whale ? DAY_MS / 10.0 : DAY_MS / 6.0;
            }
            case ACCUMULATING -> {
                names = 40;
                meanGapMs = DAY_MS / 2.0;
            }
            default -> {
                names = 6 + r.nextInt(9);
                meanGapMs = DAY_MS / 6.0;
            }
        }
        List<String> list = names(r, k, names);
        long[] created = new long[list.size()];
        double t = at;
        for (int i = 0; i < created.length; i++) {
            if (i > 0) {
                t += Randoms.exponential(r, meanGapMs);
            }
            created[i] = (long) t;
        }
        double weight = 1.0 / StrictMath.pow(1 + r.nextInt(20), 0.7);
        return new Customer(String.format(Locale.ROOT, "c%03d", k + 1), at, weight, list, created);
    }

    /** A customer's own names: its project words with metric stems and qualifiers, as people type them. */
    private static List<String> names(SplittableRandom r, int k, int count) {
        String[] own = {CustomMetricsDocuments.PROJECTS[r.nextInt(CustomMetricsDocuments.PROJECTS.length)] + " " + (k + 1),
            CustomMetricsDocuments.PROJECTS[r.nextInt(CustomMetricsDocuments.PROJECTS.length)] + "-" + (k + 1)};
        Set<String> names = new LinkedHashSet<>();
        while (names.size() < count) {
            String name = own[r.nextInt(own.length)] + " "
                + CustomMetricsDocuments.STEMS[r.nextInt(CustomMetricsDocuments.STEMS.length)]
                + CustomMetricsDocuments.QUALIFIERS[r.nextInt(CustomMetricsDocuments.QUALIFIERS.length)];
            // a customer with hundreds of names runs out of combinations: it numbers them, as people do
            names.add(names.contains(name) ? name + " " + (names.size() + 1) : name);
        }
        return List.copyOf(names);
    }
}
