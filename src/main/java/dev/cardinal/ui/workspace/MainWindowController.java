package dev.cardinal.ui.workspace;

import dev.cardinal.codegen.Bundle;
import dev.cardinal.lint.Finding;
import dev.cardinal.lint.Severity;
import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.Durations;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Target;
import dev.cardinal.model.Role;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.model.WorkspaceFormatException;
import dev.cardinal.projection.Limit;
import dev.cardinal.push.InfluxV1Client;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SchemaInference;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.ui.canvas.AttributeInfo;
import dev.cardinal.ui.canvas.CanvasSvg;
import dev.cardinal.ui.canvas.CanvasView;
import dev.cardinal.ui.common.Png;
import dev.cardinal.ui.code.CodePanel;
import dev.cardinal.ui.common.Tasks;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.concurrent.CompletableFuture;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.concurrent.Task;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.HBox;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.WindowEvent;

/** The workbench window: workspace explorer, attribute table, problems list and status bar. */
public final class MainWindowController {
    private static final Logger LOG = Logger.getLogger(MainWindowController.class.getName());

    private final WorkspaceSession session;
    private final Executor executor;
    private Task<WorkspaceOpener.Opened> running;

    @FXML
    private TreeView<Object> explorer;
    @FXML
    private Label attributesTitle;
    @FXML
    private TableView<AttributeRow> attributes;
    @FXML
    private TableColumn<AttributeRow, String> nameColumn;
    @FXML
    private TableColumn<AttributeRow, String> typeColumn;
    @FXML
    private TableColumn<AttributeRow, String> arrivedColumn;
    @FXML
    private TableColumn<AttributeRow, String> roleColumn;
    @FXML
    private TableColumn<AttributeRow, Long> distinctColumn;
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
    private Tab pushTab;
    @FXML
    private Button pushScratch;
    @FXML
    private Label pushSummary;
    @FXML
    private TableView<ScratchPush.Row> pushResult;
    @FXML
    private TableColumn<ScratchPush.Row, String> pushWhatColumn;
    @FXML
    private TableColumn<ScratchPush.Row, Long> pushProjectedColumn;
    @FXML
    private TableColumn<ScratchPush.Row, Long> pushMeasuredColumn;
    private final ScratchPush scratch = new ScratchPush();
    @FXML
    private TextField targetUrl;
    @FXML
    private TextField targetDatabase;
    @FXML
    private TextField targetUser;
    @FXML
    private PasswordField targetPassword;
    @FXML
    private CheckBox targetInsecure;
    @FXML
    private CheckBox targetWriteSample;
    @FXML
    private Button planTarget;
    @FXML
    private Button applyTarget;
    @FXML
    private TextArea planText;
    /** The last plan, for Apply; dropped when the layout or the form changes. */
    private ScratchPush.Planned planned;
    @FXML
    private Tab findingsTab;
    @FXML
    private Button applyFix;
    @FXML
    private Label findingDetail;
    @FXML
    private TableView<Finding> findings;
    @FXML
    private TableColumn<Finding, String> findingSeverityColumn;
    @FXML
    private TableColumn<Finding, String> findingSubjectColumn;
    @FXML
    private TableColumn<Finding, String> findingMessageColumn;
    @FXML
    private TableColumn<Finding, String> findingFixColumn;
    @FXML
    private CheckMenuItem darkTheme;
    @FXML
    private TabPane topTabs;
    @FXML
    private Tab canvasTab;
    @FXML
    private Tab attributesTab;
    @FXML
    private CanvasView canvas;
    /** Attribute facts per event kind for the canvas chips; layout-independent, so made once per sample. */
    private final Map<String, Map<String, AttributeInfo>> chipInfos = new HashMap<>();
    @FXML
    private Tab codeTab;
    @FXML
    private CodePanel codePanel;
    @FXML
    private MenuItem undoItem;
    @FXML
    private MenuItem redoItem;
    @FXML
    private MenuItem saveItem;
    @FXML
    private MenuItem saveAsItem;
    @FXML
    private ChoiceBox<String> horizon;
    @FXML
    private ChoiceBox<String> traffic;
    @FXML
    private Label projectionStatus;
    @FXML
    private TableView<ProjectionRows.Row> projection;
    @FXML
    private SeriesChart seriesChart;
    @FXML
    private TableColumn<ProjectionRows.Row, String> projectionWhatColumn;
    @FXML
    private TableColumn<ProjectionRows.Row, String> projectionNowColumn;
    @FXML
    private TableColumn<ProjectionRows.Row, String> projectionHorizonColumn;

    /** Horizons offered in the projection panel. */
    static final List<String> HORIZONS = List.of("7d", "30d", "90d", "365d");
    /** Traffic multipliers offered in the projection panel. */
    static final List<String> TRAFFIC = List.of("x1", "x10", "x100");

    public MainWindowController(WorkspaceSession session, Executor executor, Recovery recovery) {
        this.session = session;
        this.executor = executor;
        this.recovery = recovery;
    }

    /** How often unsaved edits are copied to the recovery folder. */
    static final Duration AUTOSAVE_EVERY = Duration.ofSeconds(5);

    private final Recovery recovery;
    private Recovery.Recovered offered;
    @FXML
    private HBox recoveryBar;
    @FXML
    private Label recoveryText;
    @FXML
    private Menu recentMenu;

    private void initRecovery() {
        Timeline autosave = new Timeline();
        autosave.getKeyFrames().add(new KeyFrame(javafx.util.Duration.millis(AUTOSAVE_EVERY.toMillis()), e -> {
            // a window that is gone (closed, or its scene replaced) autosaves no more
            var scene = explorer.getScene();
            if (scene == null || scene.getWindow() == null || !scene.getWindow().isShowing()) {
                autosave.stop();
            } else {
                autosaveNow();
            }
        }));
        autosave.setCycleCount(Animation.INDEFINITE);
        autosave.play();
        refreshRecent();
    }

    /**
     * Copies the unsaved workspace to the recovery folder in the background (the autosave timer calls this).
     *
     * @return when the copy is written, or at once when there is nothing unsaved
     */
    public CompletableFuture<Void> autosaveNow() {
        Workspace ws = session.workspace();
        Path file = session.file();
        if (ws == null || file == null || !session.history().isDirty()) {
            return CompletableFuture.completedFuture(null);
        }
        return CompletableFuture.runAsync(() -> {
            try {
                recovery.save(file, ws);
            } catch (IOException e) {
                LOG.log(Level.WARNING, "cannot write the recovery copy of " + file, e);
            }
        }, executor);
    }

    /** After a workspace is opened: remember it, and offer unsaved changes a previous run left behind. */
    private void afterOpen(WorkspaceOpener.Opened opened) {
        hideRecoveryBar();
        Tasks.<java.util.Optional<Recovery.Recovered>>create(p -> {
            recovery.remember(opened.file());
            return recovery.find(opened.file(), opened.workspace());
        })
            .onSuccess(found -> {
                refreshRecent();
                found.ifPresent(r -> {
                    offered = r;
                    recoveryText.setText("Unsaved changes to " + opened.file().getFileName() + " from "
                        + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(java.time.ZoneId.systemDefault())
                        .format(r.savedAt()) + " were kept when the workbench last closed without saving them.");
                    recoveryBar.setVisible(true);
                    recoveryBar.setManaged(true);
                });
            })
            .onError(e -> LOG.log(Level.WARNING, "cannot look for a recovery copy of " + opened.file(), e))
            .runOn(executor);
    }

    @FXML
    private void restoreRecovered() {
        if (offered != null) {
            Workspace restored = offered.workspace();
            session.history().apply("restore unsaved changes", ws -> restored);
        }
        hideRecoveryBar();
    }

    @FXML
    private void discardRecovered() {
        Path file = session.file();
        if (file != null) {
            executor.execute(() -> recovery.discard(file));
        }
        hideRecoveryBar();
    }

    private void hideRecoveryBar() {
        offered = null;
        recoveryBar.setVisible(false);
        recoveryBar.setManaged(false);
    }

    private void refreshRecent() {
        Tasks.<List<Path>>create(p -> recovery.recent())
            .onSuccess(files -> {
                recentMenu.getItems().clear();
                for (Path f : files) {
                    MenuItem item = new MenuItem(f.getFileName() + "  (" + f.getParent() + ")");
                    item.setMnemonicParsing(false);
                    item.setOnAction(e -> open(f));
                    recentMenu.getItems().add(item);
                }
                recentMenu.setDisable(files.isEmpty());
            })
            .onError(e -> LOG.log(Level.WARNING, "cannot read the recent files", e))
            .runOn(executor);
    }

    @FXML
    private void initialize() {
        nameColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().name()));
        typeColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().type()));
        arrivedColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().arrivedAs()));
        roleColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().role()));
        distinctColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().distinct()));
        distinctColumn.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(Long v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : v < 0 ? "—" : String.format(Locale.ROOT, "%,d", v));
            }
        });
        pushWhatColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().what()));
        pushProjectedColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().projected()));
        pushMeasuredColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().measured()));
        pushProjectedColumn.setCellFactory(c -> numberCell());
        pushMeasuredColumn.setCellFactory(c -> numberCell());
        pushResult.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(ScratchPush.Row row, boolean empty) {
                super.updateItem(row, empty);
                pseudoClassStateChanged(DIFFERS, !empty && row != null && row.differs());
            }
        });
        if (!ScratchPush.available()) {
            pushScratch.setDisable(true);
            pushSummary.setText("influxd is not on the PATH: install InfluxDB 1.x (apt-get install influxdb) to push to a scratch instance.");
        }
        explorer.sceneProperty().addListener((o, was, now) -> {
            if (now != null) {
                installDrop(now);
                now.windowProperty().addListener((o2, w, win) -> {
                    if (win != null) {
                        win.addEventHandler(WindowEvent.WINDOW_HIDDEN, e -> scratch.close());
                    }
                });
            }
        });
        attributes.setItems(session.attributes());
        attributes.setOnKeyPressed(e -> {
            Role role = switch (e.getCode()) {
                case T -> Role.TAG;
                case F -> Role.FIELD;
                case DELETE, BACK_SPACE -> Role.DROPPED;
                default -> null;
            };
            if (role != null && !e.isShortcutDown() && !e.isAltDown()) {
                setSelectedRole(role);
                e.consume();
            }
        });
        initEditing();
        initProjection();
        initFindings();
        initCode();
        initCanvas();
        initRecovery();
        initTargetForm();
        problems.setItems(session.problems());
        status.textProperty().bind(session.summaryProperty());
        progress.setVisible(false);
        cancel.setVisible(false);
        session.history().currentProperty().addListener((o, was, now) -> explorer.setRoot(now == null ? null : tree(now)));
        session.selectedLayoutProperty().addListener((o, was, now) -> attributesTitle.setText(now == null
            ? "Attributes" : "Attributes of " + now.eventKind() + " in layout “" + now.name() + "”"));
        explorer.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (now != null && now.getValue() instanceof Node n && n.payload() instanceof Layout l) {
                session.selectedLayoutProperty().set(l);
            }
        });
    }

    private static final PseudoClass DIFFERS = PseudoClass.getPseudoClass("differs");
    private static final PseudoClass ALARM = PseudoClass.getPseudoClass("alarm");

    private void initEditing() {
        EditHistory h = session.history();
        undoItem.textProperty().bind(h.undoTextProperty());
        redoItem.textProperty().bind(h.redoTextProperty());
        undoItem.disableProperty().bind(h.canUndoProperty().not());
        redoItem.disableProperty().bind(h.canRedoProperty().not());
        saveItem.disableProperty().bind(h.currentProperty().isNull());
        saveAsItem.disableProperty().bind(h.currentProperty().isNull());
    }

    private void initProjection() {
        horizon.getItems().setAll(HORIZONS);
        horizon.setValue("30d");
        traffic.getItems().setAll(TRAFFIC);
        traffic.setValue("x1");
        horizon.valueProperty().addListener((o, was, now) -> applySettings());
        traffic.valueProperty().addListener((o, was, now) -> applySettings());
        projectionWhatColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().what()));
        projectionNowColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().now()));
        projectionHorizonColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().atHorizon()));
        projectionWhatColumn.setCellFactory(c -> textCellWithTooltip());
        projectionNowColumn.setCellFactory(c -> textCellWithTooltip());
        projectionHorizonColumn.setCellFactory(c -> textCellWithTooltip());
        projection.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(ProjectionRows.Row row, boolean empty) {
                super.updateItem(row, empty);
                pseudoClassStateChanged(ALARM, !empty && row != null && row.alarm());
            }
        });
        LiveProjection live = session.projection();
        live.shownProperty().addListener((o, was, now) -> showProjection());
        live.staleProperty().addListener((o, was, now) -> showProjection());
        live.errorProperty().addListener((o, was, now) -> showProjection());
    }

    /** A text cell whose full text is also its tooltip, for numbers and limit names wider than the column. */
    private static <S> TableCell<S, String> textCellWithTooltip() {
        return new TableCell<>() {
            @Override
            protected void updateItem(String v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : v);
                setTooltip(empty || v == null || v.isEmpty() ? null : new Tooltip(v));
            }
        };
    }

    private void initFindings() {
        findingSeverityColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().severity().name().toLowerCase(Locale.ROOT)));
        findingSubjectColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().subject()));
        findingMessageColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().message()));
        findingFixColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().fix().title()));
        findingMessageColumn.setCellFactory(c -> textCellWithTooltip());
        findingFixColumn.setCellFactory(c -> textCellWithTooltip());
        findings.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(Finding f, boolean empty) {
                super.updateItem(f, empty);
                for (Severity s : Severity.values()) {
                    pseudoClassStateChanged(PseudoClass.getPseudoClass(s.name().toLowerCase(Locale.ROOT)), !empty && f != null && f.severity() == s);
                }
            }
        });
        session.projection().findingsProperty().addListener((o, was, now) -> {
            findings.getItems().setAll(now);
            findingsTab.setText(now.isEmpty() ? "Findings" : "Findings (" + now.size() + ")");
        });
        applyFix.setDisable(true);
        findings.getSelectionModel().selectedItemProperty().addListener((o, was, f) -> {
            applyFix.setDisable(f == null || !f.fix().applicable());
            if (f == null) {
                findingDetail.setText("Select a finding to see its evidence.");
                return;
            }
            StringBuilder text = new StringBuilder(f.rule()).append(": ");
            f.evidence().forEach(e -> text.append(e.label()).append(" = ").append(e.value()).append("; "));
            text.append(f.fix().applicable() ? "fix: " : "advice: ").append(f.fix().title());
            findingDetail.setText(text.toString());
            // the subject, when it is an attribute, is selected in the attribute table
            session.attributes().stream().filter(a -> a.name().equals(f.subject())).findFirst()
                .ifPresent(a -> attributes.getSelectionModel().select(a));
        });
    }

    private void initCanvas() {
        canvas.setOnSelectLayout(session::select);
        canvas.setOnRoleChange(c -> session.setRole(c.layoutId(), c.attribute(), c.role()));
        canvas.setOnMoveCard(session::moveCard);
        canvas.setOnRenameLayout(this::renameLayout);
        canvas.setOnDeleteLayout(this::deleteLayout);
        canvas.setOnEditMeasurement(this::editMeasurement);
        session.history().currentProperty().addListener((o, was, now) -> redrawCanvas());
        session.selectedLayoutProperty().addListener((o, was, now) -> canvas.select(now == null ? null : now.id()));
        session.openedProperty().addListener((o, was, now) -> chipInfos.clear());
        session.projection().shownProperty().addListener((o, was, shown) -> {
            if (shown != null && shown.projection() != null && !chipInfos.containsKey(shown.projection().eventKind())) {
                Map<String, AttributeInfo> infos = new HashMap<>();
                for (Projection.AttributeProjection a : shown.projection().attributes()) {
                    infos.put(a.name(), new AttributeInfo(a.type(), a.distinct(), a.growth(), shown.curves().get(a.name())));
                }
                chipInfos.put(shown.projection().eventKind(), infos);
                redrawCanvas();
            }
        });
    }

    private void redrawCanvas() {
        Layout selected = session.selectedLayoutProperty().get();
        canvas.show(session.workspace(), selected == null ? null : selected.id(), chipInfos);
    }

    /** The dark theme's sheet, added after the base sheet. */
    public static final String DARK_STYLESHEET = "/styles/dark.css";

    @FXML
    private void toggleTheme() {
        setDarkTheme(darkTheme.isSelected());
    }

    /** Switches between the light and the dark theme. */
    public void setDarkTheme(boolean dark) {
        darkTheme.setSelected(dark);
        var sheets = explorer.getScene().getRoot().getStylesheets();
        String url = java.util.Objects.requireNonNull(MainWindowController.class.getResource(DARK_STYLESHEET)).toExternalForm();
        sheets.remove(url);
        if (dark) {
            sheets.add(url);
        }
    }

    @FXML
    private void exportCanvasPng() {
        Path target = chooseExport("Export canvas as PNG", "PNG image", "*.png", ".png");
        if (target != null) {
            exportCanvasPngTo(target);
        }
    }

    @FXML
    private void exportCanvasSvg() {
        Path target = chooseExport("Export canvas as SVG", "SVG image", "*.svg", ".svg");
        if (target != null) {
            exportCanvasSvgTo(target);
        }
    }

    private Path chooseExport(String title, String kind, String pattern, String extension) {
        if (session.workspace() == null) {
            return null;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        if (session.file() != null) {
            chooser.setInitialDirectory(session.file().toAbsolutePath().getParent().toFile());
            chooser.setInitialFileName(session.file().getFileName().toString().replace(WorkspaceFiles.EXTENSION, "") + extension);
        }
        File f = chooser.showSaveDialog(explorer.getScene().getWindow());
        return f == null ? null : f.getName().endsWith(extension) ? f.toPath() : f.toPath().resolveSibling(f.getName() + extension);
    }

    /** The canvas as a PNG picture: snapshot here, file written in the background. */
    public void exportCanvasPngTo(Path target) {
        java.awt.image.BufferedImage pixels = Png.pixels(canvas.snapshotCards());
        writeInBackground(target, () -> Png.write(pixels, target));
    }

    /** The canvas as SVG, drawn from the workspace, written in the background. */
    public void exportCanvasSvgTo(Path target) {
        Workspace ws = session.workspace();
        String svg = CanvasSvg.render(ws, CanvasView.positions(ws), chipInfos);
        writeInBackground(target, () -> AtomicFiles.write(target, svg.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    /** A file write that may fail. */
    private interface Write {
        void run() throws IOException;
    }

    private void writeInBackground(Path target, Write write) {
        Tasks.<Path>create(p -> {
            write.run();
            return target;
        })
            .onSuccess(t -> session.showStatus("Wrote " + t))
            .onError(e -> {
                LOG.log(Level.WARNING, "cannot write " + target, e);
                session.showFailure("Cannot write " + target.getFileName() + ": " + e.getMessage(), List.of());
            })
            .runOn(executor);
    }

    @FXML
    private void newLayout() {
        Layout selected = session.selectedLayoutProperty().get();
        Workspace ws = session.workspace();
        if (ws == null || ws.eventKinds().isEmpty()) {
            return;
        }
        session.newLayout(selected != null ? selected.eventKind() : ws.eventKinds().get(0).name());
    }

    @FXML
    private void renameSelected() {
        Layout selected = session.selectedLayoutProperty().get();
        if (selected != null) {
            renameLayout(selected.id());
        }
    }

    @FXML
    private void deleteSelected() {
        Layout selected = session.selectedLayoutProperty().get();
        if (selected != null) {
            deleteLayout(selected.id());
        }
    }

    @FXML
    private void editSelectedMeasurement() {
        Layout selected = session.selectedLayoutProperty().get();
        if (selected != null) {
            editMeasurement(selected.id());
        }
    }

    private void renameLayout(String id) {
        session.workspace().layout(id).ifPresent(l -> ask("Rename layout", "New name for " + l.name() + ":", l.name())
            .ifPresent(name -> session.renameLayout(id, name)));
    }

    private void deleteLayout(String id) {
        String refused = session.deleteLayout(id);
        if (refused != null) {
            session.showStatus("Cannot delete: " + refused);
        }
    }

    /** Asks for the measurement name (literal, or a template such as {crop}.{region}) until it parses or is cancelled. */
    private void editMeasurement(String id) {
        Layout l = session.workspace().layout(id).orElse(null);
        String text = l == null ? null : l.measurement().pattern();
        String problem = "";
        while (l != null) {
            var answer = ask("Measurement name", problem + "Measurement of " + l.name()
                + ": a name, or a template over attributes such as {crop}.{region}", text);
            if (answer.isEmpty()) {
                return;
            }
            try {
                session.setMeasurement(id, answer.get());
                return;
            } catch (dev.cardinal.model.TemplateException e) {
                text = answer.get();
                problem = e.getMessage() + "\n\n";
            }
        }
    }

    private java.util.Optional<String> ask(String title, String question, String initial) {
        javafx.scene.control.TextInputDialog dialog = new javafx.scene.control.TextInputDialog(initial);
        dialog.setTitle(title);
        dialog.setHeaderText(null);
        dialog.setContentText(question);
        dialog.initOwner(explorer.getScene().getWindow());
        return dialog.showAndWait().map(String::strip).filter(t -> !t.isEmpty());
    }

    @FXML
    private void zoomIn() {
        canvas.zoom(1.25);
    }

    @FXML
    private void zoomOut() {
        canvas.zoom(1 / 1.25);
    }

    @FXML
    private void fitCanvas() {
        canvas.fit();
    }

    @FXML
    private void arrangeCanvas() {
        if (session.workspace() != null) {
            session.arrangeCards(canvas.arranged(session.workspace()));
        }
    }

    private void initCode() {
        codePanel.showMessage("Open a workspace to see the code for its layouts.");
        session.projection().codeProperty().addListener((o, was, c) -> {
            if (c == null) {
                codePanel.showMessage("");
            } else if (c.contents() == null) {
                codePanel.showMessage(c.problem());
            } else {
                codePanel.show(c.contents());
            }
        });
        codePanel.exportButton().setOnAction(e -> exportCode());
    }

    /** Writes the shown layout's code into a folder the user picks, as {@code cardinal generate} would. */
    private void exportCode() {
        Bundle.Contents contents = codePanel.contents();
        if (contents == null || session.file() == null) {
            return;
        }
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Export generated code into");
        chooser.setInitialDirectory(session.file().toAbsolutePath().getParent().toFile());
        File dir = chooser.showDialog(explorer.getScene().getWindow());
        if (dir != null) {
            exportCodeTo(dir.toPath());
        }
    }

    /** Writes the shown layout's code into {@code dir} in the background; the status bar says what happened. */
    public void exportCodeTo(Path dir) {
        Bundle.Contents contents = codePanel.contents();
        String source = session.file().getFileName().toString();
        Tasks.<Integer>create(p -> {
            Bundle.write(contents, dir, source, f -> { });
            return contents.artefacts().size();
        })
            .onSuccess(n -> session.showStatus("Exported " + n + " files and an index README to " + dir))
            .onError(e -> {
                LOG.log(Level.WARNING, "cannot export into " + dir, e);
                session.showFailure("Cannot export into " + dir + ": " + e.getMessage(), List.of());
            })
            .runOn(executor);
    }

    @FXML
    private void applyFix() {
        Finding f = findings.getSelectionModel().getSelectedItem();
        if (f != null) {
            session.applyFix(f);
        }
    }

    private void applySettings() {
        Duration h = Durations.parse(horizon.getValue());
        double x = Double.parseDouble(traffic.getValue().substring(1));
        session.settingsProperty().set(new ProjectionSettings(h, x, Limit.defaults()));
    }

    private void showProjection() {
        LiveProjection live = session.projection();
        LiveProjection.Shown shown = live.shownProperty().get();
        projection.pseudoClassStateChanged(STALE, live.staleProperty().get());
        seriesChart.pseudoClassStateChanged(STALE, live.staleProperty().get());
        if (live.staleProperty().get()) {
            projectionStatus.setText("Recomputing…");
            return;
        }
        if (live.errorProperty().get() != null) {
            projectionStatus.setText(live.errorProperty().get());
            return;
        }
        if (shown == null) {
            return;
        }
        if (shown.projection() == null) {
            projection.getItems().clear();
            seriesChart.show(null);
            projectionStatus.setText(shown.message());
            return;
        }
        Projection p = shown.projection();
        projection.getItems().setAll(ProjectionRows.of(p));
        seriesChart.show(p);
        projectionStatus.setText(String.format(Locale.ROOT, "%s in layout “%s”: %s series, %s over the sample (%d ms)",
            p.eventKind(), p.layout().name(), Quantities.count(p.now().series()), p.estimate() == null ? "exact" : "estimated",
            shown.took().toMillis()));
    }

    private static final PseudoClass STALE = PseudoClass.getPseudoClass("stale");

    private void setSelectedRole(Role role) {
        AttributeRow row = attributes.getSelectionModel().getSelectedItem();
        if (row == null) {
            return;
        }
        int index = attributes.getSelectionModel().getSelectedIndex();
        session.setRole(row.name(), role);
        attributes.getSelectionModel().select(index);
    }

    @FXML
    private void makeTag() {
        setSelectedRole(Role.TAG);
    }

    @FXML
    private void makeField() {
        setSelectedRole(Role.FIELD);
    }

    @FXML
    private void dropAttribute() {
        setSelectedRole(Role.DROPPED);
    }

    @FXML
    private void undo() {
        session.history().undo();
    }

    @FXML
    private void redo() {
        session.history().redo();
    }

    @FXML
    private void save() {
        if (session.file() == null) {
            return;
        }
        try {
            session.save();
            Path file = session.file();
            executor.execute(() -> recovery.discard(file));
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot save " + session.file(), e);
            session.showFailure("Cannot save " + session.file().getFileName() + ": " + e.getMessage(), List.of());
        }
    }

    @FXML
    private void saveAs() {
        if (session.workspace() == null) {
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save workspace as");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Cardinal workspace", "*.cardinal.json"));
        if (session.file() != null) {
            chooser.setInitialDirectory(session.file().toAbsolutePath().getParent().toFile());
            chooser.setInitialFileName(session.file().getFileName().toString());
        }
        File f = chooser.showSaveDialog(explorer.getScene().getWindow());
        if (f == null) {
            return;
        }
        Path target = f.getName().endsWith(WorkspaceFiles.EXTENSION) ? f.toPath()
            : f.toPath().resolveSibling(f.getName() + WorkspaceFiles.EXTENSION);
        try {
            session.saveAs(target);
            executor.execute(() -> {
                recovery.discard(target);
                try {
                    recovery.remember(target);
                } catch (IOException e) {
                    LOG.log(Level.WARNING, "cannot update the recent files", e);
                }
            });
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot save " + target, e);
            session.showFailure("Cannot save " + target.getFileName() + ": " + e.getMessage(), List.of());
        }
    }

    /**
     * Asks what to do with unsaved edits before they would be lost: save them, discard them, or cancel.
     *
     * @return true when it is fine to go on
     */
    public boolean confirmDiscard() {
        if (!session.history().isDirty()) {
            return true;
        }
        ButtonType saveButton = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Discard Changes", ButtonBar.ButtonData.NO);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, "The workspace has unsaved changes.", saveButton, discard, ButtonType.CANCEL);
        alert.setHeaderText("Save changes to " + session.file().getFileName() + "?");
        alert.initOwner(explorer.getScene().getWindow());
        ButtonType answer = alert.showAndWait().orElse(ButtonType.CANCEL);
        if (answer == saveButton) {
            save();
            return !session.history().isDirty();
        }
        if (answer == discard) {
            Path file = session.file();
            executor.execute(() -> recovery.discard(file));
            return true;
        }
        return false;
    }

    private static <S> TableCell<S, Long> numberCell() {
        return new TableCell<>() {
            @Override
            protected void updateItem(Long v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : v < 0 ? "—" : String.format(Locale.ROOT, "%,d", v));
            }
        };
    }

    private void initTargetForm() {
        session.history().currentProperty().addListener((o, was, ws) -> {
            forgetPlan();
            if (ws != null && targetUrl.getText().isBlank()) {
                ws.targets().stream().filter(t -> t.kind() == dev.cardinal.model.Target.Kind.INFLUXDB_1).findFirst().ifPresent(t -> {
                    targetUrl.setText(t.url());
                    targetDatabase.setText(t.database() == null ? "" : t.database());
                });
            }
        });
        session.selectedLayoutProperty().addListener((o, was, now) -> forgetPlan());
        for (TextField f : new TextField[] {targetUrl, targetDatabase, targetUser, targetPassword}) {
            f.textProperty().addListener((o, was, now) -> forgetPlan());
        }
        targetInsecure.selectedProperty().addListener((o, was, now) -> {
            forgetPlan();
            targetInsecure.pseudoClassStateChanged(PseudoClass.getPseudoClass("warning"), now);
            if (now) {
                pushSummary.setText("Warning: TLS verification is off; the server's certificate is not checked.");
            }
        });
    }

    private void forgetPlan() {
        planned = null;
        applyTarget.setDisable(true);
    }

    /** The client the form describes; the password goes to the client and nowhere else. */
    private InfluxV1Client targetClient() {
        InfluxV1Client client = InfluxV1Client.of(java.net.URI.create(targetUrl.getText().strip()));
        if (!targetUser.getText().isBlank()) {
            client = client.withBasicAuth(targetUser.getText().strip(), targetPassword.getText().toCharArray());
        }
        return targetInsecure.isSelected() ? client.withoutTlsVerification() : client;
    }

    /** Reads the instance's state and shows what Apply would do; nothing changes on the server. */
    @FXML
    private void planTarget() {
        Layout layout = session.selectedLayoutProperty().get();
        Workspace ws = session.workspace();
        bottomTabs.getSelectionModel().select(pushTab);
        if (ws == null || layout == null) {
            pushSummary.setText("Open a workspace and select a layout first.");
            return;
        }
        if (targetUrl.getText().isBlank() || targetDatabase.getText().isBlank()) {
            pushSummary.setText("Give the instance's URL and a database.");
            return;
        }
        InfluxV1Client client;
        try {
            client = targetClient();
        } catch (IllegalArgumentException e) {
            pushSummary.setText("Not a URL: " + e.getMessage());
            return;
        }
        String db = targetDatabase.getText().strip();
        planTarget.setDisable(true);
        forgetPlan();
        Tasks.<ScratchPush.Planned>create(p -> ScratchPush.plan(client, db, ws, layout))
            .onSuccess(pl -> {
                planned = pl;
                planText.setText(pl.plan().text());
                applyTarget.setDisable(false);
                pushSummary.setText("Planned " + layout.name() + " on " + pl.push().target() + (targetInsecure.isSelected()
                    ? " (warning: TLS verification is off)" : "") + ". Apply runs the steps that change nothing destructively.");
            })
            .onError(e -> {
                LOG.log(Level.WARNING, "plan failed", e);
                planText.clear();
                pushSummary.setText("Plan failed: " + e.getMessage());
            })
            .andFinally(() -> planTarget.setDisable(false))
            .runOn(executor);
    }

    /** Applies the shown plan and, when asked, writes the sample and compares. */
    @FXML
    private void applyTarget() {
        ScratchPush.Planned pl = planned;
        if (pl == null) {
            return;
        }
        var sample = session.openedProperty().get() == null ? java.util.Optional.<dev.cardinal.traffic.EventKindSample>empty()
            : session.openedProperty().get().sample().eventKind(pl.layout().eventKind());
        boolean write = targetWriteSample.isSelected();
        if (write && sample.isEmpty()) {
            pushSummary.setText("The sample has no " + pl.layout().eventKind() + " traffic to write.");
            return;
        }
        applyTarget.setDisable(true);
        pushResult.getItems().clear();
        Task<ScratchPush.Result> job = Tasks.<ScratchPush.Result>create(p -> ScratchPush.apply(pl, sample.orElse(null), write, p))
            .onSuccess(r -> {
                pushSummary.textProperty().unbind();
                pushSummary.setText(r.summary());
                pushResult.getItems().setAll(r.rows());
            })
            .onError(e -> {
                LOG.log(Level.WARNING, "apply failed", e);
                pushSummary.textProperty().unbind();
                pushSummary.setText("Apply failed: " + e.getMessage());
            })
            .andFinally(() -> {
                pushSummary.textProperty().unbind();
                forgetPlan();
            })
            .runOn(executor);
        pushSummary.textProperty().bind(job.messageProperty());
    }

    /**
     * Pushes the selected layout to the scratch influxd in the background (starting it the first time) and shows
     * projected beside measured.
     */
    @FXML
    private void pushToScratch() {
        WorkspaceOpener.Opened opened = session.openedProperty().get();
        Layout layout = session.selectedLayoutProperty().get();
        bottomTabs.getSelectionModel().select(pushTab);
        if (opened == null || layout == null) {
            pushSummary.setText("Open a workspace and select a layout first.");
            return;
        }
        var sample = opened.sample().eventKind(layout.eventKind());
        if (sample.isEmpty()) {
            pushSummary.setText("The sample has no " + layout.eventKind() + " traffic to write.");
            return;
        }
        pushScratch.setDisable(true);
        pushResult.getItems().clear();
        Task<ScratchPush.Result> job = Tasks.<ScratchPush.Result>create(p -> scratch.push(session.workspace(), layout, sample.get(), p))
            .onSuccess(r -> {
                pushSummary.textProperty().unbind();
                pushSummary.setText(r.summary());
                pushResult.getItems().setAll(r.rows());
            })
            .onError(e -> {
                LOG.log(Level.WARNING, "push to the scratch influxd failed", e);
                pushSummary.textProperty().unbind();
                pushSummary.setText("Push failed: " + e.getMessage());
            })
            .andFinally(() -> {
                pushSummary.textProperty().unbind();
                pushScratch.setDisable(false);
            })
            .runOn(executor);
        pushSummary.textProperty().bind(job.messageProperty());
    }

    /** Opens a workspace in the background; the window stays responsive and the read can be cancelled. */
    public void open(Path file) {
        if (!confirmDiscard()) {
            return;
        }
        read(monitor -> WorkspaceOpener.open(file, SampleLimits.defaults(), monitor), opened -> {
            session.show(opened);
            afterOpen(opened);
        }, e -> {
            LOG.log(Level.WARNING, "cannot open " + file, e);
            if (e instanceof WorkspaceFormatException wfe) {
                session.showFailure("Cannot open " + file.getFileName() + ": the file has problems",
                    wfe.problems().stream().map(Object::toString).toList());
            } else {
                session.showFailure("Cannot open " + file.getFileName() + ": " + e.getMessage(), List.of());
            }
        });
    }

    /**
     * Adds traffic files to the open workspace (or makes a workspace from them beside the first file) and reads the
     * whole sample again in the background, cancellable; bad lines go to the problems list.
     */
    public void addSamples(List<Path> files) {
        if (files.isEmpty()) {
            return;
        }
        Workspace ws = session.workspace();
        Path file = ws != null && session.file() != null ? session.file()
            : files.get(0).toAbsolutePath().resolveSibling(SchemaInference.slug(files.get(0).getFileName().toString()
                .replaceAll("(\\.gz)?$", "").replaceAll("\\.[^.]*$", "")) + WorkspaceFiles.EXTENSION);
        String what = files.size() == 1 ? "add sample " + files.get(0).getFileName() : "add " + files.size() + " sample files";
        read(monitor -> WorkspaceOpener.addSamples(file, ws, files, SampleLimits.defaults(), monitor),
            opened -> {
                session.showAdded(opened, what);
                bottomTabs.getSelectionModel().select(0);
            },
            e -> {
                LOG.log(Level.WARNING, "cannot read " + files, e);
                session.showFailure("Cannot " + what + ": " + e.getMessage(), List.of());
            });
    }

    /** Reads in the background with progress in the status bar and a Cancel button; one read at a time. */
    private void read(ReadJob job, java.util.function.Consumer<WorkspaceOpener.Opened> done,
                      java.util.function.Consumer<Throwable> failed) {
        if (running != null) {
            running.cancel();
        }
        progress.setVisible(true);
        cancel.setVisible(true);
        status.textProperty().unbind();
        running = Tasks.<WorkspaceOpener.Opened>create(p -> job.run(new ReadMonitor() {
                @Override
                public void progress(String name, long done, long total) {
                    p.update(total > 0 ? (double) done / total : -1, "Reading " + Path.of(name).getFileName() + "…");
                }

                @Override
                public boolean cancelled() {
                    return p.cancelled();
                }
            }))
            .onSuccess(done)
            .onError(failed)
            .andFinally(() -> {
                progress.progressProperty().unbind();
                progress.setVisible(false);
                cancel.setVisible(false);
                status.textProperty().bind(session.summaryProperty());
                running = null;
            })
            .runOn(executor);
        progress.progressProperty().bind(running.progressProperty());
        status.textProperty().bind(running.messageProperty());
    }

    /** A read that reports to a monitor. */
    private interface ReadJob {
        WorkspaceOpener.Opened run(ReadMonitor monitor) throws Exception;
    }

    @FXML
    private void addSampleFiles() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Add sample traffic");
        chooser.getExtensionFilters().addAll(
            new FileChooser.ExtensionFilter("Traffic (line protocol, CSV, NDJSON, gzipped)", "*.lp", "*.txt", "*.csv", "*.ndjson",
                "*.jsonl", "*.gz"),
            new FileChooser.ExtensionFilter("All files", "*"));
        List<File> files = chooser.showOpenMultipleDialog(explorer.getScene().getWindow());
        if (files != null) {
            addSamples(files.stream().map(File::toPath).toList());
        }
    }

    /** Files dropped on the window: a workspace is opened, traffic files are added. */
    private void installDrop(javafx.scene.Scene scene) {
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(javafx.scene.input.TransferMode.COPY);
            }
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            List<Path> files = e.getDragboard().hasFiles() ? e.getDragboard().getFiles().stream().map(File::toPath).toList() : List.of();
            List<Path> workspaces = files.stream().filter(f -> f.getFileName().toString().endsWith(WorkspaceFiles.EXTENSION)).toList();
            e.setDropCompleted(!files.isEmpty());
            e.consume();
            if (!workspaces.isEmpty()) {
                open(workspaces.get(0));
            } else {
                addSamples(files);
            }
        });
    }

    @FXML
    private void openWorkspace() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open workspace");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Cardinal workspace", "*.cardinal.json"));
        File f = chooser.showOpenDialog(explorer.getScene().getWindow());
        if (f != null) {
            open(f.toPath());
        }
    }

    @FXML
    private void cancelRead() {
        if (running != null) {
            running.cancel();
        }
    }

    @FXML
    private void quit() {
        if (confirmDiscard()) {
            explorer.getScene().getWindow().hide();
        }
    }

    /** A tree node: what it shows and what it stands for. */
    record Node(String label, Object payload) {
        @Override
        public String toString() {
            return label;
        }
    }

    private static TreeItem<Object> item(String label, Object payload) {
        TreeItem<Object> t = new TreeItem<>(new Node(label, payload));
        t.setExpanded(true);
        return t;
    }

    private static TreeItem<Object> tree(Workspace ws) {
        TreeItem<Object> root = item(ws.name(), ws);
        TreeItem<Object> kinds = item("Event kinds", null);
        for (EventKind k : ws.eventKinds()) {
            TreeItem<Object> kind = item(k.name(), k);
            k.attributes().forEach(a -> kind.getChildren().add(item(a.name() + " : " + a.type().id(), a)));
            kind.setExpanded(false);
            kinds.getChildren().add(kind);
        }
        TreeItem<Object> layouts = item("Layouts", null);
        for (Layout l : ws.layouts()) {
            TreeItem<Object> layout = item(l.name() + "  (" + l.eventKind() + ")", l);
            layout.getChildren().add(item("measurement " + l.measurement().pattern(), null));
            for (TagSpec t : l.tags()) {
                layout.getChildren().add(item("tag " + (t.isPlain() ? t.key() : t.key() + " = " + t.value().pattern()), null));
            }
            for (FieldSpec f : l.fields()) {
                layout.getChildren().add(item("field " + (f.isPlain() ? f.attribute() : f.key().pattern() + " = " + f.attribute()), null));
            }
            layout.getChildren().add(item("retention " + l.retention().name() + " " + Durations.format(l.retention().duration())
                + ", shard groups " + Durations.format(l.retention().effectiveShardGroupDuration()), null));
            layout.setExpanded(false);
            layouts.getChildren().add(layout);
        }
        TreeItem<Object> samples = item("Samples", null);
        for (SampleBinding s : ws.samples()) {
            samples.getChildren().add(item(s.path() + "  (" + s.format().id() + ")", s));
        }
        TreeItem<Object> rollups = item("Rollups", null);
        for (Rollup r : ws.rollups()) {
            rollups.getChildren().add(item(r.name() + "  → " + r.destination().name() + " every " + Durations.format(r.window()), r));
        }
        TreeItem<Object> targets = item("Targets", null);
        for (Target t : ws.targets()) {
            targets.getChildren().add(item(t.name() + "  " + t.url(), t));
        }
        root.getChildren().addAll(List.of(kinds, layouts, samples, rollups, targets));
        return root;
    }
}
