package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.Migration;
import dev.cardinal.engine.MigrationCost;
import dev.cardinal.engine.MigrationRequest;
import dev.cardinal.engine.MigrationSurvey;
import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.lineprotocol.LineBytes;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.projection.ProjectionSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** A 1.x migration through the seam: what {@code cardinal migrate} and the Migrate step ran on 1.x, behind {@link Migration}. */
final class V1Migration implements Migration {
    private final MigrationRequest request;
    private final InfluxV1Migration migration;
    private final InfluxV1Client client;

    V1Migration(MigrationRequest request, InfluxV1Migration migration, InfluxV1Client client) {
        this.request = request;
        this.migration = migration;
        this.client = client;
    }

    @Override
    public String into() {
        return migration.into().measurement();
    }

    @Override
    public String old() {
        return migration.source().measurement();
    }

    @Override
    public MigrationSurvey survey(Consumer<String> say) throws IOException, InterruptedException {
        say.accept("Counting the points of each shard group and probing the server's pace (into " + into()
            + MigrationProbe.SUFFIX + ", dropped again)…");
        V1MigrationSurvey s = V1MigrationSurvey.take(client, migration, request.probePoints(), request.stateFile());
        StringBuilder plan = new StringBuilder(s.plan(client).text());
        if (!migration.mapping().dropped().isEmpty()) {
            plan.append("not carried (the new layout does not store them): ").append(String.join(", ", migration.mapping().dropped()))
                .append('\n');
        }
        say.accept("Projecting both layouts over the sample…");
        MigrationCost cost = MigrationCost.of(request.workspace(), request.sample(), request.from(), request.to(), s.points(),
            s.windows().size(), s.probe(), settings(), LineBytes::perPoint, "TSM");
        int done = MigrationState.open(request.stateFile(), MigrationRun.planIdentity(migration)).windowsDone();
        return new MigrationSurvey(plan.toString(), s.windows().size(), s.points(), cost.rows(), cost.seconds(), done,
            "nothing written but the probe (dropped again)", s.windows().stream().map(MigrationProbe::window).toList(), null);
    }

    /** The series the layouts make on a 1.x server, as it will hold them; no horizon or limit is read. */
    static ProjectionSettings settings() {
        return ProjectionSettings.of(Duration.ofDays(30), 1, new InfluxDb1Servers().server(InfluxDb1Servers.ASSUMED, true,
            ServerLimits.DEFAULTS));
    }

    private static List<InfluxV1Migration.Window> windows(MigrationSurvey s) {
        return s.windowed().stream().map(w -> new InfluxV1Migration.Window(w.startNanos(), MigrationWindow.nanos(w.stop()))).toList();
    }

    @Override
    public Result run(MigrationSurvey survey, MigrationWindow.Progress progress) throws IOException, InterruptedException {
        long startedNs = System.currentTimeMillis() * 1_000_000L;
        MigrationState state = MigrationState.open(request.stateFile(), MigrationRun.planIdentity(migration));
        MigrationRun.Result r = new MigrationRun(client, migration, state).run(windows(survey), startedNs,
            (i, n, w, points, skipped) -> progress.window(i, n, MigrationProbe.window(w), points, skipped));
        return new Result(r.points(), survey.windows(), r.windowsRun(), r.windowsSkipped(), "");
    }

    @Override
    public Optional<String> whyNoDrop() {
        return migration.source().measurement().equals(migration.into().measurement())
            ? Optional.of("the copy keeps the old name in another retention policy: drop the old policy instead") : Optional.empty();
    }

    @Override
    public String dropOld(MigrationSurvey survey, String typed) throws IOException, InterruptedException {
        if (whyNoDrop().isPresent()) {
            throw new IllegalStateException(whyNoDrop().get());
        }
        if (!migration.namesOld(typed)) {
            throw new IllegalArgumentException("'" + typed + "' is not the old measurement's exact name; nothing dropped");
        }
        String moved = MigrationRun.recheck(client, migration, windows(survey),
            MigrationState.open(request.stateFile(), MigrationRun.planIdentity(migration)));
        if (moved != null) {
            throw new IllegalStateException("nothing dropped: the old measurement no longer matches its copy in " + moved
                + "; stop the writers of the old layout (the switch-over) and run the migration again: it rewrites the windows"
                + " that differ");
        }
        client.query(migration.dropOld(), migration.source().database());
        return "dropped measurement " + old();
    }
}
