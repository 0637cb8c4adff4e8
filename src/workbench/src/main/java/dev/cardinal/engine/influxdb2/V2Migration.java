package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.Migration;
import dev.cardinal.engine.MigrationCost;
import dev.cardinal.engine.MigrationPace;
import dev.cardinal.engine.MigrationProgress;
import dev.cardinal.engine.MigrationRequest;
import dev.cardinal.engine.MigrationSurvey;
import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.lineprotocol.LineBytes;
import dev.cardinal.model.Durations;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.projection.ProjectionSettings;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/** A 2.x migration through the seam: the plan of Flux scripts, its cost with a probe, and the run. */
final class V2Migration implements Migration {
    private final MigrationRequest request;
    private final FluxHttp http;
    private final FluxMigrationRun migration;

    V2Migration(MigrationRequest request, FluxHttp http, FluxMigrationRun migration) {
        this.request = request;
        this.http = http;
        this.migration = migration;
    }

    @Override
    public String into() {
        return migration.into();
    }

    @Override
    public String old() {
        return request.from().measurement().literalText();
    }

    @Override
    public MigrationSurvey survey(Consumer<String> say) throws IOException, InterruptedException {
        say.accept("Reading the time span of " + old() + " and counting the points of each window…");
        List<MigrationWindow> windows = migration.windows();
        List<Long> points = MigrationWindow.counted(windows, migration::points);
        StringBuilder plan = new StringBuilder("migrate " + old() + " in bucket " + migration.bucket() + " into " + into()
            + " in bucket " + migration.intoBucket() + " (InfluxDB 2.x, org " + request.server().organisation() + "): " + windows.size()
            + " window(s) of " + Durations.format(request.from().retention().effectiveShardGroupDuration()) + ", oldest first\n");
        for (int i = 0; i < windows.size(); i++) {
            plan.append("-- window ").append(i + 1).append(" of ").append(windows.size()).append(": ").append(windows.get(i)).append('\n')
                .append(migration.script(windows.get(i)));
        }
        plan.append("then: switch the writers over to ").append(into()).append("; the old measurement is kept (nothing is deleted on 2.x)\n");
        say.accept("Probing the server's pace (into " + MigrationPace.probeName(into()) + ", deleted again)…");
        MigrationPace pace = FluxMigrationProbe.measure(http, migration, request.from(), request.to(), windows, points,
            request.probePoints()).plusPerWindow(MigrationProgress.secondsToRecord(request.stateFile()));
        long total = points.stream().mapToLong(Long::longValue).sum();
        say.accept("Projecting both layouts over the sample…");
        MigrationCost cost = MigrationCost.of(request.workspace(), request.sample(), request.from(), request.to(), total, windows.size(),
            pace, settings(), LineBytes::perPoint, "TSM");
        int done = MigrationProgress.open(request.stateFile(), migration.planIdentity()).windowsDone();
        return new MigrationSurvey(plan.toString(), windows.size(), total, cost.rows(), cost.seconds(), done,
            "nothing written but the probe (deleted again)", windows, null);
    }

    /** The series the layouts make on a 2.x server; no horizon or limit is read. */
    private static ProjectionSettings settings() {
        InfluxDb2Servers servers = new InfluxDb2Servers();
        return ProjectionSettings.of(Duration.ofDays(30), 1, servers.server(servers.assumedVersion(), true, ServerLimits.DEFAULTS));
    }

    @Override
    public Result run(MigrationSurvey survey, MigrationWindow.Progress progress) throws IOException, InterruptedException {
        FluxMigrationRun.Result r = migration.run(survey.windowed(), FluxMigrationState.open(request.stateFile(), migration.planIdentity()),
            Instant.now(), progress);
        return new Result(r.points(), survey.windows(), r.windowsRun(), r.windowsSkipped(), "");
    }
}
