package dev.cardinal.cli;

import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxV1Exception;
import dev.cardinal.engine.influxdb1.InfluxV1Migration;
import dev.cardinal.engine.influxdb1.MigrationCost;
import dev.cardinal.engine.influxdb1.MigrationRun;
import dev.cardinal.engine.influxdb1.MigrationState;
import dev.cardinal.engine.influxdb1.MigrationSurvey;
import dev.cardinal.model.Layout;
import dev.cardinal.model.UrlCredentials;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cardinal migrate}: the data a live layout wrote, rewritten into a new layout on the server itself. A dry run by
 * default (the plan and its cost); {@code --execute} runs the windows in order, checks each, and records its progress
 * so a rerun resumes; the old measurement is dropped only when {@code --drop-old} names it.
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

    @Option(names = "--probe-points", defaultValue = "5000", paramLabel = "N",
        description = "Most points the probe rewrites of one window to measure the target's pace (default: ${DEFAULT-VALUE}).")
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
        if (connection.url.startsWith("jdbc:") || "mariadb".equals(connection.kind) || "postgresql".equals(connection.kind)) {
            return reported(err, () -> MigrateSql.run(this, ws, old.get(), neu.get(), out, err));
        }
        if ("influxdb-2".equals(connection.kind)) {
            return reported(err, () -> MigrateV2.run(this, old.get(), neu.get(), out, err));
        }
        if ("influxdb-3".equals(connection.kind)) {
            return reported(err, () -> MigrateV3.run(this, old.get(), neu.get(), out, err));
        }
        if (connection.kind != null && !connection.kind.equals("influxdb-1")) {
            err.println("cardinal migrate: runs on InfluxDB 1.x (InfluxQL SELECT INTO), 2.x (Flux) and 3 (a re-write through its"
                + " API), and the rollup tables on MariaDB and PostgreSQL; --kind " + connection.kind
                + " is not offered");
            return FAILED;
        }
        if (dropOld != null && !execute) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--drop-old runs only with --execute");
        }
        InfluxV1Migration migration;
        try {
            migration = migration(old.get(), neu.get());
        } catch (IllegalArgumentException e) {
            err.println("cardinal migrate: " + e.getMessage());
            return FAILED;
        }
        InfluxV1Client client = connection.v1Client(connection.uri(), secrets, err);
        return reported(err, () -> run(ws, old.get(), neu.get(), migration, client, out, err));
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
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("cardinal migrate: interrupted; run it again to resume");
            return FAILED;
        }
    }

    private InfluxV1Migration migration(Layout old, Layout neu) {
        return InfluxV1Migration.between(connection.database, old, neu, rp, into, intoRp);
    }

    private int run(Workspace ws, Layout old, Layout neu, InfluxV1Migration m, InfluxV1Client client, PrintWriter out, PrintWriter err)
        throws IOException, InfluxV1Exception, InterruptedException {
        long startedNs = System.currentTimeMillis() * 1_000_000L;
        Path file = state != null ? state : MigrationState.besideWorkspace(workspace, old.id(), neu.id());
        MigrationSurvey survey = MigrationSurvey.take(client, m, probePoints, file);
        List<InfluxV1Migration.Window> windows = survey.windows();
        out.print(survey.plan(client).text());
        if (!m.mapping().dropped().isEmpty()) {
            out.println("not carried (the new layout does not store them): " + String.join(", ", m.mapping().dropped()));
        }
        Sample sample = ws.samples().isEmpty() ? null : TerminalProgress.read(SampleReader.sources(workspace, ws), spec);
        MigrationCost.of(ws, sample, old, neu, survey.points(), windows.size(), survey.probe()).print(out);
        if (!execute) {
            out.println("dry run: nothing written but the probe (dropped again); --execute runs the plan");
            out.flush();
            return 0;
        }
        MigrationState progress = MigrationState.open(file, MigrationRun.planIdentity(m));
        boolean terminal = TerminalProgress.stderrIsTerminal();
        long start = System.nanoTime();
        MigrationRun.Result r = new MigrationRun(client, m, progress).run(windows, startedNs, (i, n, w, p, skipped) -> {
            if (terminal) {
                err.println("window " + i + "/" + n + " " + w + ": " + p + " points" + (skipped ? " (done before)" : " copied and checked"));
                err.flush();
            }
        });
        out.printf(java.util.Locale.ROOT, "migrated: %d points in %d window(s) (%d run now, %d done before) in %.2f s; progress in %s%n",
            r.points(), windows.size(), r.windowsRun(), r.windowsSkipped(), (System.nanoTime() - start) / 1e9, file);
        if (dropOld != null) {
            if (!m.namesOld(dropOld)) {
                err.println("cardinal migrate: --drop-old '" + dropOld + "' is not the old measurement's exact name; nothing dropped");
                return FAILED;
            }
            String moved = MigrationRun.recheck(client, m, windows, progress);
            if (moved != null) {
                err.println("cardinal migrate: nothing dropped: the old measurement no longer matches its copy in " + moved
                    + "; stop the writers of the old layout (the switch-over) and run the migration again: it rewrites the windows"
                    + " that differ");
                return FAILED;
            }
            client.query(m.dropOld(), m.source().database());
            out.println("dropped measurement " + m.source().measurement());
        }
        out.flush();
        return 0;
    }
}
