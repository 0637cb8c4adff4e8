package dev.cardinal.traffic.scenarios;

import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A SaaS product lets each tenant record metrics under names they type themselves. Field keys made from those names
 * grow without bound (and carry spaces, commas and '='); fixed slots per tenant keep the schema closed.
 */
final class CustomMetricsScenario implements Scenario {
    static final String KIND = "custom_metric";
    private static final long SEED = 0x4355_5354_4D54L;
    private static final long MS = 1_000_000L;
    private static final long DAY_MS = 86_400_000L;
    private static final long SPAN_MS = 14 * DAY_MS;
    static final int TENANTS = 20;
    static final int MAX_NAMES_PER_TENANT = 40;

    /** Names most tenants start with, so some field keys are shared across tenants. */
    private static final String[] COMMON = {"signups", "revenue", "active_users", "orders"};
    private static final String[] STEMS = {"signups", "cart_value", "churn-risk score", "checkout time ms",
        "refunds", "nps", "trial conversions", "api_errors", "queue depth", "mrr", "basket size", "login failures",
        "ad spend", "open tickets", "page_load_ms", "revenue"};
    private static final String[] QUALIFIERS = {"", "_eu", "_us", "_apac", "_v2", "_v3", " (beta)", ", net",
        ", gross", "=goal", "_test", "-mobile", " new", "_2026"};
    /** Campaigns and products a tenant names metrics after; they make most names the tenant's own. */
    private static final String[] PROJECTS = {"apollo", "bluebird", "orion", "spring_sale", "BF25", "onboarding v3",
        "kiosk", "partner-api", "loyalty", "widget=blue", "summer promo", "helpdesk", "b2b", "app 4.2", "newsletter",
        "free tier", "pilot NL", "pricing-test", "gift cards", "search, ranked", "referrals", "emea", "retail",
        "marketplace"};

    @Override
    public String name() {
        return "custom-metrics";
    }

    @Override
    public long defaultRows() {
        return 20_000;
    }

    @Override
    public Workspace workspace() {
        EventKind kind = new EventKind(KIND, List.of(new Attribute("tenant", ValueType.STRING),
            new Attribute("metric", ValueType.STRING), new Attribute("value", ValueType.FLOAT)));
        Template measurement = Template.literal("custom_metrics");
        Layout asKeys = new Layout("metric-names-as-field-keys", "metric-names-as-field-keys", KIND, measurement,
            List.of(TagSpec.of("tenant")), List.of(new FieldSpec(Scenarios.template("{metric}"), "value")),
            RetentionPlan.AUTOGEN);
        Layout slots = new Layout("fixed-slots", "fixed-slots", KIND, measurement, List.of(TagSpec.of("tenant")),
            List.of(new FieldSpec(Scenarios.template("slot_{slot(metric, tenant, max=50)}"), "value")), RetentionPlan.AUTOGEN);
        return new Workspace(name(), List.of(kind), List.of(asKeys, slots), List.of(Scenarios.trafficBinding()),
            List.of(), List.of(), Map.of())
            .withCanvasPosition(asKeys.id(), new Position(40, 40))
            .withCanvasPosition(slots.id(), new Position(420, 40));
    }

    /** A tenant's metric names in order of creation, when each appears, and the size of its values. */
    private record Tenant(String id, double weight, List<String> names, long[] createdMs, double[] scale) {
        /** How many names exist at {@code ms}; the first ones exist from the start. */
        int namesAt(long ms) {
            int n = 0;
            while (n < createdMs.length && createdMs[n] <= ms) {
                n++;
            }
            return n;
        }
    }

    /**
     * Points arrive as one Poisson stream over a fixed span; each picks a tenant by activity and one of the names
     * that tenant has created so far. The catalogue of names does not depend on the row count.
     */
    @Override
    public void writeTraffic(LineProtocolWriter out, long rows) throws IOException {
        List<Tenant> tenants = catalogue();
        double[] activity = Randoms.cumulative(tenants.stream().mapToDouble(Tenant::weight).toArray());
        SplittableRandom r = new SplittableRandom(SEED);
        double meanGapMs = (double) SPAN_MS / Math.max(1, rows);
        long ms = 0;
        for (long n = 0; n < rows; n++) {
            if (n > 0) {
                // at least 1 ms apart on the exact clock: a repeated (tenant, metric, time) would overwrite a point
                ms += (out.clock() == Clock.EXACT ? 1 : 0) + (long) Randoms.exponential(r, meanGapMs);
            }
            Tenant t = tenants.get(Randoms.weighted(r, activity));
            int available = t.namesAt(ms);
            // newer names are the ones being tried out right now, so they are sent a bit more often
            int i = available - 1 - (int) (available * StrictMath.pow(r.nextDouble(), 1.5));
            double value = t.scale()[i] * StrictMath.exp(0.25 * Randoms.gaussian(r));
            out.measurement(KIND).tag("tenant", t.id()).tag("metric", t.names().get(i))
                .floatField("value", LineProtocolWriter.decimal(value, 2))
                .end(START_NANOS + ms * MS);
        }
    }

    private static List<Tenant> catalogue() {
        List<Tenant> tenants = new ArrayList<>();
        for (int k = 0; k < TENANTS; k++) {
            SplittableRandom r = Randoms.keyed(SEED, k);
            Set<String> names = new LinkedHashSet<>();
            for (String common : COMMON) {
                if (r.nextDouble() < 0.7) {
                    names.add(common);
                }
            }
            int initial = names.size() + 1 + r.nextInt(4);
            int target = 8 + r.nextInt(MAX_NAMES_PER_TENANT - 8 + 1); // how inventive this tenant is
            String[] own = {PROJECTS[r.nextInt(PROJECTS.length)], PROJECTS[r.nextInt(PROJECTS.length)]};
            while (names.size() < target) {
                String stem = STEMS[r.nextInt(STEMS.length)];
                names.add(r.nextDouble() < 0.3 ? stem + QUALIFIERS[r.nextInt(QUALIFIERS.length)]
                    : own[r.nextInt(own.length)] + " " + stem + QUALIFIERS[r.nextInt(QUALIFIERS.length)]);
            }
            List<String> list = List.copyOf(names);
            long[] created = new long[list.size()];
            double[] scale = new double[list.size()];
            double meanGapMs = (double) SPAN_MS / Math.max(1, list.size() - initial);
            long at = 0;
            for (int i = 0; i < list.size(); i++) {
                if (i >= initial) {
                    at += (long) Randoms.exponential(r, meanGapMs);
                }
                created[i] = at;
                scale[i] = StrictMath.pow(10, r.nextInt(4)) * (1 + 9 * r.nextDouble());
            }
            double weight = 1.0 / StrictMath.pow(1 + r.nextInt(TENANTS), 0.9); // a few busy tenants, a long tail
            tenants.add(new Tenant(String.format(Locale.ROOT, "t%02d", k + 1), weight, list, created, scale));
        }
        return tenants;
    }
}
