package dev.cardinal.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.capture.CaptureAdmission;
import dev.cardinal.capture.CaptureServer;
import dev.cardinal.capture.CaptureStats;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Workspace;
import dev.cardinal.engines.ServerFor;
import dev.cardinal.projection.ProjectionSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cardinal capture}: an InfluxDB-compatible write endpoint on loopback that takes an application's real
 * traffic, keeps it in a line-protocol spool, and projects it as it arrives; on stop (Ctrl-C, SIGTERM or --duration)
 * the full {@code analyze} report of what arrived, with the same exit code whichever way it stopped.
 */
@Command(name = "capture", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Serve an InfluxDB write endpoint (/write, /api/v2/write, /ping) and a Prometheus remote-write one "
        + "(/api/v1/write), and project the traffic that arrives: point an application, Telegraf, Prometheus or vmagent at it.%nExit codes: 0 success, 1 nothing captured, 2 usage, 3 failure.")
final class CaptureCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "8186", description = "Port to listen on, 0 for any free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
        description = "Address to listen on (default: ${DEFAULT-VALUE}, loopback only; 0.0.0.0 takes traffic from other machines).")
    String bind;

    @Option(names = "--allow-host", split = ",", paramLabel = "NAME",
        description = "Also answer writes that name the endpoint NAME in their Host header (by default only its bound address, and "
            + "localhost on loopback; a write naming another host gets 421, as a web page that renamed 127.0.0.1 would send). Repeatable.")
    List<String> allowHosts = new ArrayList<>();

    @Option(names = "--allow-origin", split = ",", paramLabel = "ORIGIN",
        description = "Also take writes from web pages of ORIGIN (scheme://host[:port]); by default a write whose Origin header is not "
            + "the endpoint's own gets 403, so a page the user opens cannot post into the capture. Repeatable.")
    List<String> allowOrigins = new ArrayList<>();

    @CommandLine.Mixin
    LayoutChoice choice = new LayoutChoice();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.lp",
        description = "Keep the captured traffic in this line-protocol file (timestamps in ns); default: a temporary file, deleted at the end.")
    Path output;

    @Option(names = "--every", defaultValue = "5s", paramLabel = "DURATION", description = "How often to print the projection (default: ${DEFAULT-VALUE}).")
    String every;

    @Option(names = "--duration", paramLabel = "DURATION", description = "Stop after this long (default: until Ctrl-C).")
    String duration;

    @Option(names = "--max-body", defaultValue = "25", paramLabel = "MiB", description = "Largest request body taken, in MiB (default: ${DEFAULT-VALUE}).")
    long maxBodyMiB;

    @Option(names = "--max-points", defaultValue = "50000000", paramLabel = "N",
        description = "Points captured before writes get 503 (default: ${DEFAULT-VALUE}).")
    long maxPoints;

    @CommandLine.Mixin
    ProjectionOptions options = new ProjectionOptions();

    @CommandLine.Mixin
    ServerOptions server = new ServerOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        // the live line and the report name what arrived: inert on a terminal (TerminalText), as every command's text
        PrintWriter out = TerminalText.out(spec);
        PrintWriter err = TerminalText.err(spec);
        choice.check();
        Duration tick = options.duration("--every", every);
        Duration stopAfter = duration == null ? null : options.duration("--duration", duration);
        options.settings(); // checks --horizon and --traffic-x before anything listens
        server.version(); // and --server-version
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (IOException e) {
            throw usage("--bind " + bind + ": " + e.getMessage());
        }
        if (maxBodyMiB < 1 || maxBodyMiB > 1024) {
            throw usage("--max-body " + maxBodyMiB + ": from 1 to 1024 MiB");
        }
        CaptureStop stop = CaptureStop.install();
        int code = 3;
        try {
            code = listen(address, tick, stopAfter, stop, out, err);
            return code;
        } finally {
            out.flush();
            err.flush();
            stop.finished(code);
        }
    }

    private int listen(InetAddress address, Duration tick, Duration stopAfter, CaptureStop stop, PrintWriter out, PrintWriter err)
        throws Exception {
        if (output == null) {
            CaptureSpools.removeLeftovers(Path.of(System.getProperty("java.io.tmpdir"))).forEach(l -> err.println("cardinal capture: " + l));
        }
        Path spool = output != null ? output : CaptureSpools.create();
        if (output != null && Files.exists(output) && Files.size(output) > 0) {
            err.println("cardinal capture: " + output + " already holds traffic; the new points are added after it");
        }
        CaptureServer.Settings settings = CaptureServer.Settings.loopback(port, spool).withBind(address)
            .withLimits(maxBodyMiB << 20, 256L << 20, 256, maxPoints).withVersion(presented())
            .withAdmission(new CaptureAdmission(allowHosts, allowOrigins));
        CaptureServer server;
        try {
            server = CaptureServer.start(settings);
        } catch (IOException e) {
            if (output == null) {
                Files.deleteIfExists(spool);
            }
            err.println("cardinal capture: cannot listen on " + bind + ":" + port + ": " + e.getMessage());
            return 3;
        }
        return capture(server, tick, stopAfter, stop, spool, out, err);
    }

    /**
     * Serves until --duration or Ctrl-C/SIGTERM, then stops the endpoint, prints the summary and the report, and removes a
     * temporary spool once its points are reported: a spool whose report failed holds acknowledged points no one has
     * seen, so it is kept and named.
     */
    private int capture(CaptureServer server, Duration tick, Duration stopAfter, CaptureStop stop, Path spool, PrintWriter out, PrintWriter err)
        throws Exception {
        boolean reported = false;
        try {
            try {
                err.println("cardinal capture: listening on " + server.url() + " (/write, /api/v2/write, /ping); captured traffic in " + spool);
                err.flush();
                long deadline = stopAfter == null ? Long.MAX_VALUE : System.nanoTime() + stopAfter.toNanos();
                long lastPoints = -1;
                while (true) {
                    long wait = Math.min(tick.toMillis(), Math.max(0, (deadline - System.nanoTime()) / 1_000_000));
                    if (stop.await(wait) || System.nanoTime() >= deadline) {
                        break;
                    }
                    CaptureStats s = server.stats();
                    if (s.points() != lastPoints) {
                        lastPoints = s.points();
                        out.println(live(s, spool));
                        out.flush();
                    }
                }
            } finally {
                server.close();
            }
            CaptureStats s = server.stats();
            err.printf(Locale.ROOT, "cardinal capture: %,d points in %,d requests, %,d bad lines, %,d too large, %,d shed, %,d abandoned, %,d timed out, "
                + "%,d repeated%n", s.points(), s.requests(), s.badLines(), s.tooLarge(), s.shed(), s.abandoned(), s.timedOut(), s.repeated());
            if (s.points() == 0) {
                err.println("cardinal capture: nothing was captured");
                return 1;
            }
            int code = analyze(spool, options.json() ? "json" : "text", out, err);
            if (code != 0) {
                Path kept = output != null ? spool : CaptureSpools.keepUnreported(spool);
                err.printf(Locale.ROOT, "cardinal capture: the report failed; the %,d captured points are kept in %s%n", s.points(), kept);
                return 3;
            }
            reported = true;
            return 0;
        } finally {
            if (output == null && (reported || server.stats().points() == 0)) {
                Files.deleteIfExists(spool);
            }
        }
    }

    /** One line per tick: points so far and series per event kind, from the analyze command's JSON over the spool. */
    private String live(CaptureStats s, Path spool) {
        StringWriter json = new StringWriter();
        StringWriter ignored = new StringWriter();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%,d points, %,d bad lines, %,d shed", s.points(), s.badLines(), s.shed()));
        if (analyze(spool, "json", new PrintWriter(json), new PrintWriter(ignored)) == 0) {
            try {
                for (JsonNode k : new ObjectMapper().readTree(json.toString()).path("eventKinds")) {
                    JsonNode p = k.path("projection");
                    line.append(String.format(Locale.ROOT, "; %s (%s): %,d series, %s", k.path("name").asText(), k.path("layout").asText(),
                        k.path("series").asLong(), p.has("withheld") ? "not projected yet (" + p.path("withheld").asText() + ")"
                            : String.format(Locale.ROOT, "%,d at %s", p.path("series").asLong(), p.path("horizon").asText())));
                }
            } catch (IOException e) {
                line.append("; projection unreadable: ").append(e.getMessage());
            }
        }
        return line.toString();
    }

    /** {@code cardinal analyze SPOOL} with this command's layout choice and projection options. */
    private int analyze(Path spool, String format, PrintWriter out, PrintWriter err) {
        List<String> args = new ArrayList<>(List.of("analyze", spool.toString()));
        args.addAll(choice.asArguments());
        args.addAll(server.asArguments());
        args.addAll(List.of("--horizon", options.horizon, "--traffic-x", Double.toString(options.trafficX), "--format", format));
        return new CommandLine(new Main()).setOut(out).setErr(err).execute(args.toArray(String[]::new));
    }

    /**
     * The version the endpoint names to clients: the one its report is projected for (--server-version, else
     * --target's, else the workspace's first InfluxDB target's, else the assumed one), so that what a client reads in
     * /ping and what the report counts agree.
     */
    private ServerVersion presented() throws IOException {
        ServerVersion v = server.version();
        if (v == null && choice.workspace != null) {
            Workspace ws = CliFiles.workspace(choice.workspace, TerminalText.err(spec), "capture");
            if (ws != null) {
                v = server.server(ws).server().version();
            }
        }
        return v != null ? v : ServerFor.ASSUMED;
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
