package dev.cardinal.cli;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Migrating;
import dev.cardinal.engine.Migration;
import dev.cardinal.engine.MigrationCost;
import dev.cardinal.engine.MigrationProgress;
import dev.cardinal.engine.MigrationRequest;
import dev.cardinal.engine.MigrationSurvey;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cardinal migrate}: the data a live layout wrote, rewritten into a new layout on the server itself. A dry run by
 * default (the plan and its cost); {@code --execute} runs the windows in order, checks each, and records its progress
 * so a rerun resumes; the old measurement is dropped only when {@code --drop-old} names it. Every engine's migration is
 * reached through the seam ({@code Engines.migrating(kind)}); {@link MigrateV2}, {@link MigrateV3} and
 * {@link MigrateSql} say what the command takes for theirs.
 */
@Command(name = "migrate", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Plan (and with --execute run) the rewrite of live data from one layout into another (InfluxDB 1.x, 2.x with"
        + " --kind influxdb-2, or 3 with --kind influxdb-3), or the rollups' summary tables (--url jdbc:...).")
final class MigrateCommand implements Callable<Integer> {
    static final int FAILED = 3;

    @Parameters(index = "0", paramLabel = "W.cardinal.json", description = "The workspace with both layouts.")
    Path workspace;

    @Option(names = "--from", required = true, paramLabel = "LIVE_LAYOUT", description = "The layout the data is written in now.")
    String from;

    @Option(names = "--to", required = true, paramLabel = "NEW_LAYOUT", description = "The layout to rewrite it into.")
    String to;

    @Option(names = "--rp", paramLabel = "RP", description = "Retention policy read (default: the live layout's).")
    String rp;

    @Option(names = "--into", paramLabel = "MEASUREMENT", description = "Measurement written (default: the new layout's,"
        + " with _<new layout id> when that is the old name).")
    String into;

    @Option(names = "--into-rp", paramLabel = "RP", description = "Retention policy written (default: the one read).")
    String intoRp;

    @Option(names = "--execute", description = "Run the plan (without it: print the plan and its cost only).")
    boolean execute;

    @Option(names = "--drop-old", paramLabel = "MEASUREMENT", description = "After every window is copied and checked, drop"
        + " the old measurement (with --url jdbc:..., the old table of a rebuilt rollup table); it must be named exactly.")
    String dropOld;

    @Option(names = "--state", paramLabel = "FILE", description = "Progress file (default: beside the workspace).")
    Path state;

    @Option(names = "--probe-points", defaultValue = "" + MigrationRequest.PROBE_POINTS, paramLabel = "N",
        description = "The largest window the probe rewrites whole to measure the target's pace; a larger one is probed by two"
            + " slices, N points and half as many (default: ${DEFAULT-VALUE}).")
    long probePoints;

    @CommandLine.Mixin
    ConnectOptions connection = new ConnectOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    Secrets secrets = Secrets.system();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = TerminalText.out(spec);
        PrintWriter err = TerminalText.err(spec);
        Workspace ws = CliFiles.workspace(workspace, err, "migrate");
        if (ws == null) {
            return FAILED;
        }
        Optional<Layout> old = CliFiles.layout(ws, from, workspace, err, "migrate");
        Optional<Layout> neu = old.isEmpty() ? Optional.empty() : CliFiles.layout(ws, to, workspace, err, "migrate");
        if (neu.isEmpty()) {
            return FAILED;
        }
        if (connection.url == null || connection.database == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --url URL and --database DB of the live server");
        }
        Connection server;
        if (connection.url.startsWith("jdbc:") || "mariadb".equals(connection.kind) || "postgresql".equals(connection.kind)) {
            server = MigrateSql.connection(this, err);
        } else if ("influxdb-2".equals(connection.kind)) {
            server = MigrateV2.connection(this);
        } else if ("influxdb-3".equals(connection.kind)) {
            server = MigrateV3.connection(this);
        } else if (connection.kind != null && !connection.kind.equals("influxdb-1")) {
            err.println("cardinal migrate: runs on InfluxDB 1.x (InfluxQL SELECT INTO), 2.x (Flux) and 3 (a re-write through its"
                + " API), and the rollup tables on MariaDB and PostgreSQL; --kind " + connection.kind
                + " is not offered");
            return FAILED;
        } else {
            if (dropOld != null && !execute) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--drop-old runs only with --execute");
            }
            server = connection.influxV1(connection.uri(), secrets, err);
        }
        Target.Kind kind = server.kind();
        Migrating migrating = Engines.migrating(kind).orElseThrow(() -> new IllegalStateException(kind.product() + " offers no migration"));
        Path file = state != null ? state : MigrationProgress.besideWorkspace(workspace, old.get().id(), neu.get().id());
        Sample sample = ws.samples().isEmpty() ? null : TerminalProgress.read(SampleReader.sources(workspace, ws), spec);
        Migration m;
        try {
            m = migrating.open(new MigrationRequest(server, ws, sample, old.get(), neu.get(), rp, into, intoRp, file, probePoints));
        } catch (IllegalArgumentException e) {
            err.println("cardinal migrate: " + e.getMessage());
            return FAILED;
        }
        try (m) {
            return reported(err, () -> run(m, file, out, err));
        }
    }

    /** A run whose failures are said on standard error (credentials redacted), and a stop as a stop. */
    private interface Run {
        int run() throws IOException, InterruptedException;
    }

    private static int reported(PrintWriter err, Run r) {
        try {
            return r.run();
        } catch (IOException e) {
            err.println("cardinal migrate: " + UrlCredentials.redacted(e.getMessage()));
            return FAILED;
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("cardinal migrate: " + e.getMessage());
            return FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("cardinal migrate: interrupted; run it again to resume");
            return FAILED;
        }
    }

    private int run(Migration m, Path file, PrintWriter out, PrintWriter err) throws IOException, InterruptedException {
        MigrationSurvey survey = m.survey(said -> { });
        out.print(survey.plan());
        MigrationCost.print(survey.cost(), out);
        if (!execute) {
            out.println("dry run: " + survey.dryRun() + "; --execute runs the plan");
            out.flush();
            return 0;
        }
        long start = System.nanoTime();
        Migration.Result r = m.run(survey, MigrateV2.told(err));
        if (survey.windowed().isEmpty() && survey.windows() > 0) {
            out.println(r.more()); // the rollup tables: each table made and filled
        } else {
            out.printf(Locale.ROOT, "migrated: %d points in %d window(s) (%d run now, %d done before%s) in %.2f s; progress in %s%n",
                r.points(), r.windows(), r.windowsRun(), r.windowsSkipped(), r.more().isEmpty() ? "" : "; " + r.more(),
                (System.nanoTime() - start) / 1e9, file);
        }
        if (dropOld != null) {
            out.println(m.dropOld(survey, dropOld));
        }
        out.flush();
        if (survey.blocked() != null) {
            err.println("cardinal migrate: not run: " + survey.blocked());
            return FAILED;
        }
        return 0;
    }
}
