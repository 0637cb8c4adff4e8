package dev.cardinal.traffic.scenarios;

import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Traffic shaped as the worst layout from the field makes it: listing, user and device ids as tags, so that nearly
 * every line is a new series. Each id tag draws from its own pool, a fixed share of the row count, so that the values
 * per tag grow with the sample (at 10M lines about 2.5M listings, 3.7M users and 4.9M devices); user and device ids
 * are UUID-like, 36 characters; a line is about 170 bytes. Not one of the shipped scenarios: it is made for the benches, at any size and seed.
 * The same rows and seed give the same bytes.
 */
final class IdExplosionScenario implements Scenario {
    static final String NAME = "id-explosion";
    static final String KIND = "listing_event";
    static final long DEFAULT_SEED = 0x1D_E8B1_0510L;
    /** The lines spread evenly over two weeks and a day, so that every sample crosses shard-group boundaries. */
    private static final double SPAN_NANOS = 15 * 86_400e9;
    private static final String[] EVENTS = {"view", "click", "contact", "favorite", "share"};
    private static final double[] EVENT_WEIGHTS = Randoms.cumulative(70, 16, 4, 7, 3);
    /** Each id tag's pool as a share of the row count: drawn uniformly, a pool of p·n gives p·n·(1 − e^(−1/p)) values. */
    private static final double LISTINGS = 0.25;
    private static final double USERS = 0.4;
    private static final double DEVICES = 0.6;

    private final long seed;

    IdExplosionScenario(long seed) {
        this.seed = seed;
    }

    IdExplosionScenario() {
        this(DEFAULT_SEED);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public long defaultRows() {
        return 1_000_000;
    }

    @Override
    public Workspace workspace() {
        EventKind kind = new EventKind(KIND, List.of(
            new Attribute("event", ValueType.STRING), new Attribute("listing_id", ValueType.STRING),
            new Attribute("user_id", ValueType.STRING), new Attribute("device_id", ValueType.STRING),
            new Attribute("count", ValueType.INTEGER),
            new Attribute("price", ValueType.FLOAT)));
        Template measurement = Template.literal(KIND);
        Layout asTags = new Layout("ids-as-tags", "ids-as-tags", KIND, measurement,
            List.of(TagSpec.of("event"), TagSpec.of("listing_id"), TagSpec.of("user_id"), TagSpec.of("device_id")),
            List.of(FieldSpec.of("count"), FieldSpec.of("price")), RetentionPlan.AUTOGEN);
        Layout asFields = new Layout("ids-as-fields", "ids-as-fields", KIND, measurement,
            List.of(TagSpec.of("event")),
            List.of(FieldSpec.of("listing_id"), FieldSpec.of("user_id"), FieldSpec.of("device_id"),
                FieldSpec.of("count"), FieldSpec.of("price")), RetentionPlan.AUTOGEN);
        return new Workspace(name(), List.of(kind), List.of(asTags, asFields), List.of(Scenarios.trafficBinding()),
            List.of(), List.of(), Map.of());
    }

    @Override
    public void writeTraffic(LineProtocolWriter out, long rows) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        long listings = pool(rows, LISTINGS);
        long users = pool(rows, USERS);
        long devices = pool(rows, DEVICES);
        for (long i = 0; i < rows; i++) {
            String listing = listingId(r.nextLong(listings));
            String user = uuid(seed ^ 0x5553_4552L, r.nextLong(users));
            String device = uuid(seed ^ 0x4445_5649_4345L, r.nextLong(devices));
            out.measurement(KIND).tag("event", EVENTS[Randoms.weighted(r, EVENT_WEIGHTS)]).tag("listing_id", listing)
                .tag("user_id", user).tag("device_id", device)
                .integerField("count", r.nextDouble() < 0.95 ? 1 : 2 + r.nextInt(3))
                .floatField("price", LineProtocolWriter.decimal(5 + r.nextInt(500_000) / 100.0, 2))
                .end(START_NANOS + (long) (SPAN_NANOS * i / rows));
        }
    }

    private static long pool(long rows, double share) {
        return Math.max(1, (long) (rows * share));
    }

    private static String listingId(long n) {
        String digits = Long.toString(n);
        return "L" + "0".repeat(Math.max(0, 10 - digits.length())) + digits;
    }

    /** The id numbered {@code n} of a pool: a version-4 UUID's text, the same for the same key and number. */
    private static String uuid(long key, long n) {
        return Randoms.uuid(Randoms.keyed(key, n));
    }
}
