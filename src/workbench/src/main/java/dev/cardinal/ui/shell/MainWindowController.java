package dev.cardinal.ui.shell;

import dev.cardinal.traffic.synthetic.TrafficProfile;
import dev.cardinal.ui.attributes.AttributesPanelController;
import dev.cardinal.ui.canvas.CanvasPanelController;
import dev.cardinal.ui.capture.CapturePanelController;
import dev.cardinal.ui.code.CodeTabController;
import dev.cardinal.ui.common.Lanes;
import dev.cardinal.ui.projection.ProjectionPanelController;
import dev.cardinal.ui.push.PushPanelController;
import dev.cardinal.ui.session.WorkspaceOpener;
import dev.cardinal.ui.session.WorkspaceSession;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Logger;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * The workbench window: menus, opening and saving, reading traffic with progress, the status bar, and the views it
 * is made of (explorer, canvas, attributes, projection, findings, code, push, recovery bar), each with its own FXML
 * and controller.
 */
public final class MainWindowController {
    private static final Logger LOG = Logger.getLogger(MainWindowController.class.getName());
    /** The dark theme's sheet, added after the base sheet. */
    public static final String DARK_STYLESHEET = "/styles/dark.css";
    /** How long the status bar shows what an action did. */
    static final javafx.util.Duration MESSAGE_LASTS = javafx.util.Duration.seconds(8);

    private final WorkspaceSession session;
    private final Lanes lanes;
    private final Recovery recovery;
    private SampleReads reads;
    private FileActions files;

    @FXML
    private ListView<String> problems;
    @FXML
    private Label status;
    @FXML
    private ProgressBar progress;
    @FXML
    private Button cancel;
    @FXML
    private TabPane bottomTabs;
    @FXML
    private Tab findingsTab;
    @FXML
    private Tab pushTab;
    @FXML
    private MenuBarController menusController;
    @FXML
    private CanvasPanelController canvasPanelController;
    @FXML
    private AttributesPanelController attributesPanelController;
    @FXML
    private CodeTabController codeTabPanelController;
    @FXML
    private PushPanelController pushPanelController;
    @FXML
    private RecoveryBarController recoveryBarController;
    @FXML
    private CapturePanelController capturePanelController;
    @FXML
    private TabPane topTabs;
    @FXML
    private javafx.scene.control.SplitPane centre;
    /** Where the centre's divider was before review mode took the room. */
    private double centreDivider = -1;
    @FXML
    private Tab compareTab;
    @FXML
    private Tab attributesTab;
    @FXML
    private javafx.scene.control.SplitPane mainSplit;
    @FXML
    private ProjectionPanelController projectionPanelController;
    @FXML
    private javafx.scene.Node startPage;
    @FXML
    private dev.cardinal.ui.start.StartPageController startPageController;
    @FXML
    private Label problemsPlaceholder;
    @FXML
    private Tab codeTab;
    @FXML
    private dev.cardinal.ui.compare.ComparePanelController comparePanelController;

    public MainWindowController(WorkspaceSession session, Lanes lanes, Recovery recovery) {
        this.session = session;
        this.lanes = lanes;
        this.recovery = recovery;
    }

    @FXML
    private void initialize() {
        reads = new SampleReads(session, lanes.reads(), status, progress, cancel, () -> bottomTabs.getSelectionModel().select(0));
        session.readSamplesWith(reads::reread);
        files = new FileActions(session, lanes.files(), recovery, reads, recoveryBarController, status, this::showRecent);
        codeTab.selectedProperty().addListener((o, was, now) -> codeTabPanelController.setShowing(now));
        codeTabPanelController.setShowing(codeTab.isSelected());
        showContentWhenFirstSelected(topTabs);
        showContentWhenFirstSelected(bottomTabs);
        // review mode takes the room of the bottom panes (two canvases, a table and two finding lists); leaving it gives it back
        topTabs.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (now == compareTab && centreDivider < 0) {
                centreDivider = centre.getDividerPositions()[0];
                centre.setDividerPositions(0.86);
            } else if (was == compareTab && centreDivider >= 0) {
                centre.setDividerPositions(centreDivider);
                centreDivider = -1;
            }
        });
        menusController.connect(this, files, canvasPanelController);
        session.projection().findingsProperty().addListener((o, was, now) ->
            findingsTab.setText(now.isEmpty() ? "Findings" : "Findings (" + now.size() + ")"));
        problems.setItems(session.problems());
        status.textProperty().bind(session.statusProperty());
        expireMessages();
        progress.setVisible(false);
        cancel.setVisible(false);
        status.sceneProperty().addListener((o, was, now) -> {
            if (now != null) {
                files.installDrop(now);
            }
        });
        initStartPage();
        files.refreshRecent();
        capturePanelController.setOnKeep(this::addSamples);
        canvasPanelController.setOnShowInAttributes(attribute -> {
            topTabs.getSelectionModel().select(attributesTab);
            session.focusAttribute(attribute);
        });
        canvasPanelController.setOnCompare((a, b) -> {
            topTabs.getSelectionModel().select(compareTab);
            comparePanelController.compare(a, b);
        });
    }

    /** With no workspace open, the window is the start page; the problems list says when there is no traffic yet. */
    private void initStartPage() {
        // a workspace being opened (named on the command line, or chosen) shows no start page while its file is read
        startPage.visibleProperty().bind(session.history().currentProperty().isNull().and(reads.openingProperty().isNull()));
        mainSplit.visibleProperty().bind(startPage.visibleProperty().not());
        startPageController.setActions(new dev.cardinal.ui.start.StartPageController.Actions() {
            @Override
            public void openWorkspace() {
                files.openWorkspace();
            }

            @Override
            public void newFromTraffic() {
                files.addSampleFiles();
            }

            @Override
            public void newWorkspace() {
                files.newWorkspace();
            }

            @Override
            public void openScenario(String name) {
                files.openScenario(name);
            }

            @Override
            public void open(Path workspace) {
                files.open(workspace);
            }
        });
        problemsPlaceholder.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
            WorkspaceOpener.Opened o = session.openedProperty().get();
            dev.cardinal.model.Workspace ws = session.workspace();
            if (o == null || ws == null) {
                return "No workspace open.";
            }
            if (session.awaitingSample()) {
                return "Reading the sample: its problems, if any, follow.";
            }
            if (o.sample().report().files() > 0) {
                return "No problems: every line of the sample was read.";
            }
            return ws.samples().stream().anyMatch(b -> !b.format().rows())
                ? "No problems: a traffic summary holds counts, not lines to read."
                : "No sample traffic yet: add some with File → Add Sample Traffic, or drop files on the window.";
        }, session.openedProperty(), session.history().currentProperty()));
    }

    /** A message in the status bar (saved, exported, failed) gives way to what the sample is after a while. */
    private void expireMessages() {
        javafx.animation.PauseTransition wait = new javafx.animation.PauseTransition(MESSAGE_LASTS);
        // each message is news, the same text again too: it lasts its while from when it was said
        session.state().notices().subscribe(dev.cardinal.ui.session.Notices.Status.class, n -> {
            wait.stop();
            wait.setOnFinished(e -> session.expireStatus(n.text()));
            wait.playFromStart();
        });
    }

    /**
     * Keeps each unselected tab's content out of the scene until the tab is first selected. The panes are built (their
     * controllers follow the session from the start), but their controls get skins and styles only when shown: doing
     * that for every pane took a third of a second of the window's first showing.
     */
    private static void showContentWhenFirstSelected(TabPane pane) {
        for (Tab tab : pane.getTabs()) {
            Node content = tab.getContent();
            if (tab.isSelected() || content == null) {
                continue;
            }
            tab.setContent(null);
            tab.selectedProperty().addListener(new InvalidationListener() {
                @Override
                public void invalidated(Observable o) {
                    if (tab.isSelected()) {
                        tab.selectedProperty().removeListener(this);
                        tab.setContent(content);
                    }
                }
            });
        }
    }

    /** Copies unsaved edits to the recovery folder now; see {@link RecoveryBarController#autosaveNow}. */
    public CompletableFuture<Void> autosaveNow() {
        return recoveryBarController.autosaveNow();
    }

    /** Writes the shown layout's generated code into {@code dir}. */
    public void exportCodeTo(Path dir) {
        codeTabPanelController.exportTo(dir);
    }

    public void exportCanvasPngTo(Path target) {
        canvasPanelController.exportPngTo(target);
    }

    public void exportCanvasSvgTo(Path target) {
        canvasPanelController.exportSvgTo(target);
    }

    /** The theme, splits and projection choices as they are now, over {@code base} (which has the window's place). */
    public WorkbenchSettings settings(WorkbenchSettings base) {
        List<Double> main = java.util.Arrays.stream(mainSplit.getDividerPositions()).boxed().toList();
        // review mode moves the centre's divider for a while: what is remembered is the user's own
        double centreAt = centreDivider >= 0 ? centreDivider : centre.getDividerPositions()[0];
        List<String> projection = projectionPanelController.choices();
        return base.withDarkTheme(dark).withDividers(main, List.of(centreAt))
            .withProjection(projection.get(0), projection.get(1));
    }

    /** Applies remembered settings: theme, splits, horizon and traffic. */
    public void apply(WorkbenchSettings s) {
        setDarkTheme(s.darkTheme());
        if (s.dividers().size() == mainSplit.getDividers().size()) {
            mainSplit.setDividerPositions(s.dividers().stream().mapToDouble(Double::doubleValue).toArray());
        }
        if (s.centre().size() == 1) {
            centre.setDividerPositions(s.centre().get(0));
        }
        projectionPanelController.choose(s.horizon(), s.traffic());
    }

    /** Whether the dark theme is on. */
    private boolean dark;

    /** Switches between the light and the dark theme. */
    public void setDarkTheme(boolean dark) {
        this.dark = dark;
        session.changeTheme(dark);
        menusController.showDarkTheme(dark);
        var sheets = status.getScene().getRoot().getStylesheets();
        String url = Objects.requireNonNull(MainWindowController.class.getResource(DARK_STYLESHEET)).toExternalForm();
        sheets.remove(url);
        if (dark) {
            sheets.add(url);
        }
    }

    /** Review mode: the two chosen layouts side by side. */
    void compareLayouts() {
        topTabs.getSelectionModel().select(compareTab);
        comparePanelController.compare();
    }

    /** Offers the layouts of another workspace file, or of {@code file} at a git revision, in the compare view. */
    /** The Compare tab's controller (its review, what its export writes). */
    public dev.cardinal.ui.compare.ComparePanelController comparePanel() {
        return comparePanelController;
    }

    public void compareWithLayoutsFrom(Path file, String revision) {
        topTabs.getSelectionModel().select(compareTab);
        comparePanelController.addLayoutsFrom(file, revision);
    }

    void pushToScratch() {
        bottomTabs.getSelectionModel().select(pushTab);
        pushPanelController.pushToScratch();
    }

    /** Adds traffic files to the open workspace, or makes a workspace from them; see {@link SampleReads#addSamples}. */
    public void addSamples(List<Path> files) {
        reads.addSamples(files);
    }

    /** Writes a profile's traffic and adds it as a sample; see {@link SampleReads#synthesize}. */
    public void synthesize(TrafficProfile profile, String json, Path target) {
        reads.synthesize(profile, json, target);
    }

    @FXML
    private void cancelRead() {
        reads.cancel();
    }

    /** The recent workspaces changed: the File menu's list and the start page's. */
    private void showRecent(Recovery.Recent recent) {
        menusController.showRecent(recent.files());
        startPageController.showRecent(recent.files(), recent.withUnsavedEdits());
    }

    /** Opens a workspace in the background; the window stays responsive and the read can be cancelled. */
    public void open(Path file) {
        files.open(file);
    }

    /** See {@link FileActions#requestClose}. */
    public void requestClose(Runnable close) {
        files.requestClose(close);
    }

}
