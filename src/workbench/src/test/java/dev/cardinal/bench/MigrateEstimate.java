package dev.cardinal.bench;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Credentials;
import dev.cardinal.engine.Migration;
import dev.cardinal.engine.MigrationCost;
import dev.cardinal.engine.MigrationRequest;
import dev.cardinal.engine.MigrationSurvey;
import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.LiveData;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Target;
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
 * The migration's time estimate beside the run it estimates, per scenario, on a scratch influxd, through the seam as
 * {@code cardinal migrate} runs it (every window of the run checked): the cost's time (the probe's pace), the run's own time, and where they part (the run's windows by time, first and second half). Each
 * scenario is a workspace with ids-as-tags and ids-as-fields, written as ids-as-tags and migrated into ids-as-fields.
 * Arguments: scenario names, or none for all: ads-1d (the ad marketplace, 4 copies, 1-day shard groups), ads-7d (one
 * copy, 7-day shard groups: windows larger than the probe's slice), explosion-1d (id-explosion traffic, 100,000 lines,
 * every line a new series, 1-day shard groups; its workspace from {@code cardinal sample-data id-explosion --rows
 * 100000 -o DIR}, the folder given as {@code -Dexplosion=DIR/id-explosion}); ads200k-1d and explosion200k-1d (issue 37's
 * figures: each scenario at 200,000 rows, one copy, 1-day shard groups; from {@code cardinal sample-data ad-marketplace
 * id-explosion --rows 200000 -o DIR}, the folder given as {@code -Dsized=DIR}). With {@code -Dwarm=true} the server first
 * runs the same migration once into a throwaway measurement (dropped again), as a server that has run for a while;
 * with {@code -Dwindows=true} every window of the run is printed with its time.
 */
public final class MigrateEstimate {
    private record Scenario(String name, Path workspace, String shards, int copies, int apartDays) {
    }

    public static void main(String[] args) throws Exception {
        Path ads = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");
        Path explosion = Path.of(System.getProperty("explosion", "target/bench-id-explosion/id-explosion"), "id-explosion.cardinal.json");
        // issue 37's figures: the scenarios at 200,000 rows, from cardinal sample-data SCENARIO --rows 200000 -o DIR, the folder
        // given as -Dsized=DIR
        Path sized = Path.of(System.getProperty("sized", "target/bench-200k"));
        List<Scenario> all = List.of(new Scenario("ads-1d", ads, "1d", 4, 16), new Scenario("ads-7d", ads, "7d", 1, 16),
            new Scenario("explosion-1d", explosion, "1d", 1, 16),
            new Scenario("ads200k-1d", sized.resolve("ad-marketplace/ad-marketplace.cardinal.json"), "1d", 1, 16),
            new Scenario("explosion200k-1d", sized.resolve("id-explosion/id-explosion.cardinal.json"), "1d", 1, 16));
        List<String> wanted = args.length == 0 || args[0].isBlank() || args[0].equals("dev.cardinal.bench") ? List.of()
            : Arrays.asList(args[0].split(","));
        try (ScratchInfluxd server = ScratchInfluxd.start()) {
            InfluxV1Client client = InfluxV1Client.of(server.url());
            for (Scenario s : all) {
                if (wanted.isEmpty() || wanted.contains(s.name())) {
                    run(client, server.url(), s, Files.createTempDirectory("cardinal-migrate-bench"));
                }
            }
        }
    }

    private static void run(InfluxV1Client client, java.net.URI url, Scenario s, Path tmp) throws Exception {
        Workspace ws = WorkspaceFiles.load(s.workspace()).workspace();
        Sample sample = SampleReader.read(SampleReader.sources(s.workspace(), ws), SampleLimits.defaults(), ReadMonitor.NONE);
        String db = s.name().replace('-', '_');
        LiveData.write(client, db, s.shards(), ws.layout("ids-as-tags").orElseThrow(), sample.eventKinds().get(0), s.copies(), s.apartDays());
        if (Boolean.getBoolean("warm")) {
            // a server that has run for a while, as a live one has: the same migration once into a throwaway measurement
            Migration warm = Engines.migrating(Target.Kind.INFLUXDB_1).orElseThrow().open(new MigrationRequest(
                new Connection(Target.Kind.INFLUXDB_1, url, db, java.time.Duration.ofMinutes(10), Credentials.NONE), ws, sample,
                ws.layout("ids-as-tags").orElseThrow(), ws.layout("ids-as-fields").orElseThrow(), null, "warmup", null,
                tmp.resolve("warm.json"), MigrationRequest.PROBE_POINTS));
            warm.run(warm.survey(said -> { }), (i, n, w, p, skipped) -> { });
            client.query("DROP MEASUREMENT \"warmup\"", db);
        }
        double settled = settle(client);
        Path state = tmp.resolve("state.json");
        // through the seam, as cardinal migrate and the Migrate step run it
        Migration m = Engines.migrating(Target.Kind.INFLUXDB_1).orElseThrow().open(new MigrationRequest(
            new Connection(Target.Kind.INFLUXDB_1, url, db, java.time.Duration.ofMinutes(10), Credentials.NONE), ws, sample,
            ws.layout("ids-as-tags").orElseThrow(), ws.layout("ids-as-fields").orElseThrow(), null, "migrated", null, state,
            MigrationRequest.PROBE_POINTS));
        double loadBefore = load();
        long t0 = System.nanoTime();
        MigrationSurvey survey = m.survey(said -> { });
        double surveySeconds = (System.nanoTime() - t0) / 1e9;
        List<Double> perWindow = new ArrayList<>();
        long[] last = {System.nanoTime()};
        long start = last[0];
        Migration.Result r = m.run(survey, (i, n, w, p, skipped) -> {
            long now = System.nanoTime();
            if (Boolean.getBoolean("windows")) {
                System.out.printf(Locale.ROOT, "  window %d of %d: %,d points in %.3f s%n", i, n, p, (now - last[0]) / 1e9);
            }
            perWindow.add((now - last[0]) / 1e9);
            last[0] = now;
        });
        double ran = (System.nanoTime() - start) / 1e9;
        if (r.points() != survey.points()) {
            System.out.printf(Locale.ROOT, "%s: counted %,d points before the probe, %,d run%n", s.name(), survey.points(), r.points());
        }
        double estimate = survey.seconds();
        String probe = survey.cost().stream().filter(c -> c.what().equals("probe")).findFirst().map(MigrationCost.Row::value).orElse("");
        int half = perWindow.size() / 2;
        System.out.printf(Locale.ROOT, "%-13s %,9d points %3d windows: estimated %6.2f s, ran %6.2f s (%+4.0f%%); probe %s;"
                + " run: %.1f ms a window (first half %.1f, second half %.1f, median %.1f); survey %.1f s;"
                + " settled %.0f s after the write; load %.1f → %.1f%n",
            s.name(), survey.points(), survey.windows(), estimate, ran, 100 * (estimate - ran) / ran, probe,
            1e3 * ran / perWindow.size(), 1e3 * mean(perWindow.subList(0, half)), 1e3 * mean(perWindow.subList(half, perWindow.size())),
            1e3 * perWindow.stream().sorted().toList().get(perWindow.size() / 2), surveySeconds, settled, loadBefore, load());
    }

    /**
     * Waits until influxd's storage engine has no compaction under way three seconds running (at most two minutes): the
     * data a migration rewrites was written long before, and the snapshots and compactions that follow a fresh write
     * of 200,000 series made every query of the first minute several times slower, the probe's and the first windows'
     * alike (the estimate 64% over the run on id-explosion traffic, issue 37). The seconds waited.
     */
    private static double settle(InfluxV1Client client) throws Exception {
        long start = System.nanoTime();
        int quiet = 0;
        while (quiet < 3 && System.nanoTime() - start < 120e9) {
            long active = 0;
            for (var series : client.query("SHOW STATS FOR 'tsm1_engine'", null).series()) {
                for (int c = 0; c < series.columns().size(); c++) {
                    if (series.columns().get(c).endsWith("Active") && series.values().get(0).get(c) instanceof Number n) {
                        active += n.longValue();
                    }
                }
            }
            quiet = active == 0 ? quiet + 1 : 0;
            Thread.sleep(1000);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
