package dev.cardinal.ui.push;

import dev.cardinal.engine.Applied;
import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Credentials;
import dev.cardinal.engine.Logins;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.SampleCheck;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.ui.common.Tasks;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The Push tab for a target whose engine offers its client through the seam ({@link Engines#pushing}: VictoriaMetrics,
 * Prometheus, and InfluxDB 1.x, whose form asks more), and for the scratch server: planned and applied as {@code cardinal plan/apply} does it, the sample written and the server's numbers
 * read back beside the projection. The password becomes a header in memory and goes nowhere else.
 */
final class SeamPush {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private SeamPush() {
    }

    /** A plan made against a server, kept for Apply; its client is closed once applied. */
    record Planned(PushTarget push, Plan plan, Workspace ws, Layout layout) {
    }

    /** The kinds of target the engines offer through the seam, in the order Target.Kind lists them. */
    static List<Target.Kind> kinds() {
        return Arrays.stream(Target.Kind.values()).filter(SeamPush::offers).toList();
    }

    /**
     * Whether the form reaches servers of this kind through the seam: its engine offers a client whose log-in is what
     * the form asks (a user and password, sent as basic authentication). InfluxDB 1.x (whose form also turns the
     * certificate check off) and the indices (a limit, and a new index under dynamic mapping) keep forms of their own.
     */
    static boolean offers(Target.Kind kind) {
        return kind != null && Engines.pushing(kind).filter(p -> p.logins().equals(Logins.HTTP)).isPresent();
    }

    /** What the form's database field asks for, or empty when the engine takes none. */
    static Optional<String> database(Target.Kind kind) {
        return Engines.pushing(kind).flatMap(Pushing::database);
    }

    static String exampleUrl(Target.Kind kind) {
        return Engines.pushing(kind).map(Pushing::exampleUrl).orElse("");
    }

    /**
     * Reads the server's state and says what Apply would do; nothing changes on the server. Background thread.
     *
     * @param password cleared here
     * @param skipTls  accept any certificate (a test instance; the form says it is off), for an engine that offers it
     */
    static Planned plan(Target.Kind kind, String url, String database, String user, char[] password, boolean skipTls, Workspace ws,
                        Layout layout) throws Exception {
        Pushing pushing = Engines.pushing(kind).orElseThrow();
        Optional<String> problem = Target.urlProblem(url);
        if (problem.isPresent()) {
            Arrays.fill(password, '\0');
            throw new IllegalArgumentException("URL: " + problem.get());
        }
        Credentials login = user.isBlank() ? Credentials.NONE : Credentials.user(user.strip(), password);
        Arrays.fill(password, '\0');
        PushTarget push = pushing.connect(new Connection(kind, URI.create(url), pushing.database().isPresent() ? database : null,
            TIMEOUT, login).skippingTlsVerification(skipTls));
        return planned(push, ws, layout);
    }

    /** {@code layout} planned on {@code push}; the client is closed when planning fails. */
    static Planned planned(PushTarget push, Workspace ws, Layout layout) throws Exception {
        try {
            return new Planned(push, push.plan(ws, List.of(layout)), ws, layout);
        } catch (Exception | Error e) {
            push.close();
            throw e;
        }
    }

    /** Runs the plan and, when asked, writes the sample and compares. Background thread. */
    static PushOutcome apply(Planned p, EventKindSample sample, boolean write, Tasks.Progress progress) throws Exception {
        try (PushTarget push = p.push()) {
            progress.update(-1, "Applying " + p.layout().name() + " on " + push.target() + "…");
            PushMonitor monitor = new WriteProgress(progress, "rows");
            Applied applied = push.apply(p.plan(), Set.of(), monitor);
            if (!write) {
                return new PushOutcome("Applied " + p.layout().name() + " on " + UrlCredentials.redacted(push.target())
                    + ": " + applied.ran().size() + " step(s)" + PushOutcome.blocked(applied) + "; tick Write sample to write it"
                    + " and compare", List.of(), true);
            }
            if (!(push instanceof SampleCheck check)) {
                return new PushOutcome(push.target() + " does not take a sample write", List.of(), false);
            }
            progress.update(-1, "Writing " + Quantities.count(sample.rows()) + " rows of " + p.layout().name() + " to "
                + push.target() + "…");
            PushOutcome r = PushOutcome.shown(p.layout(), push.target(), check.writeSample(p.ws(), p.layout(), sample, monitor));
            return new PushOutcome(r.summary() + PushOutcome.blocked(applied), r.rows(), r.matches());
        }
    }
}
