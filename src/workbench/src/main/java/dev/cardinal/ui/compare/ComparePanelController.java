package dev.cardinal.ui.compare;

import dev.cardinal.compare.Review;
import dev.cardinal.compare.Side;
import dev.cardinal.compare.SummaryReview;
import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.Layout;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.ui.canvas.CanvasView;
import dev.cardinal.ui.common.Dialogs;
import dev.cardinal.ui.common.Lanes;
import dev.cardinal.ui.common.RerunCommand;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.session.SessionState;
import dev.cardinal.ui.session.WorkspaceSession;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * Review mode: two layouts of one event kind over the same traffic, their cards side by side with the changed
 * attributes marked, the numbers with deltas, the verdict, findings and the queries each forces; export as Markdown or
 * HTML. Over an event kind whose traffic is a bound traffic summary, the review is the summary's (as
 * {@code cardinal compare --sample S.summary.json} gives it): what it does not hold is a dash and said. The layouts
 * offered are {@link CompareSides}'; the review shown is {@link ReviewPane}'s; this controller runs the comparison in
 * the background and exports what is shown.
 */
public final class ComparePanelController {
    private static final Logger LOG = Logger.getLogger(ComparePanelController.class.getName());

    private final WorkspaceSession session;
    private final Lanes lanes;
    private CompareSides sides;
    private ReviewPane pane;
    /** What the review shown was made for; null when none is shown. */
    private final ObjectProperty<ReviewMadeFor> shownFor = new SimpleObjectProperty<>();
    /** Why the review shown is out of date, or null while it holds for the session's state. */
    private ObservableValue<String> outOfDate;
    @FXML
    private ChoiceBox<Side> layoutA;
    @FXML
    private ChoiceBox<Side> layoutB;
    @FXML
    private MenuButton layoutsFrom;
    @FXML
    private Button compare;
    @FXML
    private Button exportMarkdown;
    @FXML
    private Button exportHtml;
    @FXML
    private Label status;
    @FXML
    private CanvasView canvasA;
    @FXML
    private CanvasView canvasB;
    @FXML
    private ScrollPane review;
    @FXML
    private VBox reviewBody;
    @FXML
    private VBox verdict;
    @FXML
    private MetricsGrid metrics;
    @FXML
    private WholeTextArea details;
    @FXML
    private Label findingsATitle;
    @FXML
    private Label findingsBTitle;
    @FXML
    private FindingRows findingsA;
    @FXML
    private FindingRows findingsB;
    @FXML
    private Label notCheckedA;
    @FXML
    private Label notCheckedB;
    @FXML
    private Label notInSummary;
    /** Where a review over a traffic summary takes its numbers from; hidden over rows. */
    @FXML
    private Label source;
    @FXML
    private HBox staleBox;
    @FXML
    private Label stale;
    @FXML
    private TitledPane detailsPane;
    @FXML
    private VBox rerunBox;
    @FXML
    private TextArea rerunCommand;
    @FXML
    private javafx.scene.control.ProgressBar compareProgress;
    @FXML
    private Button compareCancel;
    private dev.cardinal.ui.common.TaskProgress progress;

    public ComparePanelController(WorkspaceSession session, Lanes lanes) {
        this.session = session;
        this.lanes = lanes;
    }

    @FXML
    private void initialize() {
        progress = new dev.cardinal.ui.common.TaskProgress(compareProgress, compareCancel);
        sides = new CompareSides(session, lanes.reads(), layoutA, layoutB, status::setText);
        pane = new ReviewPane(new ReviewPane.Nodes(canvasA, canvasB, review, reviewBody, verdict, metrics, details, detailsPane,
            findingsATitle, findingsBTitle, findingsA, findingsB, notCheckedA, notCheckedB, notInSummary, source, rerunBox,
            rerunCommand));
        outOfDate = Bindings.createObjectBinding(() -> shownFor.get() == null ? null : shownFor.get().outOfDate(session.state().state()),
            shownFor, session.state().stateProperty());
        staleBox.visibleProperty().bind(outOfDate.map(why -> true).orElse(false));
        staleBox.managedProperty().bind(staleBox.visibleProperty());
        stale.textProperty().bind(outOfDate.map(why -> "Out of date: " + why + " changed since this review was made. Compare again"
            + " to see and export the numbers as they are now.").orElse(""));
        // an export writes what is shown, and an out-of-date review is not written at all
        exportMarkdown.disableProperty().bind(shownFor.isNull().or(staleBox.visibleProperty()));
        exportHtml.disableProperty().bind(exportMarkdown.disableProperty());
    }

    /** Shows what the review is and what it was made for (null: no review is shown now); returns its status line. */
    private String shown(String said, SessionState madeFor, Side a, Side b) {
        shownFor.set(pane.layouts().isEmpty() ? null : new ReviewMadeFor(madeFor, a, b));
        return said;
    }

    @FXML
    private void layoutsFromFile() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Compare with the layouts of another workspace");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Cardinal workspace", "*" + WorkspaceFiles.EXTENSION));
        chooser.setInitialDirectory(session.folder());
        File f = chooser.showOpenDialog(status.getScene().getWindow());
        if (f != null) {
            addLayoutsFrom(f.toPath(), null);
        }
    }

    @FXML
    private void layoutsFromRevision() {
        Path file = session.file();
        if (file == null) {
            status.setText("Save the workspace first: a git revision is of its file.");
            return;
        }
        Dialogs.ask(status, "Compare with a git revision", "Revision of " + file.getFileName() + " (HEAD, main, HEAD~1, a commit):", "HEAD")
            .ifPresent(rev -> addLayoutsFrom(file, rev));
    }

    /**
     * Reads the layouts of {@code file} (as it was at git {@code revision} when not null) in the background and offers
     * them; the first of the current A's event kind becomes B.
     */
    public void addLayoutsFrom(Path file, String revision) {
        sides.addLayoutsFrom(file, revision);
    }

    /** Compares two layouts of this workspace, A and B by id (a card's Compare With). */
    public void compare(String layoutIdA, String layoutIdB) {
        sides.choose(layoutIdA, layoutIdB);
        compare();
    }

    /** Compares the two chosen layouts in the background. */
    @FXML
    public void compare() {
        Side a = sides.a();
        Side b = sides.b();
        if (session.workspace() == null || a == null || b == null) {
            status.setText("Open a workspace with two layouts first.");
            return;
        }
        if (!a.layout().eventKind().equals(b.layout().eventKind())) {
            status.setText(a.label() + " stores " + a.layout().eventKind() + " and " + b.label() + " stores " + b.layout().eventKind()
                + ": only layouts of one event kind compare.");
            return;
        }
        var opened = session.openedProperty().get();
        EventKindSample sample = opened == null ? null : opened.sample().eventKind(a.layout().eventKind()).orElse(null);
        List<Path> summaries = session.summaryFiles();
        if (sample == null && summaries.isEmpty()) {
            status.setText("The sample has no " + a.layout().eventKind() + " traffic to compare over.");
            return;
        }
        if (sample == null) {
            compareFromSummary(a, b, summaries);
            return;
        }
        compare.setDisable(true);
        status.setText("Comparing " + a.label() + " with " + b.label() + "…");
        SessionState madeFor = session.state().state();
        var settings = madeFor.settings();
        Long mappingLimit = madeFor.mappingLimit();
        progress.track(Tasks.<Review>create(p -> {
            Review r = Review.of(a, b, sample, opened.sample().report(), settings, dev.cardinal.engines.Engines.queryLanguages())
                .withEngines(dev.cardinal.compare.EngineSides.of(dev.cardinal.engines.Engines.all().stream()
                    .flatMap(e -> e.counting().stream()).toList(), a, b, sample, settings));
            return mappingLimit == null ? r : r.withMappings(sample, mappingLimit);
        })
            .onSuccess(r -> status.setText(shown(pane.show(r), madeFor, a, b)))
            .onError(e -> {
                LOG.log(Level.WARNING, "compare failed", e);
                status.setText("Cannot compare: " + e.getMessage());
            })
            .andFinally(() -> compare.setDisable(false))
            .runOn(lanes.reads()));
    }

    /** Stops the comparison under way: nothing of it is shown. */
    @FXML
    private void cancelCompare() {
        if (progress.cancel()) {
            status.setText("Comparison cancelled.");
        }
    }

    /** Compares {@code a} and {@code b} in the background from the bound summary that holds their event kind. */
    private void compareFromSummary(Side a, Side b, List<Path> summaries) {
        compare.setDisable(true);
        status.setText("Comparing " + a.label() + " with " + b.label() + " from the traffic summary…");
        SessionState madeFor = session.state().state();
        var settings = madeFor.settings();
        String workspaceFile = session.file() == null ? "W.cardinal.json" : session.file().toString();
        progress.track(Tasks.<Optional<SummaryCompared>>create(p -> SummaryCompared.of(a, b, session.summaries(), summaries, settings,
                workspaceFile))
            .onSuccess(c -> c.ifPresentOrElse(found -> status.setText(shown(pane.show(found), madeFor, a, b)),
                () -> status.setText("The sample has no " + a.layout().eventKind() + " traffic to compare over.")))
            .onError(e -> {
                LOG.log(Level.WARNING, "compare from a traffic summary failed", e);
                status.setText("Cannot compare from the traffic summary: " + e.getMessage());
            })
            .andFinally(() -> compare.setDisable(false))
            .runOn(lanes.reads()));
    }

    @FXML
    private void copyRerun() {
        RerunCommand.copy(rerunCommand);
        status.setText("Copied the command that makes a covering traffic summary.");
    }

    public Review shown() {
        return pane.shown();
    }

    /** The review over a traffic summary shown, or null. */
    public SummaryReview shownSummary() {
        return pane.shownSummary();
    }

    @FXML
    private void exportMarkdown() {
        export("Markdown", "*.md", ".md");
    }

    @FXML
    private void exportHtml() {
        export("HTML page", "*.html", ".html");
    }

    /**
     * The review shown as its export with {@code extension} writes it (".md" or ".html"): the review over rows, or the
     * one over a traffic summary; empty when none is shown.
     */
    public Optional<String> exported(String extension) {
        return staleBox.isVisible() ? Optional.empty() : pane.exported(extension);
    }

    private void export(String kind, String pattern, String extension) {
        Optional<List<Layout>> ab = pane.layouts();
        if (ab.isEmpty()) {
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the review");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        chooser.setInitialFileName(ab.get().get(0).id() + "-vs-" + ab.get().get(1).id() + extension);
        File f = chooser.showSaveDialog(status.getScene().getWindow());
        if (f != null) {
            exported(extension).ifPresent(text -> exportTo(f.toPath(), text));
        }
    }

    /** Writes a rendered review in the background. */
    public void exportTo(Path target, String text) {
        Tasks.<Path>create(p -> {
            AtomicFiles.write(target, text.getBytes(StandardCharsets.UTF_8));
            return target;
        })
            .onSuccess(t -> status.setText("Wrote " + t))
            .onError(e -> status.setText("Cannot write " + target.getFileName() + ": " + e.getMessage()))
            .runOn(lanes.files());
    }
}
