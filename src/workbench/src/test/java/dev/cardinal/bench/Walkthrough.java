package dev.cardinal.bench;

import dev.cardinal.model.Role;
import dev.cardinal.ui.WorkbenchApp;
import dev.cardinal.ui.shell.WorkbenchSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

/**
 * The workbench as a new user goes through it, in a real window under a display (run it with {@code xvfb-run}), at
 * each window size given: the start page, a sample scenario opened, a chip's context menu, a tag made a field, the
 * findings and a fix applied, the generated code, Compare, the attribute table, a duplicated layout, the dark theme,
 * Help. Each step writes a screenshot of the whole screen ({@code import -window root}, so menus and popups are in
 * it) to {@code target/walkthrough/WxH/NN-step.png}, and says when a step does not reach what it waits for.
 *
 * <p>Run: {@code xvfb-run -a -s "-screen 0 1600x1000x24" mvn -q -DskipTests -Pbench test-compile exec:exec
 * -Dbench.main=dev.cardinal.bench.Walkthrough -Dbench=1280x800,1600x1000}
 */
public final class Walkthrough {
    private final Stage stage;
    private final WorkbenchApp.Window window;
    private final Path out;
    private int step;

    private Walkthrough(Stage stage, WorkbenchApp.Window window, Path out) {
        this.stage = stage;
        this.window = window;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        List<String> sizes = args.length > 0 ? List.of(args[0].split(",")) : List.of("1280x800", "1600x1000");
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        Platform.setImplicitExit(false);
        List<String> failures = new ArrayList<>();
        for (String size : sizes) {
            String[] wh = size.split("x");
            Path home = Files.createTempDirectory("cardinal-walkthrough-home");
            System.setProperty("cardinal.home", home.toString());
            ExecutorService executor = WorkbenchApp.backgroundExecutor();
            CompletableFuture<Walkthrough> ready = new CompletableFuture<>();
            Path out = Path.of("target", "walkthrough", size);
            Files.createDirectories(out);
            Platform.runLater(() -> {
                Stage stage = new Stage();
                WorkbenchSettings s = WorkbenchSettings.defaults().withWindow(
                    List.of(0.0, 0.0, Double.parseDouble(wh[0]), Double.parseDouble(wh[1])), false);
                WorkbenchApp.showInto(stage, executor, s, w -> ready.complete(new Walkthrough(stage, w, out)));
            });
            Walkthrough w = ready.get(60, TimeUnit.SECONDS);
            try {
                w.run(failures);
            } finally {
                Platform.runLater(w.stage::close);
                executor.shutdownNow();
            }
        }
        System.out.println(failures.isEmpty() ? "walkthrough: every step reached what it waited for"
            : "walkthrough: " + failures.size() + " steps did not: " + failures);
        Platform.exit();
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    private void run(List<String> failures) throws Exception {
        shot("start-page", () -> lookup("#startPage") != null && lookup("#startPage").isVisible(), failures);
        fx(() -> ((javafx.scene.control.Button) lookup("#scenario-ad-marketplace")).fire());
        shot("scenario-opened", () -> window.session().projection().shownProperty().get() != null
            && window.session().projection().shownProperty().get().projection() != null
            && lookup("#chip-ids-as-tags-user_id .chip-distinct") != null, failures);
        fx(() -> {
            Node chip = lookup("#chip-ids-as-tags-session_id");
            var at = chip.localToScreen(chip.getBoundsInLocal());
            chip.fireEvent(new javafx.scene.input.ContextMenuEvent(javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                5, 5, at.getMinX() + 5, at.getMinY() + 5, false, null));
        });
        shot("chip-menu", () -> javafx.stage.Window.getWindows().stream().anyMatch(x -> x instanceof javafx.scene.control.ContextMenu && x.isShowing()),
            failures);
        fx(() -> javafx.stage.Window.getWindows().stream().filter(x -> x instanceof javafx.scene.control.ContextMenu).toList()
            .forEach(javafx.stage.Window::hide));
        fx(() -> window.session().edits().setRole("ids-as-tags", "session_id", Role.FIELD));
        shot("tag-made-a-field", () -> !window.session().projection().staleProperty().get()
            && window.session().projection().shownProperty().get().projection().now().series() == 12_910, failures);
        fx(() -> bottomTab("Findings"));
        shot("findings", () -> !window.session().projection().findingsProperty().get().isEmpty(), failures);
        fx(() -> {
            var fix = window.session().projection().findingsProperty().get().stream().filter(f -> f.fix().applicable()).findFirst();
            fix.ifPresent(window.session()::applyFix);
        });
        shot("fix-applied", () -> !window.session().projection().staleProperty().get(), failures);
        fx(() -> bottomTab("Code"));
        shot("code", () -> lookup("#code-influxql") != null, failures);
        fx(() -> window.session().history().undo());
        fx(() -> window.session().history().undo());
        fx(() -> topTab("Compare"));
        fx(() -> ((javafx.scene.control.Button) lookup("#compareButton")).fire());
        shot("compare", () -> lookup("#exportMarkdown") != null && !lookup("#exportMarkdown").isDisabled(), failures);
        fx(() -> topTab("Attributes"));
        shot("attributes", () -> true, failures);
        fx(() -> topTab("Canvas"));
        fx(() -> window.session().edits().duplicateLayout("ids-as-tags"));
        shot("layout-duplicated", () -> lookup("#card-ids-as-tags-copy") != null, failures);
        fx(() -> window.controller().setDarkTheme(true));
        shot("dark-theme", () -> true, failures);
        fx(() -> topTab("Compare"));
        shot("compare-dark", () -> true, failures);
        fx(() -> {
            topTab("Canvas");
            window.controller().setDarkTheme(false);
            dev.cardinal.ui.help.Help.showGuide(stage);
        });
        shot("user-guide", () -> javafx.stage.Window.getWindows().size() > 1, failures);
    }

    private Node lookup(String selector) {
        return stage.getScene().lookup(selector);
    }

    private void topTab(String text) {
        tab((TabPane) lookup("#topTabs"), text);
    }

    private void bottomTab(String text) {
        tab((TabPane) lookup("#bottomTabs"), text);
    }

    private static void tab(TabPane tabs, String prefix) {
        tabs.getTabs().stream().filter(t -> t.getText().startsWith(prefix)).findFirst().ifPresent(t -> tabs.getSelectionModel().select(t));
    }

    private static void fx(Runnable r) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                r.run();
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        done.get(30, TimeUnit.SECONDS);
    }

    /** Waits (up to 30 s) for {@code reached}, lets the window draw, and writes the screen; a step that times out is named. */
    private void shot(String name, BooleanSupplier reached, List<String> failures) throws Exception {
        step++;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        boolean ok = false;
        while (System.nanoTime() < deadline) {
            CompletableFuture<Boolean> check = new CompletableFuture<>();
            Platform.runLater(() -> {
                try {
                    check.complete(reached.getAsBoolean());
                } catch (RuntimeException e) {
                    check.complete(false);
                }
            });
            if (check.get(10, TimeUnit.SECONDS)) {
                ok = true;
                break;
            }
            Thread.sleep(100);
        }
        if (!ok) {
            failures.add(out.getFileName() + "/" + name);
        }
        Thread.sleep(600); // the frames after a change: layout, then paint
        Path file = out.resolve(String.format(Locale.ROOT, "%02d-%s.png", step, name));
        screen(file);
        System.out.println((ok ? "  " : "  (not reached) ") + file);
    }

    /** The whole screen as the display shows it (menus and dialogs too); the scene alone where there is no import. */
    private void screen(Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("import", "-window", "root", file.toString()).redirectErrorStream(true).start();
        if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) {
            return;
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                dev.cardinal.ui.common.Png.write(dev.cardinal.ui.common.Png.pixels(stage.getScene().snapshot(null)), file);
                done.complete(null);
            } catch (IOException e) {
                done.completeExceptionally(e);
            }
        });
        try {
            done.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IOException("cannot write " + file, e);
        }
    }
}
