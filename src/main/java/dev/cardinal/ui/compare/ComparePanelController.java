package dev.cardinal.ui.compare;

import dev.cardinal.compare.LayoutComparison;
import dev.cardinal.compare.Review;
import dev.cardinal.compare.ReviewHtml;
import dev.cardinal.compare.ReviewMarkdown;
import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.ui.canvas.AttributeInfo;
import dev.cardinal.ui.canvas.CanvasView;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.workspace.WorkspaceSession;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;

/**
 * Review mode: two layouts of one event kind over the same traffic, their cards side by side with the changed
 * attributes marked, the numbers with deltas, the verdict, findings and the queries each forces; export as Markdown or
 * HTML.
 */
public final class ComparePanelController {
    private static final Logger LOG = Logger.getLogger(ComparePanelController.class.getName());

    private final WorkspaceSession session;
    private final Executor executor;
    private Review shown;
    @FXML
    private ChoiceBox<Layout> layoutA;
    @FXML
    private ChoiceBox<Layout> layoutB;
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
    private ListView<String> verdict;
    @FXML
    private TableView<LayoutComparison.Metric> metrics;
    @FXML
    private TableColumn<LayoutComparison.Metric, String> metricColumn;
    @FXML
    private TableColumn<LayoutComparison.Metric, String> aColumn;
    @FXML
    private TableColumn<LayoutComparison.Metric, String> bColumn;
    @FXML
    private TableColumn<LayoutComparison.Metric, String> deltaColumn;
    @FXML
    private TextArea details;

    public ComparePanelController(WorkspaceSession session, Executor executor) {
        this.session = session;
        this.executor = executor;
    }

    @FXML
    private void initialize() {
        StringConverter<Layout> names = new StringConverter<>() {
            @Override
            public String toString(Layout l) {
                return l == null ? "" : l.name() + " (" + l.eventKind() + ")";
            }

            @Override
            public Layout fromString(String s) {
                return null;
            }
        };
        layoutA.setConverter(names);
        layoutB.setConverter(names);
        metricColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().name()));
        aColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(Quantities.countOrDash(c.getValue().a())));
        bColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(Quantities.countOrDash(c.getValue().b())));
        deltaColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().a() < 0 || c.getValue().b() < 0 ? ""
            : Quantities.signed(c.getValue().delta())));
        session.history().currentProperty().addListener((o, was, ws) -> offer(ws));
    }

    /** Offers the workspace's layouts; A is the selected layout, B another of its event kind. */
    private void offer(Workspace ws) {
        Layout keepA = layoutA.getValue();
        Layout keepB = layoutB.getValue();
        List<Layout> layouts = ws == null ? List.of() : ws.layouts();
        layoutA.getItems().setAll(layouts);
        layoutB.getItems().setAll(layouts);
        if (ws == null || layouts.isEmpty()) {
            return;
        }
        Layout a = keepA == null ? null : ws.layout(keepA.id()).orElse(null);
        if (a == null) {
            a = session.selectedLayoutProperty().get() != null ? ws.layout(session.selectedLayoutProperty().get().id()).orElse(layouts.get(0))
                : layouts.get(0);
        }
        Layout first = a;
        Layout b = keepB == null ? null : ws.layout(keepB.id()).orElse(null);
        if (b == null) {
            b = layouts.stream().filter(l -> !l.id().equals(first.id()) && l.eventKind().equals(first.eventKind())).findFirst().orElse(first);
        }
        layoutA.setValue(a);
        layoutB.setValue(b);
    }

    /** Compares the two chosen layouts in the background. */
    @FXML
    public void compare() {
        Workspace ws = session.workspace();
        Layout a = layoutA.getValue();
        Layout b = layoutB.getValue();
        if (ws == null || a == null || b == null) {
            status.setText("Open a workspace with two layouts first.");
            return;
        }
        if (!a.eventKind().equals(b.eventKind())) {
            status.setText(a.name() + " stores " + a.eventKind() + " and " + b.name() + " stores " + b.eventKind()
                + ": only layouts of one event kind compare.");
            return;
        }
        var opened = session.openedProperty().get();
        EventKindSample sample = opened == null ? null : opened.sample().eventKind(a.eventKind()).orElse(null);
        if (sample == null) {
            status.setText("The sample has no " + a.eventKind() + " traffic to compare over.");
            return;
        }
        compare.setDisable(true);
        status.setText("Comparing " + a.name() + " with " + b.name() + "…");
        var settings = session.settingsProperty().get();
        Tasks.<Review>create(p -> Review.of(ws, a, b, sample, opened.sample().report(), settings))
            .onSuccess(this::show)
            .onError(e -> {
                LOG.log(Level.WARNING, "compare failed", e);
                status.setText("Cannot compare: " + e.getMessage());
            })
            .andFinally(() -> compare.setDisable(false))
            .runOn(executor);
    }

    private void show(Review r) {
        shown = r;
        status.setText(r.a().layout().name() + " vs " + r.b().layout().name() + " over " + Quantities.count(r.a().now().points())
            + " points of " + r.a().eventKind());
        verdict.getItems().setAll(r.comparison().verdict());
        metrics.getItems().setAll(r.comparison().metrics());
        aColumn.setText(r.a().layout().name());
        bColumn.setText(r.b().layout().name());
        details.setText(ReviewMarkdown.render(r));
        Set<String> changed = r.comparison().differences().stream().map(LayoutComparison.Difference::subject).collect(Collectors.toSet());
        card(canvasA, r.a(), changed);
        card(canvasB, r.b(), changed);
        exportMarkdown.setDisable(false);
        exportHtml.setDisable(false);
    }

    /** One layout's card alone on its canvas, with the attributes that differ between the two marked. */
    private static void card(CanvasView canvas, Projection p, Set<String> changed) {
        Layout l = p.layout();
        Workspace one = new Workspace("compare", List.of(), List.of(l), List.of(), List.of(), List.of(),
            Map.of(l.id(), new Position(12, 12)));
        Map<String, AttributeInfo> infos = p.attributes().stream().collect(Collectors.toMap(Projection.AttributeProjection::name,
            a -> new AttributeInfo(a.type(), a.distinct(), a.growth(), null), (x, y) -> x, HashMap::new));
        canvas.setMarked(changed);
        canvas.show(one, null, Map.of(l.eventKind(), infos));
    }

    public Review shown() {
        return shown;
    }

    @FXML
    private void exportMarkdown() {
        export("Markdown", "*.md", ".md", ReviewMarkdown::render);
    }

    @FXML
    private void exportHtml() {
        export("HTML page", "*.html", ".html", ReviewHtml::render);
    }

    private void export(String kind, String pattern, String extension, Function<Review, String> render) {
        Review r = shown;
        if (r == null) {
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the review");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        chooser.setInitialFileName(r.a().layout().id() + "-vs-" + r.b().layout().id() + extension);
        File f = chooser.showSaveDialog(status.getScene().getWindow());
        if (f != null) {
            exportTo(f.toPath(), render.apply(r));
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
