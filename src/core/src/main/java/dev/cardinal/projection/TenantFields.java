package dev.cardinal.projection;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Who brought the fields a mapping wants, and when: per tenant (the value of the tenant key), the second of its first
 * document and each second at which one of its documents added fields, with its running total. New fields come with
 * tenants, so the time to the limit is the tenants still to come times the fields a tenant brings by each age; this
 * is the record of both. Collected while documents are read; {@link #snapshot()} hands out an immutable copy.
 */
final class TenantFields {
    private final Map<String, List<double[]>> byTenant = new LinkedHashMap<>();

    /** A document of {@code tenant} at {@code seconds} that added {@code newFields} to the wanted mapping. */
    void document(String tenant, double seconds, long newFields) {
        List<double[]> steps = byTenant.computeIfAbsent(tenant, t -> new ArrayList<>(List.of(new double[]{seconds, 0})));
        if (newFields > 0) {
            double total = steps.get(steps.size() - 1)[1] + newFields;
            steps.add(new double[]{seconds, total});
        }
    }

    /** What was collected so far, in the order tenants arrived. */
    Tenants snapshot() {
        int n = byTenant.size();
        double[] arrivals = new double[n];
        double[][] seconds = new double[n][];
        double[][] fields = new double[n][];
        int i = 0;
        for (List<double[]> steps : byTenant.values()) {
            arrivals[i] = steps.get(0)[0];
            seconds[i] = steps.stream().mapToDouble(s -> s[0]).toArray();
            fields[i] = steps.stream().mapToDouble(s -> s[1]).toArray();
            i++;
        }
        return new Tenants(arrivals, seconds, fields);
    }

    /**
     * Tenants in the order they arrived.
     *
     * @param arrivals the second of each tenant's first document, after the sample's first
     * @param seconds  per tenant, the seconds at which its fields changed (the first its arrival)
     * @param fields   per tenant, the fields it had brought by each of those seconds
     */
    record Tenants(double[] arrivals, double[][] seconds, double[][] fields) {
        int size() {
            return arrivals.length;
        }

        /** The fields tenant {@code i} had brought {@code age} seconds after its arrival. */
        double fieldsAtAge(int i, double age) {
            double t = arrivals[i] + age;
            double[] s = seconds[i];
            double v = 0;
            for (int k = 0; k < s.length && s[k] <= t; k++) {
                v = fields[i][k];
            }
            return v;
        }

        /** All fields the tenants brought. */
        double total() {
            double sum = 0;
            for (double[] f : fields) {
                sum += f[f.length - 1];
            }
            return sum;
        }
    }
}
