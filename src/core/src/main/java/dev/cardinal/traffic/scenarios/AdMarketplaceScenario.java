package dev.cardinal.traffic.scenarios;

import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Target;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * Classifieds site: users browse listings in sessions. Ids (listing, user, session, page) grow with traffic, which is
 * what makes {@code ids-as-tags} explode; {@code ids-as-fields} plus a daily rollup into a relational table is the cure.
 */
final class AdMarketplaceScenario implements Scenario {
    static final String KIND = "listing_event";
    private static final long SEED = 0x4144_5F4D_4B54L;
    private static final long MS = 1_000_000L;
    private static final long DAY_MS = 86_400_000L;
    /** Sessions arrive over this span whatever the row count, so every sample crosses shard-group boundaries. */
    private static final long SPAN_MS = 14 * DAY_MS;

    private static final String[] EVENTS = {"view", "click", "contact", "favorite", "share"};
    private static final double[] EVENT_WEIGHTS = Randoms.cumulative(70, 16, 4, 7, 3);
    private static final String[] DEVICES = {"desktop", "mobile", "tablet", "ios-app", "android-app"};
    private static final double[] DEVICE_WEIGHTS = Randoms.cumulative(27, 38, 5, 16, 14);
    private static final String[] REFS = {"search", "home", "category", "similar", "email", "share"};
    private static final double[] REF_WEIGHTS = Randoms.cumulative(45, 15, 15, 12, 8, 5);
    private static final int ACTIVE_LISTINGS = 900;
    private static final double NEW_LISTINGS_PER_DAY = 45;
    private static final double RETURNING_USER = 0.4;
    private static final int MIN_EVENTS = 3;
    private static final int MAX_EVENTS = 20;
    /** Average of {@link #activity} over a day; dividing by it keeps the span near {@link #SPAN_MS}. */
    private static final double MEAN_ACTIVITY = 0.6;

    @Override
    public String name() {
        return "ad-marketplace";
    }

    @Override
    public long defaultRows() {
        return 20_000;
    }

    @Override
    public Workspace workspace() {
        EventKind kind = new EventKind(KIND, List.of(
            new Attribute("event", ValueType.STRING), new Attribute("listing_id", ValueType.STRING),
            new Attribute("user_id", ValueType.STRING), new Attribute("device", ValueType.STRING),
            new Attribute("session_id", ValueType.STRING), new Attribute("page_url", ValueType.STRING),
            new Attribute("count", ValueType.INTEGER)));
        Template measurement = Template.literal(KIND);
        Layout asTags = new Layout("ids-as-tags", "ids-as-tags", KIND, measurement,
            List.of(TagSpec.of("event"), TagSpec.of("listing_id"), TagSpec.of("user_id"), TagSpec.of("device"),
                TagSpec.of("session_id")),
            List.of(FieldSpec.of("page_url"), FieldSpec.of("count")), RetentionPlan.AUTOGEN);
        Layout asFields = new Layout("ids-as-fields", "ids-as-fields", KIND, measurement,
            List.of(TagSpec.of("event")),
            List.of(FieldSpec.of("listing_id"), FieldSpec.of("user_id"), FieldSpec.of("device"),
                FieldSpec.of("session_id"), FieldSpec.of("page_url"), FieldSpec.of("count")),
            new RetentionPlan("raw", Duration.ofDays(30), Duration.ofDays(1), 1));
        Rollup daily = new Rollup("listing-daily", "listing-daily", asFields.id(), Duration.ofDays(1),
            List.of(new Rollup.AggregateSpec("count", Aggregate.SUM),
                new Rollup.AggregateSpec("user_id", Aggregate.COUNT_DISTINCT)),
            List.of("listing_id", "event"),
            new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, "listing_daily", Duration.ZERO));
        Target local = new Target("local", "local", Target.Kind.INFLUXDB_1, "http://127.0.0.1:8086", "cardinal_ads", null);
        return new Workspace(name(), List.of(kind), List.of(asTags, asFields), List.of(Scenarios.trafficBinding()),
            List.of(daily), List.of(local), Map.of())
            .withCanvasPosition(asTags.id(), new Position(40, 40))
            .withCanvasPosition(asFields.id(), new Position(420, 40));
    }

    /** One visit: a user on one device looking at a few listings. */
    private static final class Session {
        final long seq;
        final String id;
        final String user;
        final String device;
        final String ref;
        int listing;
        int remaining;
        long nextMs;
        boolean first = true;

        Session(long seq, String id, String user, String device, String ref, int listing, int events, long startMs) {
            this.seq = seq;
            this.id = id;
            this.user = user;
            this.device = device;
            this.ref = ref;
            this.listing = listing;
            this.remaining = events;
            this.nextMs = startMs;
        }
    }

    /**
     * Sessions start as a Poisson process with a daily rhythm (thinned from a peak rate); their events interleave,
     * so a priority queue on the next event time emits them in order without holding the whole day in memory.
     */
    @Override
    public void writeTraffic(LineProtocolWriter out, long rows) throws IOException {
        SplittableRandom r = new SplittableRandom(SEED);
        double meanEvents = meanSessionLength();
        double sessions = Math.max(1.0, rows / meanEvents);
        double peakGapMs = SPAN_MS * MEAN_ACTIVITY / sessions;
        PriorityQueue<Session> queue = new PriorityQueue<>((a, b) -> a.nextMs != b.nextMs
            ? Long.compare(a.nextMs, b.nextMs) : Long.compare(a.seq, b.seq));
        int[] userDevice = new int[1024];
        int users = 0;
        long seq = 0;
        long nextStartMs = 0;
        long lastMs = -1;
        for (long written = 0; written < rows; ) {
            if (queue.isEmpty() || nextStartMs <= queue.peek().nextMs) {
                int user;
                int device;
                if (users > 0 && r.nextDouble() < RETURNING_USER) {
                    double u = r.nextDouble();
                    user = users - 1 - (int) (users * u * u); // recent users come back more often
                    device = r.nextDouble() < 0.8 ? userDevice[user] : Randoms.weighted(r, DEVICE_WEIGHTS);
                } else {
                    user = users++;
                    device = Randoms.weighted(r, DEVICE_WEIGHTS);
                    if (user == userDevice.length) {
                        userDevice = Arrays.copyOf(userDevice, user * 2);
                    }
                    userDevice[user] = device;
                }
                queue.add(new Session(seq++, Randoms.uuid(r), String.format(Locale.ROOT, "u%04d", user + 1), DEVICES[device],
                    REFS[Randoms.weighted(r, REF_WEIGHTS)], pickListing(r, nextStartMs), sessionLength(r), nextStartMs));
                nextStartMs = nextStart(r, nextStartMs, peakGapMs);
                continue;
            }
            Session s = queue.poll();
            // equal times would make two points one under ids-as-fields (same series, same time): the exact clock keeps
            // them apart, the others stamp events as a real writer would
            long ms = out.clock() == Clock.EXACT ? Math.max(s.nextMs, lastMs + 1) : s.nextMs;
            lastMs = ms;
            String event = s.first ? "view" : EVENTS[Randoms.weighted(r, EVENT_WEIGHTS)];
            if (!s.first && event.equals("view") && r.nextDouble() < 0.5) {
                s.listing = pickListing(r, ms); // moving on to another listing
            }
            s.first = false;
            String listing = String.format(Locale.ROOT, "L%06d", s.listing);
            out.measurement(KIND).tag("event", event).tag("listing_id", listing).tag("user_id", s.user)
                .tag("device", s.device).tag("session_id", s.id)
                .stringField("page_url", "/listing/" + listing + "?ref=" + s.ref)
                .integerField("count", r.nextDouble() < 0.95 ? 1 : 2 + r.nextInt(3))
                .end(START_NANOS + ms * MS);
            written++;
            if (--s.remaining > 0) {
                s.nextMs = ms + 3_000 + (long) Randoms.exponential(r, 40_000);
                queue.add(s);
            }
        }
    }

    /** Relative traffic at a time of day: quiet at night, busiest in the evening. */
    private static double activity(long ms) {
        double hour = (ms % DAY_MS) / 3_600_000.0;
        return MEAN_ACTIVITY + 0.4 * StrictMath.cos(2 * StrictMath.PI * (hour - 20) / 24);
    }

    private static long nextStart(SplittableRandom r, long fromMs, double peakGapMs) {
        long t = fromMs;
        do {
            t += 1 + (long) Randoms.exponential(r, peakGapMs);
        } while (r.nextDouble() >= activity(t));
        return t;
    }

    /** New listings appear all the time and old ones expire; newer ones draw more attention. */
    private static int pickListing(SplittableRandom r, long ms) {
        int newest = ACTIVE_LISTINGS + (int) (NEW_LISTINGS_PER_DAY * ms / DAY_MS);
        double u = r.nextDouble();
        return newest - (int) (ACTIVE_LISTINGS * u * u);
    }

    /** Mostly short sessions: 3 events is the most common, 20 the longest. */
    private static int sessionLength(SplittableRandom r) {
        double u = r.nextDouble();
        return MIN_EVENTS + (int) ((MAX_EVENTS - MIN_EVENTS + 1) * u * u);
    }

    private static double meanSessionLength() {
        int span = MAX_EVENTS - MIN_EVENTS + 1;
        double mean = MIN_EVENTS;
        for (int k = 1; k < span; k++) {
            mean += 1 - StrictMath.sqrt((double) k / span); // P(floor(span * u^2) >= k)
        }
        return mean;
    }
}
