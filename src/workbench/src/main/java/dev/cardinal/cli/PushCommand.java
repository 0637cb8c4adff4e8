package dev.cardinal.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PlanStep;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Server;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What {@code cardinal plan} and {@code cardinal apply} share: the workspace, the target (one of the workspace's
 * or a URL), credentials from the environment or a prompt, the layouts, and the plan's rendering.
 */
abstract class PushCommand implements Callable<Integer> {
    static final int OK = 0;
    static final int FINDINGS = 1;
    static final int FAILED = 3;
    static final JsonNodeFactory F = JsonNodeFactory.instance;

    @Parameters(index = "0", paramLabel = "W.cardinal.json", description = "The workspace.")
    Path workspace;

    @Option(names = "--target", paramLabel = "NAME", description = "One of the workspace's targets, by id or name.")
    String target;

    @Option(names = "--layout", paramLabel = "NAME", description = "Layout id or name (default: each event kind's first layout).")
    String layout;

    @CommandLine.Mixin
    ConnectOptions connection = new ConnectOptions();

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
    String format;

    @CommandLine.Mixin
    SampleAccess access = new SampleAccess();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    Secrets secrets = Secrets.system();

    /**
     * Where to push, resolved from {@code --target} or {@code --url}.
     *
     * @param version the target's own server version, or null (a URL, or a target without one)
     * @param limits  the target's own limits (a document target's total-fields limit), or the defaults for a URL
     */
    record Resolved(Target.Kind kind, URI url, String database, String org, ServerVersion version, ServerLimits limits) {
    }

    abstract String name();

    PrintWriter out() {
        return TerminalText.out(spec);
    }

    PrintWriter err() {
        return TerminalText.err(spec);
    }

    boolean json() {
        if (!format.equals("text") && !format.equals("json")) {
            throw usage("--format must be text or json");
        }
        return format.equals("json");
    }

    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** The target from the options, or a usage error saying what is missing. */
    Resolved resolve(Workspace ws) {
        if ((target == null) == (connection.url == null)) {
            throw usage("give either --target NAME (targets: " + String.join(", ", ws.targets().stream().map(Target::id)
                .toList()) + ") or --url URL --database DB (--index INDEX for OpenSearch and Elasticsearch)");
        }
        if (target != null) {
            Target t = ws.targets().stream().filter(x -> x.id().equals(target) || target.equals(x.name())).findFirst()
                .orElseThrow(() -> usage("no target '" + target + "' in " + workspace + " (targets: "
                    + String.join(", ", ws.targets().stream().map(Target::id).toList()) + ")"));
            String db = connection.database != null ? connection.database : t.database();
            if (db != null && takesNoDatabase(t.kind())) {
                throw usage("target '" + t.id() + "' is " + t.kind().product() + ", which takes no database: leave it out");
            }
            if (db == null && !takesNoDatabase(t.kind())) {
                throw usage("target '" + t.id() + "' names no database: give --database");
            }
            return new Resolved(t.kind(), uri(t.url()), db, connection.org != null ? connection.org : t.org(), t.serverVersion(),
                t.limits());
        }
        Target.Kind k;
        if (connection.kind != null) {
            k = Engines.targetKind(connection.kind).orElseThrow(() -> usage("--kind must be one of " + String.join(", ",
                java.util.Arrays.stream(Target.Kind.values()).map(Target.Kind::id).toList())));
        } else {
            k = Engines.kindOfUrl(connection.url).orElse(Target.Kind.INFLUXDB_1);
        }
        if (connection.database == null && !takesNoDatabase(k)) {
            throw usage("--url needs --database" + Engines.pushing(k).flatMap(Pushing::database).map(d -> " (" + d + ")").orElse(""));
        }
        if (connection.database != null && takesNoDatabase(k)) {
            throw usage(k.product() + " takes no --database: leave it out");
        }
        return new Resolved(k, uri(connection.url), connection.database, connection.org, null, ServerLimits.DEFAULTS);
    }

    /** True for an engine that offers pushing through the seam and takes no database (Prometheus). */
    static boolean takesNoDatabase(Target.Kind kind) {
        return Engines.pushing(kind).map(p -> p.database().isEmpty()).orElse(false);
    }

    private URI uri(String text) {
        try {
            ConnectOptions.refuseCredentials(spec.commandLine(), text);
            return URI.create(text);
        } catch (IllegalArgumentException e) {
            throw usage("'" + UrlCredentials.redacted(text) + "' is not a URL: " + UrlCredentials.redacted(e.getMessage()));
        }
    }

    /** The chosen layouts, or null (said on stderr). */
    List<Layout> layouts(Workspace ws) {
        List<Layout> chosen = new ArrayList<>();
        if (layout != null) {
            Optional<Layout> l = CliFiles.layout(ws, layout, workspace, err(), name());
            if (l.isEmpty()) {
                return null;
            }
            chosen.add(l.get());
        } else {
            ws.eventKinds().forEach(k -> ws.layoutsOf(k.name()).stream().findFirst().ifPresent(chosen::add));
        }
        if (chosen.isEmpty()) {
            err().println("cardinal " + name() + ": " + workspace + " has no layout");
            return null;
        }
        return chosen;
    }

    static ObjectNode json(Plan plan) {
        ObjectNode n = F.objectNode().put("target", plan.target()).put("noOp", plan.noOp());
        ArrayNode steps = n.putArray("steps");
        for (PlanStep s : plan.steps()) {
            ObjectNode o = steps.addObject().put("action", s.action().id()).put("subject", s.subject())
                .put("reason", s.reason()).put("destructive", s.destructive());
            ArrayNode st = o.putArray("statements");
            s.statements().forEach(st::add);
        }
        return n;
    }

    static String text(ObjectNode root) {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public final Integer call() throws IOException {
        Workspace ws = CliFiles.workspace(workspace, err(), name());
        if (ws == null) {
            return FAILED;
        }
        boolean json = json();
        Resolved where = resolve(ws);
        List<Layout> layouts = layouts(ws);
        if (layouts == null) {
            return FAILED;
        }
        if (readsSamples(where) && !ws.samples().isEmpty() && access.sources(workspace, ws, err(), name()) == null) {
            return SampleAccess.REFUSED;
        }
        try {
            return run(ws, layouts, where, json);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err().println("cardinal " + name() + ": interrupted");
            return FAILED;
        }
    }

    /**
     * The server's version as it says it ({@code X-Influxdb-Version}, InfluxDB 1.x API), which decides what its
     * {@code SHOW SERIES EXACT CARDINALITY} counts: printed in text, returned as JSON (null for a target whose engine
     * counts no series by version). A workspace target whose own serverVersion differs is warned about; the server's
     * word is used.
     */
    ObjectNode server(PushTarget t, Resolved where, boolean json) throws IOException, InterruptedException {
        Optional<Server> answering = t.server();
        if (answering.isEmpty()) {
            return null;
        }
        Server e = answering.get();
        if (where.version() != null && !e.assumed() && !where.version().equals(e.version())) {
            err().println("warning: the target says serverVersion " + where.version().text() + ", the server says "
                + e.version() + ": the server's version is used (update the target to silence this)");
        }
        if (!json) {
            out().println("server: " + e.product() + (e.assumed() ? " (assumed: the server sent no version)" : "")
                + "; SHOW SERIES EXACT CARDINALITY " + e.seriesMeaning());
        }
        return F.objectNode().put("version", e.version().toString()).put("assumed", e.assumed())
            .put("seriesQuery", e.seriesQuery()).put("counts", e.seriesMeaning());
    }

    /** Whether the command reads the workspace's samples: an engine that plans from them (rollup rows) reads them. */
    boolean readsSamples(Resolved r) {
        return Engines.pushing(r.kind()).map(Pushing::readsSample).orElse(false);
    }

    /** A client for the target from its engine, with credentials from the environment or a prompt. */
    PushTarget connect(Resolved r, Workspace ws) throws IOException {
        Pushing pushing = Engines.pushing(r.kind()).orElseThrow(() -> new IllegalStateException(r.kind().product()
            + " is pushed to through its engine, which the engine list lacks"));
        Connection c = connection.connection(pushing, r.kind(), r.url(), r.database(), r.org(), secrets, err())
            .withLimits(r.limits());
        if (pushing.readsSample() && !ws.samples().isEmpty()) {
            c = c.withSample(TerminalProgress.read(SampleReader.sources(workspace, ws), spec));
        }
        return pushing.connect(c);
    }

    abstract int run(Workspace ws, List<Layout> layouts, Resolved where, boolean json) throws IOException, InterruptedException;
}
