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
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Berry farm: 72 temperature sensors (3 crops x 6 plots x 4 regions) reporting every 30 minutes. The set of series
 * is closed, so the lesson is not growth but shape: the same facts as tags, in measurement names, in field keys, or
 * packed into one tag, and what each does to queries and the index.
 */
final class WeatherScenario implements Scenario {
    static final String KIND = "weather";
    private static final long SEED = 0x5745_4154_4852L;
    private static final String[] CROPS = {"blueberries", "strawberries", "raspberries"};
    private static final int PLOTS = 6;
    private static final String[] REGIONS = {"north", "south", "east", "west"};
    static final int SENSORS = CROPS.length * PLOTS * REGIONS.length;
    private static final long SECOND_NS = 1_000_000_000L;
    private static final long INTERVAL_S = 30 * 60;
    /** Sensors report one after another, this far apart, so no two readings share a time stamp. */
    private static final long STAGGER_S = 20;
    private static final int DAYS = 11;

    /** January in the field; tunnels keep strawberries warmer, the north of the farm is colder. */
    private static final double BASE_C = 4.0;
    private static final double[] CROP_C = {0.0, 3.5, 1.0};
    private static final double[] REGION_C = {-1.8, 1.6, 0.2, 0.6};

    @Override
    public String name() {
        return "weather";
    }

    /** Every sensor, every 30 minutes, for 11 days: more than one 7-day shard group. */
    @Override
    public long defaultRows() {
        return (long) SENSORS * (86_400 / INTERVAL_S) * DAYS;
    }

    @Override
    public Workspace workspace() {
        EventKind kind = new EventKind(KIND, List.of(
            new Attribute("crop", ValueType.STRING), new Attribute("plot", ValueType.STRING),
            new Attribute("region", ValueType.STRING), new Attribute("temp", ValueType.FLOAT)));
        Template measurement = Template.literal(KIND);
        List<FieldSpec> temp = List.of(FieldSpec.of("temp"));
        Layout threeTags = new Layout("three-tags", "three-tags", KIND, measurement,
            List.of(TagSpec.of("crop"), TagSpec.of("plot"), TagSpec.of("region")), temp, RetentionPlan.AUTOGEN);
        Layout inMeasurement = new Layout("data-in-measurement", "data-in-measurement", KIND,
            Scenarios.template("{crop}.plot-{plot}.{region}"), List.of(), temp, RetentionPlan.AUTOGEN);
        Layout inFieldKeys = new Layout("data-in-field-keys", "data-in-field-keys", KIND, measurement, List.of(),
            List.of(new FieldSpec(Scenarios.template("{crop}.plot-{plot}.{region}.temp"), "temp")),
            RetentionPlan.AUTOGEN);
        Layout oneTag = new Layout("several-facts-in-one-tag", "several-facts-in-one-tag", KIND, measurement,
            List.of(TagSpec.of("crop"), new TagSpec("location", Scenarios.template("plot-{plot}.{region}"))), temp,
            RetentionPlan.AUTOGEN);
        return new Workspace(name(), List.of(kind), List.of(threeTags, inMeasurement, inFieldKeys, oneTag),
            List.of(Scenarios.trafficBinding()), List.of(), List.of(), Map.of())
            .withCanvasPosition(threeTags.id(), new Position(40, 40))
            .withCanvasPosition(inMeasurement.id(), new Position(420, 40))
            .withCanvasPosition(inFieldKeys.id(), new Position(40, 320))
            .withCanvasPosition(oneTag.id(), new Position(420, 320));
    }

    /**
     * Row {@code n} is sensor {@code n % 72} in round {@code n / 72}, so a longer sample extends a shorter one and
     * the span follows from the row count (a 30-minute cadence is the point of this scenario).
     */
    @Override
    public void writeTraffic(LineProtocolWriter out, long rows) throws IOException {
        SplittableRandom noise = new SplittableRandom(SEED);
        double[] sensorBias = new double[SENSORS];
        for (int s = 0; s < SENSORS; s++) {
            sensorBias[s] = 0.5 * Randoms.gaussian(Randoms.keyed(SEED, s)); // microclimate, mounting height
        }
        for (long n = 0; n < rows; n++) {
            int sensor = (int) (n % SENSORS);
            long round = n / SENSORS;
            int crop = sensor / (PLOTS * REGIONS.length);
            int plot = sensor / REGIONS.length % PLOTS;
            int region = sensor % REGIONS.length;
            long jitter = noise.nextInt((int) STAGGER_S); // radios drift, but never past the next sensor's turn
            long second = round * INTERVAL_S + sensor * STAGGER_S + jitter;
            double temp = BASE_C + CROP_C[crop] + REGION_C[region] + sensorBias[sensor]
                + diurnal(second) + weatherOfDay(region, second) + 0.3 * Randoms.gaussian(noise);
            out.measurement(KIND).tag("crop", CROPS[crop]).tag("plot", Integer.toString(plot + 1))
                .tag("region", REGIONS[region]).floatField("temp", LineProtocolWriter.decimal(temp, 1))
                .end(START_NANOS + second * SECOND_NS);
        }
    }

    /** Coldest before dawn, warmest mid-afternoon (times are UTC, which is local time on this farm). */
    private static double diurnal(long second) {
        double hour = (second % 86_400) / 3600.0;
        return 4.5 * StrictMath.sin(2 * StrictMath.PI * (hour - 9) / 24);
    }

    /** Mild and cold spells: a per-day anomaly for each region, blended smoothly from one day into the next. */
    private static double weatherOfDay(int region, long second) {
        long day = second / 86_400;
        double f = (second % 86_400) / 86_400.0;
        return (1 - f) * anomaly(region, day) + f * anomaly(region, day + 1);
    }

    private static double anomaly(int region, long day) {
        double farm = 3.0 * Randoms.gaussian(Randoms.keyed(SEED, -1, day));
        return farm + 0.8 * Randoms.gaussian(Randoms.keyed(SEED, region, day));
    }
}
