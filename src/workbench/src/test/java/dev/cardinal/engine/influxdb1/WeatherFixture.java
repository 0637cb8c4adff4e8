package dev.cardinal.engine.influxdb1;

import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** The weather sample workspace as the push tests use it: three-tags kept for a while, with a daily rollup. */
public final class WeatherFixture {
    static final Path WEATHER = Path.of("sample-data/weather/weather.cardinal.json");

    private WeatherFixture() {
    }

    static Workspace workspace() throws Exception {
        return WorkspaceFiles.load(WEATHER).workspace();
    }

    /** The three-tags layout in a retention policy "raw" of {@code keep} with 1-day shard groups. */
    public static Layout threeTags(Duration keep) throws Exception {
        return workspace().layout("three-tags").orElseThrow()
            .withRetention(new RetentionPlan("raw", keep, Duration.ofDays(1), 1));
    }

    /** The workspace with {@code layout} and a daily mean of temp per crop into the "daily" policy (730 days). */
    public static Workspace withDailyRollup(Layout layout) throws Exception {
        Workspace ws = workspace();
        Rollup daily = new Rollup("crop-daily", "crop daily", layout.id(), Duration.ofDays(1),
            List.of(new Rollup.AggregateSpec("temp", Aggregate.MEAN)), List.of("crop"),
            new Rollup.Destination(Rollup.DestinationKind.RETENTION_POLICY, "daily", Duration.ofDays(730)));
        return new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), ws.samples(), List.of(daily), ws.targets(), ws.canvas())
            .withLayout(layout);
    }

    public static EventKindSample sample() throws Exception {
        Workspace ws = workspace();
        return SampleReader.read(SampleReader.sources(WEATHER, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
    }
}
