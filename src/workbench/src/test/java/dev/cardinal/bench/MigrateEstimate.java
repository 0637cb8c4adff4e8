package dev.cardinal.bench;

import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxV1Migration;
import dev.cardinal.engine.influxdb1.LiveData;
import dev.cardinal.engine.influxdb1.MigrationCost;
import dev.cardinal.engine.influxdb1.MigrationRun;
import dev.cardinal.engine.influxdb1.MigrationState;
import dev.cardinal.engine.influxdb1.MigrationSurvey;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The migration's time estimate beside the run it estimates, per scenario, on a scratch influxd: the cost's time (the
 * probe's pace), the run's own time, and where they part (the run's windows by time, first and second half). Each
 * scenario is a workspace with ids-as-tags and ids-as-fields, written as ids-as-tags and migrated into ids-as-fields.
 * Arguments: scenario names, or none for all: ads-1d (the ad marketplace, 4 copies, 1-day shard groups), ads-7d (one
 * copy, 7-day shard groups: windows larger than the probe's slice), explosion-1d (id-explosion traffic, 100,000 lines,
 * every line a new series, 1-day shard groups; its workspace from {@code cardinal sample-data id-explosion --rows
 * 100000 -o DIR}, the folder given as {@code -Dexplosion=DIR/id-explosion}).
 */
public final class MigrateEstimate {
    private record Scenario(String name, Path workspace, String shards, int copies, int apartDays) {
    }

    public static void main(String[] args) throws Exception {
        Path ads = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");
        Path explosion = Path.of(System.getProperty("explosion", "target/bench-id-explosion/id-explosion"), "id-explosion.cardinal.json");
        List<Scenario> all = List.of(new Scenario("ads-1d", ads, "1d", 4, 16), new Scenario("ads-7d", ads, "7d", 1, 16),
            new Scenario("explosion-1d", explosion, "1d", 1, 16));
        List<String> wanted = args.length == 0 || args[0].isBlank() || args[0].equals("dev.cardinal.bench") ? List.of()
            : Arrays.asList(args[0].split(","));
        try (ScratchInfluxd server = ScratchInfluxd.start()) {
            InfluxV1Client client = InfluxV1Client.of(server.url());
            for (Scenario s : all) {
                if (wanted.isEmpty() || wanted.contains(s.name())) {
                    run(client, s, Files.createTempDirectory("cardinal-migrate-bench"));
                }
            }
        }
    }

    private static void run(InfluxV1Client client, Scenario s, Path tmp) throws Exception {
        Workspace ws = WorkspaceFiles.load(s.workspace()).workspace();
        Sample sample = SampleReader.read(SampleReader.sources(s.workspace(), ws), SampleLimits.defaults(), ReadMonitor.NONE);
        String db = s.name().replace('-', '_');
        LiveData.write(client, db, s.shards(), ws.layout("ids-as-tags").orElseThrow(), sample.eventKinds().get(0), s.copies(), s.apartDays());
        InfluxV1Migration m = InfluxV1Migration.between(db, ws.layout("ids-as-tags").orElseThrow(), ws.layout("ids-as-fields").orElseThrow(),
            null, "migrated", null);
        Path state = tmp.resolve("state.json");
        double loadBefore = load();
        long t0 = System.nanoTime();
        MigrationSurvey survey = MigrationSurvey.take(client, m, 5000, state);
        double surveySeconds = (System.nanoTime() - t0) / 1e9;
        MigrationCost cost = MigrationCost.of(ws, sample, ws.layout("ids-as-tags").get(), ws.layout("ids-as-fields").get(), survey.points(),
            survey.windows().size(), survey.probe());
        List<Double> perWindow = new ArrayList<>();
        long[] last = {System.nanoTime()};
        long start = last[0];
        new MigrationRun(client, m, MigrationState.open(state, MigrationRun.planIdentity(m))).run(survey.windows(), Long.MAX_VALUE,
            (i, n, w, p, skipped) -> {
                long now = System.nanoTime();
                perWindow.add((now - last[0]) / 1e9);
                last[0] = now;
            });
        double ran = (System.nanoTime() - start) / 1e9;
        InfluxV1Migration.Window all = new InfluxV1Migration.Window(survey.windows().get(0).startNs(),
            survey.windows().get(survey.windows().size() - 1).endNs());
        long source = m.count(client, m.source(), all).points();
        long copied = m.count(client, m.into(), all).points();
        if (source != copied || source != survey.points()) {
            System.out.printf(Locale.ROOT, "%s: counted %,d points before the probe, %,d in the source after the run, %,d copied%n",
                s.name(), survey.points(), source, copied);
        }
        double estimate = cost.seconds();
        int half = perWindow.size() / 2;
        System.out.printf(Locale.ROOT, "%-13s %,9d points %3d windows: estimated %6.2f s, ran %6.2f s (%+4.0f%%); probe %,d points in %.2f s"
                + " (%.1f ms a window, %.1f µs a point); run: %.1f ms a window (first half %.1f, second half %.1f, median %.1f);"
                + " survey %.1f s; load %.1f → %.1f%n",
            s.name(), survey.points(), survey.windows().size(), estimate, ran, 100 * (estimate - ran) / ran, survey.probe().points(),
            survey.probe().seconds(), survey.probe().secondsPerWindow() * 1e3, survey.probe().secondsPerPoint() * 1e6,
            1e3 * ran / perWindow.size(), 1e3 * mean(perWindow.subList(0, half)), 1e3 * mean(perWindow.subList(half, perWindow.size())),
            1e3 * perWindow.stream().sorted().toList().get(perWindow.size() / 2), surveySeconds, loadBefore, load());
    }

    private static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
