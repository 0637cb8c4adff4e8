package dev.cardinal.ui;

import dev.cardinal.projection.Limit;
import dev.cardinal.ui.attributes.AttributesPanelController;
import dev.cardinal.ui.canvas.CanvasPanelController;
import dev.cardinal.ui.code.CodeTabController;
import dev.cardinal.ui.common.ControllerFactory;
import dev.cardinal.ui.common.FxmlView;
import dev.cardinal.ui.findings.FindingsPanelController;
import dev.cardinal.ui.projection.ProjectionPanelController;
import dev.cardinal.ui.push.PushPanelController;
import dev.cardinal.ui.session.WorkspaceSession;
import dev.cardinal.ui.shell.ExplorerController;
import dev.cardinal.ui.shell.MainWindowController;
import dev.cardinal.ui.shell.Recovery;
import dev.cardinal.ui.shell.RecoveryBarController;
import dev.cardinal.ui.shell.SettingsFile;
import dev.cardinal.ui.shell.WorkbenchSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;

/** The JavaFX workbench. Its single optional argument is a workspace file to open. */
public final class WorkbenchApp extends Application {
    public static final String STYLESHEET = "/styles/cardinal.css";

    /** The window's size when none is remembered (a common laptop screen), within the screen. */
    static final double DEFAULT_WIDTH = 1366;
    static final double DEFAULT_HEIGHT = 768;

    private dev.cardinal.ui.common.Lanes.Owned lanes;
    private Window window;
    private WorkbenchSettings settings = WorkbenchSettings.defaults();
    private java.nio.file.Path home;

    /** The window's parts, for tests that build it on their own stage. */
    public record Window(Parent root, MainWindowController controller, WorkspaceSession session) {
    }

    /** The window with one executor for all its background work. */
    public static Window build(java.util.concurrent.Executor executor) {
        return build(dev.cardinal.ui.common.Lanes.one(executor));
    }

    /** The window with its background work in {@code lanes}. */
    public static Window build(dev.cardinal.ui.common.Lanes lanes) {
        WorkspaceSession session = new WorkspaceSession(javafx.application.Platform::runLater);
        Recovery recovery = new Recovery(Recovery.defaultHome());
        MainWindowController[] controller = new MainWindowController[1];
        ControllerFactory factory = new ControllerFactory()
            .register(MainWindowController.class, () -> controller[0] = new MainWindowController(session, lanes, recovery))
            .register(ExplorerController.class, () -> new ExplorerController(session))
            .register(CanvasPanelController.class, () -> new CanvasPanelController(session, lanes.files()))
            .register(AttributesPanelController.class, () -> new AttributesPanelController(session))
            .register(ProjectionPanelController.class, () -> new ProjectionPanelController(session))
            .register(FindingsPanelController.class, () -> new FindingsPanelController(session))
            .register(CodeTabController.class, () -> new CodeTabController(session, lanes.files()))
            .register(PushPanelController.class, () -> new PushPanelController(session, lanes.network()))
            .register(dev.cardinal.ui.engines.EnginesPanelController.class,
                () -> new dev.cardinal.ui.engines.EnginesPanelController(session, lanes.reads()))
            .register(dev.cardinal.ui.compare.ComparePanelController.class, () -> new dev.cardinal.ui.compare.ComparePanelController(session, lanes))
            .register(dev.cardinal.ui.capture.CapturePanelController.class, () -> new dev.cardinal.ui.capture.CapturePanelController(session, lanes))
            .register(RecoveryBarController.class, () -> new RecoveryBarController(session, lanes.files(), recovery))
            .register(dev.cardinal.ui.start.StartPageController.class, dev.cardinal.ui.start.StartPageController::new)
            .register(dev.cardinal.ui.shell.MenuBarController.class, () -> new dev.cardinal.ui.shell.MenuBarController(session));
        Parent root = factory.load(FxmlView.MAIN_WINDOW);
        dev.cardinal.ui.common.ErrorDialog.catchOnThisThread(() -> root.getScene() == null ? null : root.getScene().getWindow());
        root.getStylesheets().add(Objects.requireNonNull(WorkbenchApp.class.getResource(STYLESHEET)).toExternalForm());
        return new Window(root, controller[0], session);
    }

    public static ExecutorService backgroundExecutor() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "cardinal-background");
            t.setDaemon(true);
            return t;
        });
    }

    /** Reads the remembered settings before the toolkit needs them (off the FX thread). */
    @Override
    public void init() {
        home = Recovery.defaultHome();
        settings = SettingsFile.load(home);
    }

    @Override
    public void start(Stage stage) {
        lanes = dev.cardinal.ui.common.Lanes.start();
        // a scratch influxd of a workbench killed earlier, and its data, go at this start
        lanes.files().execute(dev.cardinal.ui.push.ScratchPush::removeLeftovers);
        List<String> args = getParameters().getRaw();
        showInto(stage, lanes.lanes(), settings, w -> {
            window = w;
            SettingsKeeper keeper = new SettingsKeeper(stage, w, settings, home, lanes.files());
            keeper.start();
            // the window closes once unsaved edits are saved (on the files lane) or discarded, never while asked
            stage.setOnCloseRequest(e -> {
                e.consume();
                w.controller().requestClose(() -> {
                    keeper.keepAtClose();
                    stage.close();
                });
            });
            if (!args.isEmpty()) {
                w.controller().open(Path.of(args.get(0)));
            }
        });
    }

    /**
     * Shows the window's frame at once, in the theme's colour with a line saying the workbench is starting, and builds
     * the workbench into it on the next pulse: no blank window while the views load, none white.
     *
     * @param built gets the workbench once it is in the window
     */
    public static void showInto(Stage stage, java.util.concurrent.Executor executor, WorkbenchSettings settings,
                                java.util.function.Consumer<Window> built) {
        showInto(stage, dev.cardinal.ui.common.Lanes.one(executor), settings, built);
    }

    /** See {@link #showInto(Stage, java.util.concurrent.Executor, WorkbenchSettings, java.util.function.Consumer)}. */
    public static void showInto(Stage stage, dev.cardinal.ui.common.Lanes lanes, WorkbenchSettings settings,
                                java.util.function.Consumer<Window> built) {
        javafx.scene.control.Label starting = new javafx.scene.control.Label("Starting Cardinal…");
        starting.setTextFill(javafx.scene.paint.Color.web(settings.darkTheme() ? "#a8a09d" : "#6b6462"));
        String surface = settings.darkTheme() ? "#1e1c1b" : "#fbfaf9";
        javafx.scene.layout.StackPane frame = new javafx.scene.layout.StackPane(starting);
        frame.setStyle("-fx-background-color: " + surface + ";");
        Scene scene = new Scene(frame);
        scene.setFill(javafx.scene.paint.Color.web(surface));
        stage.setTitle("Cardinal");
        stage.setScene(scene);
        place(stage, settings);
        stage.show();
        Milestones.reached("window's frame shown");
        javafx.application.Platform.runLater(() -> {
            Window w = build(lanes);
            stage.titleProperty().bind(w.session().titleProperty());
            scene.setRoot(w.root());
            w.controller().apply(settings);
            built.accept(w);
            Milestones.reached("workbench built");
        });
    }

    /**
     * The remembered place and size when they are on a screen now, else the default size (within the screen) in the
     * middle of the primary screen.
     */
    static void place(Stage stage, WorkbenchSettings s) {
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        List<Double> at = s.window();
        if (at != null && !javafx.stage.Screen.getScreensForRectangle(at.get(0), at.get(1), at.get(2), at.get(3)).isEmpty()) {
            stage.setX(at.get(0));
            stage.setY(at.get(1));
            stage.setWidth(at.get(2));
            stage.setHeight(at.get(3));
        } else {
            stage.setWidth(Math.min(DEFAULT_WIDTH, screen.getWidth()));
            stage.setHeight(Math.min(DEFAULT_HEIGHT, screen.getHeight()));
            stage.centerOnScreen();
        }
        stage.setMaximized(s.maximized());
    }

    @Override
    public void stop() {
        if (window != null) {
            window.session().close();
        }
        if (lanes != null) {
            lanes.shutdownNow();
        }
    }

    public static void launchWith(String... args) {
        // the first window needs them and Jackson (for the workspace) but not the toolkit: overlap the toolkit's start
        dev.cardinal.engines.ServerFor.loadInBackground();
        // the workspace and its sample are read on the other core while the toolkit starts and the window is built
        if (args.length > 0) {
            dev.cardinal.ui.session.EarlyRead.start(Path.of(args[0]));
        }
        Application.launch(WorkbenchApp.class, args);
    }
}
