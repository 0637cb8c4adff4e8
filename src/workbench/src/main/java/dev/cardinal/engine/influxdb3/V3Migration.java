package dev.cardinal.engine.influxdb3;

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

/** An InfluxDB 3 migration through the seam: the plan of SQL reads, its cost with a probe, and the run. */
final class V3Migration implements Migration {
    private final MigrationRequest request;
    private final V3MigrationRun migration;

    V3Migration(MigrationRequest request, V3MigrationRun migration) {
        this.request = request;
        this.migration = migration;
    }

    @Override
    public String into() {
        return migration.rewrite().into();
    }

    @Override
    public String old() {
        return migration.rewrite().table();
    }

    @Override
    public MigrationSurvey survey(Consumer<String> say) throws IOException, InterruptedException {
        say.accept("Reading the columns and time span of " + old() + " and counting the points of each window…");
        List<MigrationWindow> windows = migration.windows();
        List<Long> points = MigrationWindow.counted(windows, migration::points);
        StringBuilder plan = new StringBuilder("migrate table " + old() + " into table " + into() + " in database "
            + migration.server().database() + " (InfluxDB 3): " + windows.size() + " window(s) of "
            + Durations.format(request.from().retention().effectiveShardGroupDuration())
            + ", oldest first; each window read with this SQL and written in the new layout through POST /api/v3/write_lp\n");
        for (int i = 0; i < windows.size(); i++) {
            plan.append("-- window ").append(i + 1).append(" of ").append(windows.size()).append(": ").append(windows.get(i)).append('\n')
                .append(migration.select(windows.get(i))).append(";\n");
        }
        if (!migration.rewrite().dropped().isEmpty()) {
            plan.append("not carried (the new layout does not store them): ").append(String.join(", ", migration.rewrite().dropped()))
                .append('\n');
        }
        plan.append("then: switch the writers over to ").append(into()).append("; the old table is kept (nothing is deleted on InfluxDB 3)\n");
        say.accept("Probing the server's pace (into table " + MigrationPace.probeName(into()) + ", deleted again)…");
        MigrationPace pace = V3MigrationProbe.measure(migration, request.from(), request.to(), windows, points, request.probePoints())
            .plusPerWindow(MigrationProgress.secondsToRecord(request.stateFile()));
        long total = points.stream().mapToLong(Long::longValue).sum();
        say.accept("Projecting both layouts over the sample…");
        InfluxDb3Servers servers = new InfluxDb3Servers();
        MigrationCost cost = MigrationCost.of(request.workspace(), request.sample(), request.from(), request.to(), total, windows.size(),
            pace, ProjectionSettings.of(Duration.ofDays(30), 1, servers.server(servers.assumedVersion(), true, ServerLimits.DEFAULTS)),
            LineBytes::perPoint, "Parquet");
        int done = MigrationProgress.open(request.stateFile(), migration.planIdentity()).windowsDone();
        return new MigrationSurvey(plan.toString(), windows.size(), total, cost.rows(), cost.seconds(), done,
            "nothing written but the probe's table (deleted again)", windows, null);
    }

    @Override
    public Result run(MigrationSurvey survey, MigrationWindow.Progress progress) throws IOException, InterruptedException {
        V3MigrationRun.Result r = migration.run(survey.windowed(), MigrationProgress.open(request.stateFile(), migration.planIdentity()),
            Instant.now(), progress);
        return new Result(r.points(), survey.windows(), r.windowsRun(), r.windowsSkipped(), r.written() + " points written now");
    }
}
