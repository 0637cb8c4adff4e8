package dev.cardinal.ui.compare;

import dev.cardinal.compare.LayoutComparison;
import dev.cardinal.compare.Review;
import dev.cardinal.compare.ReviewHtml;
import dev.cardinal.compare.ReviewMarkdown;
import dev.cardinal.compare.Revisions;
import dev.cardinal.compare.Side;
import dev.cardinal.compare.SummaryReview;
import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.AtHorizon;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.ui.canvas.AttributeInfo;
import dev.cardinal.ui.canvas.CanvasView;
import dev.cardinal.ui.common.Dialogs;
import dev.cardinal.ui.common.RerunCommand;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.workspace.SummaryShown;
import dev.cardinal.ui.workspace.WorkspaceSession;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;

/**
 * Review mode: two layouts of one event kind over the same traffic, their cards side by side with the changed
 * attributes marked, the numbers with deltas, the verdict, findings and the queries each forces; export as Markdown or
 * HTML. Over an event kind whose traffic is a bound traffic summary, the review is the summary's (as
 * {@code cardinal compare --sample S.summary.json} gives it): what it does not hold is a dash and said.
 */
public final class ComparePanelController {
    private static final Logger LOG = Logger.getLogger(ComparePanelController.class.getName());

    private final WorkspaceSession session;
    private final Executor executor;
    private Review shown;
    /** The review shown when it is one over a traffic summary (then {@link #shown} is null). */
    private SummaryReview shownSummary;
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
    /** Layouts read from other workspace files or git revisions, offered beside the workspace's own. */
    private final List<Side> elsewhere = new ArrayList<>();
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
    private TitledPane detailsPane;
    @FXML
    private javafx.scene.layout.VBox rerunBox;
    @FXML
    private TextArea rerunCommand;

    public ComparePanelController(WorkspaceSession session, Executor executor) {
        this.session = session;
        this.executor = executor;
    }

    @FXML
    private void initialize() {
        StringConverter<Side> names = new StringConverter<>() {
            @Override
            public String toString(Side s) {
                // the event kind only when there is a choice of them
                Workspace ws = session.workspace();
                boolean severalKinds = ws != null && ws.eventKinds().size() > 1;
                return s == null ? "" : severalKinds ? s.label() + " (" + s.layout().eventKind() + ")" : s.label();
            }

            @Override
            public Side fromString(String s) {
                return null;
            }
        };
        layoutA.setConverter(names);
        layoutB.setConverter(names);
        // each card whole at the width of its half of the review, as tall as it is then
        canvasA.widthProperty().addListener((o, was, now) -> canvasA.sizeToCards());
        canvasB.widthProperty().addListener((o, was, now) -> canvasB.sizeToCards());
        session.history().currentProperty().addListener((o, was, ws) -> offer(ws));
    }

    /**
     * Offers the workspace's layouts and those read from elsewhere; A is the selected layout, B another of its event
     * kind.
     */
    private void offer(Workspace ws) {
        Side keepA = layoutA.getValue();
        Side keepB = layoutB.getValue();
        List<Side> sides = new ArrayList<>();
        if (ws != null) {
            ws.layouts().forEach(l -> sides.add(Side.of(ws, l)));
        }
        sides.addAll(elsewhere);
        layoutA.getItems().setAll(sides);
        layoutB.getItems().setAll(sides);
        if (sides.isEmpty()) {
            return;
        }
        Side a = keep(sides, keepA);
        if (a == null) {
            Layout selected = session.selectedLayoutProperty().get();
            a = sides.stream().filter(s -> selected != null && s.origin() == null && s.layout().id().equals(selected.id())).findFirst()
                .orElse(sides.get(0));
        }
        Side first = a;
        Side b = keep(sides, keepB);
        if (b == null) {
            b = sides.stream().filter(s -> s != first && s.layout().eventKind().equals(first.layout().eventKind())).findFirst().orElse(first);
        }
        layoutA.setValue(a);
        layoutB.setValue(b);
    }

    /** The offered side that stands for {@code kept} after the workspace changed: same origin, same layout id. */
    private static Side keep(List<Side> sides, Side kept) {
        if (kept == null) {
            return null;
        }
        return sides.stream().filter(s -> java.util.Objects.equals(s.origin(), kept.origin()) && s.layout().id().equals(kept.layout().id()))
            .findFirst().orElse(null);
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
        status.setText("Reading " + file.getFileName() + (revision == null ? "" : " at " + revision) + "…");
        Tasks.<List<Side>>create(p -> {
            Workspace ws = revision == null ? WorkspaceFiles.load(file).workspace() : Revisions.workspaceAt(file, revision).workspace();
            String origin = Side.origin(file, revision, session.file());
            return ws.layouts().stream().map(l -> new Side(ws, l, origin)).toList();
        })
            .onSuccess(read -> {
                elsewhere.removeIf(s -> read.stream().anyMatch(r -> r.origin().equals(s.origin())));
                elsewhere.addAll(read);
                offer(session.workspace());
                Side a = layoutA.getValue();
                read.stream().filter(s -> a == null || s.layout().eventKind().equals(a.layout().eventKind())).findFirst()
                    .ifPresent(layoutB::setValue);
                status.setText(read.size() + " layouts from " + read.get(0).origin() + " to compare with.");
            })
            .onError(e -> status.setText("Cannot read layouts from " + file.getFileName() + (revision == null ? "" : " at " + revision)
                + ": " + e.getMessage()))
            .runOn(executor);
    }

    /** Compares the two chosen layouts in the background. */
    @FXML
    /** Compares two layouts of this workspace, A and B by id (a card's Compare With). */
    public void compare(String layoutIdA, String layoutIdB) {
        layoutA.getItems().stream().filter(x -> x.origin() == null && x.layout().id().equals(layoutIdA)).findFirst()
            .ifPresent(layoutA::setValue);
        layoutB.getItems().stream().filter(x -> x.origin() == null && x.layout().id().equals(layoutIdB)).findFirst()
            .ifPresent(layoutB::setValue);
        compare();
    }

    public void compare() {
        Side a = layoutA.getValue();
        Side b = layoutB.getValue();
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
        var settings = session.settingsProperty().get();
        Long mappingLimit = session.mappingLimitProperty().get();
        Tasks.<Review>create(p -> {
            Review r = Review.of(a, b, sample, opened.sample().report(), settings);
            return mappingLimit == null ? r : r.withMappings(sample, mappingLimit);
        })
            .onSuccess(this::show)
            .onError(e -> {
                LOG.log(Level.WARNING, "compare failed", e);
                status.setText("Cannot compare: " + e.getMessage());
            })
            .andFinally(() -> compare.setDisable(false))
            .runOn(executor);
    }

    /** Compares {@code a} and {@code b} in the background from the bound summary that holds their event kind. */
    private void compareFromSummary(Side a, Side b, List<Path> summaries) {
        compare.setDisable(true);
        status.setText("Comparing " + a.label() + " with " + b.label() + " from the traffic summary…");
        var settings = session.settingsProperty().get();
        String workspaceFile = session.file() == null ? "W.cardinal.json" : session.file().toString();
        Tasks.<Optional<SummaryCompared>>create(p -> SummaryCompared.of(a, b, session.summaries(), summaries, settings, workspaceFile))
            .onSuccess(c -> c.ifPresentOrElse(this::show,
                () -> status.setText("The sample has no " + a.layout().eventKind() + " traffic to compare over.")))
            .onError(e -> {
                LOG.log(Level.WARNING, "compare from a traffic summary failed", e);
                status.setText("Cannot compare from the traffic summary: " + e.getMessage());
            })
            .andFinally(() -> compare.setDisable(false))
            .runOn(executor);
    }

    /** A review over a traffic summary, or, when it does not cover a layout, why not and the command that covers it. */
    private void show(SummaryCompared c) {
        SummaryShown uncovered = c.uncovered();
        if (uncovered != null) {
            clear();
            showRerun(uncovered.rerun());
            status.setText(uncovered.uncovered());
            return;
        }
        SummaryReview r = c.review();
        shownSummary = r;
        shown = null;
        showRerun(null);
        verdict.getChildren().setAll(r.verdict().stream().map(ComparePanelController::verdictLine).toList());
        metrics.show(r.a().layout().name(), r.b().layout().name(), ReviewRows.of(r));
        details.setText(ReviewMarkdown.render(r));
        detailsPane.setText("The review as Markdown: differences, findings, what needs rows");
        findings(r.a().layout().name(), r.lintA().findings(), r.b().layout().name(), r.lintB().findings());
        notChecked(notCheckedA, SummaryShown.notChecked(r.lintA().unchecked()));
        notChecked(notCheckedB, SummaryShown.notChecked(r.lintB().unchecked()));
        summaryLines(SummaryCompared.notInSummary(), c.source());
        Set<String> changed = r.differences().stream().map(LayoutComparison.Difference::subject).collect(Collectors.toSet());
        card(canvasA, r.a(), changed);
        card(canvasB, r.b(), changed);
        canvasA.showMappings(Map.of());
        canvasB.showMappings(Map.of());
        revealed();
        status.setText(r.a().layout().name() + " vs " + r.b().layout().name() + " over " + Quantities.count(r.a().points())
            + " points of " + r.a().eventKind() + ", from the traffic summary " + c.a().file());
    }

    /** What a summary does not hold and where the numbers come from, or neither (null: a review over rows). */
    private void summaryLines(String notHeld, String from) {
        for (Label l : List.of(notInSummary, source)) {
            l.setVisible(notHeld != null);
            l.setManaged(notHeld != null);
        }
        notInSummary.setText(notHeld == null ? "" : notHeld);
        source.setText(from == null ? "" : Character.toUpperCase(from.charAt(0)) + from.substring(1) + ".");
    }

    /** The rules a layout's findings could not check from the summary, named on one line; why each, on hover. */
    private static void notChecked(Label line, List<String> lines) {
        line.setText(SummaryShown.notCheckedLine(lines));
        line.setTooltip(lines.isEmpty() ? null : new Tooltip(String.join("\n", lines)));
        line.setVisible(!lines.isEmpty());
        line.setManaged(!lines.isEmpty());
    }

    /** Nothing of a review left on screen, nothing to export. */
    private void clear() {
        shown = null;
        shownSummary = null;
        reviewBody.setVisible(false);
        review.setVisible(false); // its scroll bar, for what is no longer there, too
        exportMarkdown.setDisable(true);
        exportHtml.setDisable(true);
    }

    /** Shows the command that makes a summary covering the layouts, or hides it (null). */
    private void showRerun(String command) {
        RerunCommand.show(rerunBox, rerunCommand, command);
    }

    @FXML
    private void copyRerun() {
        RerunCommand.copy(rerunCommand);
        status.setText("Copied the command that makes a covering traffic summary.");
    }

    private void findings(String a, List<dev.cardinal.lint.Finding> inA, String b, List<dev.cardinal.lint.Finding> inB) {
        findingsATitle.setText("A: " + a + ", " + count(inA.size()));
        findingsBTitle.setText("B: " + b + ", " + count(inB.size()));
        findingsA.show(inA);
        findingsB.show(inB);
    }

    /** The review's body shown from its top, ready to export. */
    private void revealed() {
        canvasA.sizeToCards();
        canvasB.sizeToCards();
        reviewBody.setVisible(true);
        review.setVisible(true);
        review.setVvalue(0);
        exportMarkdown.setDisable(false);
        exportHtml.setDisable(false);
    }

    private void show(Review r) {
        shown = r;
        shownSummary = null;
        showRerun(null);
        notChecked(notCheckedA, List.of());
        notChecked(notCheckedB, List.of());
        summaryLines(null, null);
        detailsPane.setText("The review as Markdown: differences, findings and the queries each layout forces");
        verdict.getChildren().setAll(r.comparison().verdict().stream().map(ComparePanelController::verdictLine).toList());
        r.mappingVerdict().ifPresent(v -> verdict.getChildren().add(0, verdictLine(v)));
        metrics.show(r.a().layout().name(), r.b().layout().name(), ReviewRows.of(r));
        details.setText(ReviewMarkdown.render(r));
        findings(r.a().layout().name(), r.findingsA(), r.b().layout().name(), r.findingsB());
        Set<String> changed = r.comparison().differences().stream().map(LayoutComparison.Difference::subject).collect(Collectors.toSet());
        card(canvasA, r.a(), changed);
        card(canvasB, r.b(), changed);
        canvasA.showMappings(r.mappings() == null ? Map.of() : Map.of(r.a().layout().id(), r.mappings().a()));
        canvasB.showMappings(r.mappings() == null ? Map.of() : Map.of(r.b().layout().id(), r.mappings().b()));
        revealed();
        // last: what says the review is there comes once all of it is
        status.setText(r.a().layout().name() + " vs " + r.b().layout().name() + " over " + Quantities.count(r.a().now().points())
            + " points of " + r.a().eventKind());
    }

    /** One layout's card alone on its canvas, with the attributes that differ between the two marked. */
    private static void card(CanvasView canvas, AtHorizon p, Set<String> changed) {
        Layout l = p.layout();
        Workspace one = new Workspace("compare", List.of(), List.of(l), List.of(), List.of(), List.of(),
            Map.of(l.id(), new Position(12, 12)));
        Map<String, AttributeInfo> infos = p.attributes().stream().collect(Collectors.toMap(Projection.AttributeProjection::name,
            a -> new AttributeInfo(a.type(), a.distinct(), a.growth(), null), (x, y) -> x, HashMap::new));
        canvas.setMarked(changed);
        canvas.show(one, null, Map.of(l.eventKind(), infos));
        canvas.sizeToCards();
    }

    /** A sentence of the verdict, wrapped to the review's width. */
    private static Label verdictLine(String sentence) {
        Label line = new Label(sentence);
        line.getStyleClass().add("verdict-line");
        line.setWrapText(true);
        line.setMinHeight(Region.USE_PREF_SIZE);
        return line;
    }

    private static String count(int findings) {
        return findings == 0 ? "no findings" : findings == 1 ? "1 finding" : findings + " findings";
    }

    public Review shown() {
        return shown;
    }

    /** The review over a traffic summary shown, or null. */
    public SummaryReview shownSummary() {
        return shownSummary;
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
    public java.util.Optional<String> exported(String extension) {
        boolean html = extension.equals(".html");
        if (shown != null) {
            return Optional.of(html ? ReviewHtml.render(shown) : ReviewMarkdown.render(shown));
        }
        if (shownSummary != null) {
            return Optional.of(html ? ReviewHtml.render(shownSummary) : ReviewMarkdown.render(shownSummary));
        }
        return Optional.empty();
    }

    private void export(String kind, String pattern, String extension) {
        if (shown == null && shownSummary == null) {
            return;
        }
        Layout a = shown == null ? shownSummary.a().layout() : shown.a().layout();
        Layout b = shown == null ? shownSummary.b().layout() : shown.b().layout();
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the review");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        chooser.setInitialFileName(a.id() + "-vs-" + b.id() + extension);
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
            .runOn(executor);
    }
}
