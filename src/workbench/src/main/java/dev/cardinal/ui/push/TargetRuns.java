package dev.cardinal.ui.push;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Credentials;
import dev.cardinal.engine.DynamicIndex;
import dev.cardinal.model.Layout;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.session.WorkspaceSession;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.scene.control.Button;
import javafx.scene.control.TextArea;

/**
 * Plan and Apply on the test instance the form names: Plan reads the instance's state and shows what Apply would do
 * (nothing changes on the server); Apply runs the plan shown and, when asked, writes the sample and compares. A plan
 * is dropped when the layout, the workspace or the form changes, and once applied.
 */
final class TargetRuns {
    private static final Logger LOG = Logger.getLogger(TargetRuns.class.getName());

    private final WorkspaceSession session;
    private final Executor executor;
    private final TargetForm form;
    private final PushResults results;
    private final Button plan;
    private final Button apply;
    private final TextArea planText;
    /** The plan shown, for Apply, or null. */
    private Pending pending;

    /** What Apply runs, given the layout's sample rows (null when there are none) and whether to write them. */
    @FunctionalInterface
    private interface Apply {
        PushOutcome run(EventKindSample sample, boolean write, Tasks.Progress progress) throws Exception;
    }

    /**
     * A plan shown, kept for Apply.
     *
     * @param writes true when Apply always writes the sample (an index: the documents are what there is to compare)
     */
    private record Pending(Layout layout, boolean writes, Apply apply) {
    }

    TargetRuns(WorkspaceSession session, Executor executor, TargetForm form, PushResults results, Button plan, Button apply,
               TextArea planText) {
        this.session = session;
        this.executor = executor;
        this.form = form;
        this.results = results;
        this.plan = plan;
        this.apply = apply;
        this.planText = planText;
        // the plan takes room only when there is one: at 1280x800 the results keep their rows
        planText.visibleProperty().bind(planText.textProperty().isNotEmpty());
        planText.managedProperty().bind(planText.visibleProperty());
        session.history().currentProperty().addListener((o, was, ws) -> forget());
        session.selectedLayoutProperty().addListener((o, was, now) -> forget());
    }

    void forget() {
        pending = null;
        apply.setDisable(true);
        planText.clear();
    }

    /** Reads the instance's state and shows what Apply would do; nothing changes on the server. */
    void plan() {
        Layout layout = session.selectedLayoutProperty().get();
        Workspace ws = session.workspace();
        if (ws == null || layout == null) {
            results.say("Open a workspace and select a layout first.");
            return;
        }
        Target.Kind kind = form.kind();
        if (SeamPush.offers(kind)) {
            planSeam(kind, ws, layout);
            return;
        }
        if (form.url().isBlank() || form.database().isBlank()) {
            results.say(kind.isDocument() ? "Give the cluster's URL and a new index's name."
                : "Give the instance's URL and a database.");
            return;
        }
        if (kind.isDocument()) {
            planIndex(kind, ws, layout);
            return;
        }
        String url = form.url();
        String db = form.database();
        String user = form.user();
        char[] password = form.password();
        boolean insecure = form.insecure();
        run(p -> SeamPush.plan(kind, url, db, user, password, insecure, ws, layout), pl -> {
            show(pl.plan().text(), new Pending(layout, false, (sample, write, p) -> SeamPush.apply(pl, sample, write, p)));
            results.say("Planned " + layout.name() + " on " + pl.push().target() + (insecure
                ? " (warning: TLS verification is off)" : "") + ". Apply runs the steps that change nothing destructively.");
        });
    }

    /** Plans the layout on a target whose engine offers its client through the seam. */
    private void planSeam(Target.Kind kind, Workspace ws, Layout layout) {
        if (form.url().isBlank() || SeamPush.database(kind).isPresent() && form.database().isBlank()) {
            results.say("Give the server's URL" + SeamPush.database(kind).map(d -> " and " + d).orElse("") + ".");
            return;
        }
        String url = form.url();
        String db = form.database();
        String user = form.user();
        char[] password = form.password();
        run(p -> SeamPush.plan(kind, url, db, user, password, false, ws, layout), pl -> {
            show(pl.plan().text(), new Pending(layout, false, (sample, w, p) -> SeamPush.apply(pl, sample, w, p)));
            results.say("Planned " + layout.name() + " on " + pl.push().target() + ". Apply runs it"
                + (form.writeSample() ? ", then writes the sample and reads the numbers back." : "."));
        });
    }

    /** Plans writing the layout's documents to a new index of an OpenSearch or Elasticsearch cluster. */
    private void planIndex(Target.Kind kind, Workspace ws, Layout layout) {
        Connection server;
        try {
            URI url = URI.create(form.url());
            if (url.getScheme() == null || !url.getScheme().startsWith("http") || UrlCredentials.problem(url.toString()).isPresent()) {
                throw new IllegalArgumentException("expected http(s)://host:port, without credentials in it");
            }
            Credentials login = form.user().isBlank() ? Credentials.NONE : Credentials.user(form.user().strip(), form.password());
            server = new Connection(kind, url, form.database(), DynamicIndex.REQUEST_TIMEOUT, login)
                .withLimits(new ServerLimits(null, null, null, form.indexLimit(ws)));
        } catch (IllegalArgumentException e) {
            results.say("Not a cluster URL: " + UrlCredentials.redacted(e.getMessage()));
            return;
        }
        EventKindSample sample = sampleOf(layout).orElse(null);
        run(p -> IndexPush.plan(server, ws, layout, sample), pl -> {
            show(pl.text(), new Pending(layout, true, (rows, write, p) -> IndexPush.apply(pl, rows, p)));
            apply.setDisable(sample == null);
            results.say(sample == null ? "The sample has no " + layout.eventKind() + " traffic to write."
                : "Planned " + layout.name() + " on " + pl.target() + ". Apply " + (pl.strict()
                ? "runs the steps that change nothing destructively, then writes the documents."
                : "creates the index and writes the documents."));
        });
    }

    /** Makes a plan in the background, Plan disabled meanwhile; a failure is said and logged. */
    private <P> void run(Tasks.Job<P> planning, Consumer<P> planned) {
        plan.setDisable(true);
        forget();
        Tasks.create(planning)
            .onSuccess(planned::accept)
            .onError(e -> {
                LOG.log(Level.WARNING, "plan failed", e);
                planText.clear();
                results.say("Plan failed: " + e.getMessage());
            })
            .andFinally(() -> plan.setDisable(false))
            .runOn(executor);
    }

    private void show(String text, Pending p) {
        pending = p;
        planText.setText(text);
        apply.setDisable(false);
    }

    /** Applies the shown plan and, when asked (an index: always), writes the sample and compares. */
    void apply() {
        Pending p = pending;
        if (p == null) {
            return;
        }
        Optional<EventKindSample> sample = sampleOf(p.layout());
        boolean write = p.writes() || form.writeSample();
        if (write && sample.isEmpty()) {
            results.say("The sample has no " + p.layout().eventKind() + " traffic to write.");
            return;
        }
        apply.setDisable(true);
        results.run(p.layout(), progress -> p.apply().run(sample.orElse(null), write, progress), "Apply failed: ", this::forget);
    }

    /** The open sample's rows of the layout's event kind. */
    private Optional<EventKindSample> sampleOf(Layout layout) {
        var opened = session.openedProperty().get();
        return opened == null ? Optional.empty() : opened.sample().eventKind(layout.eventKind());
    }
}
