package dev.cardinal.ui.compare;

import dev.cardinal.compare.LayoutComparison;
import dev.cardinal.compare.Review;
import dev.cardinal.compare.ReviewHtml;
import dev.cardinal.compare.ReviewMarkdown;
import dev.cardinal.compare.SummaryReview;
import dev.cardinal.lint.Finding;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.AtHorizon;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import dev.cardinal.ui.canvas.AttributeInfo;
import dev.cardinal.ui.canvas.CanvasView;
import dev.cardinal.ui.common.RerunCommand;
import dev.cardinal.ui.projection.SummaryShown;
import dev.cardinal.ui.projection.UncheckedRules;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The review the Compare tab shows: the two cards with the attributes that differ marked, the verdict, the numbers
 * with their changes, each layout's findings and the review as Markdown; over a traffic summary, also where the
 * numbers come from, what a summary does not hold and the rules not checked from it; or, for a layout the summary
 * does not cover, only the command that covers it. The nodes are the tab's (from its FXML); what is shown can be
 * exported as it is.
 */
final class ReviewPane {
    /** The tab's nodes that show a review. */
    record Nodes(CanvasView canvasA, CanvasView canvasB, ScrollPane review, VBox reviewBody, VBox verdict, MetricsGrid metrics,
                 WholeTextArea details, TitledPane detailsPane, Label findingsATitle, Label findingsBTitle, FindingRows findingsA,
                 FindingRows findingsB, Label notCheckedA, Label notCheckedB, Label notInSummary, Label source, VBox rerunBox,
                 TextArea rerunCommand) {
    }

    private final Nodes n;
    private Review shown;
    /** The review shown when it is one over a traffic summary (then {@link #shown} is null). */
    private SummaryReview shownSummary;

    ReviewPane(Nodes nodes) {
        this.n = nodes;
        // each card whole at the width of its half of the review, as tall as it is then
        n.canvasA().widthProperty().addListener((o, was, now) -> n.canvasA().sizeToCards());
        n.canvasB().widthProperty().addListener((o, was, now) -> n.canvasB().sizeToCards());
    }

    Review shown() {
        return shown;
    }

    SummaryReview shownSummary() {
        return shownSummary;
    }

    /** The layouts of the review shown, A and B; empty when none is. */
    Optional<List<Layout>> layouts() {
        if (shown != null) {
            return Optional.of(List.of(shown.a().layout(), shown.b().layout()));
        }
        return shownSummary == null ? Optional.empty() : Optional.of(List.of(shownSummary.a().layout(), shownSummary.b().layout()));
    }

    /**
     * The review shown as its export with {@code extension} writes it (".md" or ".html"): the review over rows, or the
     * one over a traffic summary; empty when none is shown.
     */
    Optional<String> exported(String extension) {
        boolean html = extension.equals(".html");
        if (shown != null) {
            return Optional.of(html ? ReviewHtml.render(shown) : ReviewMarkdown.render(shown));
        }
        if (shownSummary != null) {
            return Optional.of(html ? ReviewHtml.render(shownSummary) : ReviewMarkdown.render(shownSummary));
        }
        return Optional.empty();
    }

    /** Shows a review over rows; returns what the status line says of it. */
    String show(Review r) {
        shown = r;
        shownSummary = null;
        showRerun(null);
        notChecked(n.notCheckedA(), List.of());
        notChecked(n.notCheckedB(), List.of());
        summaryLines(null, null);
        n.detailsPane().setText("The review as Markdown: differences, findings and the queries each layout forces");
        n.verdict().getChildren().setAll(r.comparison().verdict().stream().map(ReviewPane::verdictLine).toList());
        r.mappingVerdict().ifPresent(v -> n.verdict().getChildren().add(0, verdictLine(v)));
        n.metrics().show(r.a().layout().name(), r.b().layout().name(), ReviewRows.of(r));
        n.details().setText(ReviewMarkdown.render(r));
        findings(r.a().layout().name(), r.findingsA(), r.b().layout().name(), r.findingsB());
        Set<String> changed = r.comparison().differences().stream().map(LayoutComparison.Difference::subject).collect(Collectors.toSet());
        card(n.canvasA(), r.a(), changed);
        card(n.canvasB(), r.b(), changed);
        n.canvasA().showMappings(r.mappings() == null ? Map.of() : Map.of(r.a().layout().id(), r.mappings().a()));
        n.canvasB().showMappings(r.mappings() == null ? Map.of() : Map.of(r.b().layout().id(), r.mappings().b()));
        revealed();
        return r.a().layout().name() + " vs " + r.b().layout().name() + " over " + Quantities.count(r.a().now().points())
            + " points of " + r.a().eventKind();
    }

    /**
     * Shows a review over a traffic summary, or, when it does not cover a layout, why not and the command that covers
     * it; returns what the status line says.
     */
    String show(SummaryCompared c) {
        SummaryShown uncovered = c.uncovered();
        if (uncovered != null) {
            clear();
            showRerun(uncovered.rerun());
            return uncovered.uncovered();
        }
        SummaryReview r = c.review();
        shownSummary = r;
        shown = null;
        showRerun(null);
        n.verdict().getChildren().setAll(r.verdict().stream().map(ReviewPane::verdictLine).toList());
        n.metrics().show(r.a().layout().name(), r.b().layout().name(), ReviewRows.of(r));
        n.details().setText(ReviewMarkdown.render(r));
        n.detailsPane().setText("The review as Markdown: differences, findings, what needs rows");
        findings(r.a().layout().name(), r.lintA().findings(), r.b().layout().name(), r.lintB().findings());
        notChecked(n.notCheckedA(), UncheckedRules.lines(r.lintA().unchecked()));
        notChecked(n.notCheckedB(), UncheckedRules.lines(r.lintB().unchecked()));
        summaryLines(SummaryCompared.notInSummary(), c.source());
        Set<String> changed = r.differences().stream().map(LayoutComparison.Difference::subject).collect(Collectors.toSet());
        card(n.canvasA(), r.a(), changed);
        card(n.canvasB(), r.b(), changed);
        n.canvasA().showMappings(Map.of());
        n.canvasB().showMappings(Map.of());
        revealed();
        return r.a().layout().name() + " vs " + r.b().layout().name() + " over " + Quantities.count(r.a().points())
            + " points of " + r.a().eventKind() + ", from the traffic summary " + c.a().file();
    }

    /** Nothing of a review left on screen, nothing to export. */
    void clear() {
        shown = null;
        shownSummary = null;
        n.reviewBody().setVisible(false);
        n.review().setVisible(false); // its scroll bar, for what is no longer there, too
    }

    /** What a summary does not hold and where the numbers come from, or neither (null: a review over rows). */
    private void summaryLines(String notHeld, String from) {
        for (Label l : List.of(n.notInSummary(), n.source())) {
            l.setVisible(notHeld != null);
            l.setManaged(notHeld != null);
        }
        n.notInSummary().setText(notHeld == null ? "" : notHeld);
        n.source().setText(from == null ? "" : Character.toUpperCase(from.charAt(0)) + from.substring(1) + ".");
    }

    /** The rules a layout's findings could not check from the summary, named on one line; why each, on hover. */
    private static void notChecked(Label line, List<String> lines) {
        line.setText(UncheckedRules.line(lines));
        line.setTooltip(lines.isEmpty() ? null : new Tooltip(String.join("\n", lines)));
        line.setVisible(!lines.isEmpty());
        line.setManaged(!lines.isEmpty());
    }

    /** Shows the command that makes a summary covering the layouts, or hides it (null). */
    private void showRerun(String command) {
        RerunCommand.show(n.rerunBox(), n.rerunCommand(), command);
    }

    private void findings(String a, List<Finding> inA, String b, List<Finding> inB) {
        n.findingsATitle().setText("A: " + a + ", " + count(inA.size()));
        n.findingsBTitle().setText("B: " + b + ", " + count(inB.size()));
        n.findingsA().show(inA);
        n.findingsB().show(inB);
    }

    /** The review's body shown from its top, ready to export. */
    private void revealed() {
        n.canvasA().sizeToCards();
        n.canvasB().sizeToCards();
        n.reviewBody().setVisible(true);
        n.review().setVisible(true);
        n.review().setVvalue(0);
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
}
