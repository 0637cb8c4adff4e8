package dev.cardinal.bench;

import dev.cardinal.cli.Main;
import dev.cardinal.projection.Limit;
import dev.cardinal.ui.WorkbenchApp;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * How the workbench feels, measured on a real window (run it under a display, e.g. {@code xvfb-run -a}):
 * <ol>
 * <li>cold start: from the JVM's start to the window showing the 20,000-point ad marketplace sample projected;</li>
 * <li>the FX thread while an N-point sample loads: a watchdog thread posts a probe to the FX thread every 5 ms and
 * records how long each waits; the longest wait is the worst stall;</li>
 * <li>a role toggle on the N-point sample: from the edit to the new numbers on screen.</li>
 * </ol>
 * Run: xvfb-run -a mvn -q -DskipTests -Pbench test-compile exec:exec -Dbench.main=dev.cardinal.bench.WorkbenchResponsiveness -Dbench=1000000
 */
public final class WorkbenchResponsiveness {
    private WorkbenchResponsiveness() {
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 && args[0].matches("\\d+") ? Long.parseLong(args[0]) : 1_000_000;
        Path small = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json").toAbsolutePath();

        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        CountDownLatch started = new CountDownLatch(1);
        dev.cardinal.engines.ServerFor.loadInBackground(); // as WorkbenchApp.launchWith does
        Platform.startup(started::countDown);
        started.await();
        ExecutorService executor = WorkbenchApp.backgroundExecutor();
        WorkbenchApp.Window[] window = new WorkbenchApp.Window[1];
        CountDownLatch firstProjection = new CountDownLatch(1);
        long[] shownAt = new long[1];
        long[] builtAt = new long[1];
        String[] firstFrame = new String[1];
        Platform.runLater(() -> {
            Stage stage = new Stage();
            // as WorkbenchApp.start: the frame first, the workbench built into it on the next pulse
            WorkbenchApp.showInto(stage, executor, dev.cardinal.ui.shell.WorkbenchSettings.defaults(), w -> {
                window[0] = w;
                builtAt[0] = System.currentTimeMillis();
                w.session().projection().shownProperty().addListener((o, was, now) -> {
                    if (now != null && now.projection() != null) {
                        firstProjection.countDown();
                    }
                });
                w.controller().open(small);
            });
            shownAt[0] = System.currentTimeMillis();
            // what the first frame is painted with: the scene drawn as it is when the window first shows
            javafx.scene.image.WritableImage frame = stage.getScene().snapshot(null);
            firstFrame[0] = frame.getPixelReader().getColor(2, 2).toString();
        });
        if (!firstProjection.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("no projection within 60 s");
        }
        long projectedAt = System.currentTimeMillis();
        System.out.printf(Locale.ROOT, "cold start: window shown %,d ms (its first frame %s, white is 0xffffffff), the workbench in it %,d ms"
            + " and the 20,000-point sample projected %,d ms after the JVM started%n",
            shownAt[0] - jvmStart, firstFrame[0], builtAt[0] - jvmStart, projectedAt - jvmStart);

        Path dir = Files.createTempDirectory("cardinal-bench-ui");
        Main.run("sample-data", "ad-marketplace", "--rows", Long.toString(rows), "-o", dir.toString());
        Path big = dir.resolve("ad-marketplace/ad-marketplace.cardinal.json");

        // the FX thread while the big sample loads and is projected
        List<Long> waits = Collections.synchronizedList(new ArrayList<>());
        AtomicLong running = new AtomicLong(1);
        AtomicLong loadStart = new AtomicLong(System.nanoTime());
        Thread watchdog = new Thread(() -> {
            while (running.get() == 1) {
                long posted = System.nanoTime();
                CountDownLatch ran = new CountDownLatch(1);
                Platform.runLater(() -> {
                    long wait = System.nanoTime() - posted;
                    waits.add(wait);
                    if (wait > 50_000_000L) {
                        System.out.printf(Locale.ROOT, "  stall of %.0f ms ending %.0f ms into the load (%s)%n", wait / 1e6,
                            (System.nanoTime() - loadStart.get()) / 1e6, java.time.LocalTime.now());
                    }
                    ran.countDown();
                });
                try {
                    ran.await();
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "fx-watchdog");
        CountDownLatch bigProjected = new CountDownLatch(1);
        Platform.runLater(() -> {
            window[0].session().projection().shownProperty().addListener((o, was, now) -> {
                if (now != null && now.projection() != null && now.projection().now().points() == rows) {
                    bigProjected.countDown();
                }
            });
        });
        long t0 = System.nanoTime();
        loadStart.set(t0);
        watchdog.start();
        Platform.runLater(() -> window[0].controller().open(big));
        if (!bigProjected.await(300, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the big sample was not projected within 300 s");
        }
        long loaded = System.nanoTime() - t0;
        running.set(0);
        watchdog.join();
        List<Long> sorted = new ArrayList<>(waits);
        Collections.sort(sorted);
        System.out.printf(Locale.ROOT, "%,d-point sample read and projected in %,d ms; FX thread probed %,d times: worst stall %.1f ms, p99 %.1f ms, median %.2f ms%n",
            rows, loaded / 1_000_000, sorted.size(), sorted.get(sorted.size() - 1) / 1e6, sorted.get((int) (sorted.size() * 0.99)) / 1e6,
            sorted.get(sorted.size() / 2) / 1e6);

        // toggles on the big sample: edit to numbers on screen (debounce included)
        List<Long> toggles = new ArrayList<>();
        List<Long> computed = Collections.synchronizedList(new ArrayList<>());
        long aheadBefore = window[0].session().projection().aheadUsed();
        List<Long> edits = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 10; i++) {
            Thread.sleep(1_500); // a person reads the numbers before the next toggle; meanwhile the background prepares
            String attribute = "session_id";
            dev.cardinal.model.Role role = i % 2 == 0 ? dev.cardinal.model.Role.FIELD : dev.cardinal.model.Role.TAG;
            CountDownLatch shown = new CountDownLatch(1);
            long[] start = new long[1];
            Platform.runLater(() -> {
                var live = window[0].session().projection();
                javafx.beans.value.ChangeListener<Object> l = new javafx.beans.value.ChangeListener<>() {
                    @Override
                    public void changed(javafx.beans.value.ObservableValue<?> o, Object was, Object now) {
                        live.shownProperty().removeListener(this);
                        computed.add(live.shownProperty().get().took().toNanos());
                        shown.countDown();
                    }
                };
                live.shownProperty().addListener(l);
                start[0] = System.nanoTime();
                window[0].session().edits().setRole(attribute, role);
                edits.add(System.nanoTime() - start[0]);
            });
            if (!shown.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("no projection after a toggle within 60 s");
            }
            toggles.add(System.nanoTime() - start[0]);
        }
        List<Long> inOrder = new ArrayList<>(toggles);
        Collections.sort(toggles);
        System.out.printf(Locale.ROOT, "role toggle on %,d points, edit to numbers on screen (the %d ms debounce is skipped when the projection was made ahead): median %.0f ms, worst %.0f ms over %d toggles%n",
            rows, dev.cardinal.ui.session.WorkspaceSession.DEBOUNCE_MILLIS, toggles.get(toggles.size() / 2) / 1e6,
            toggles.get(toggles.size() - 1) / 1e6, toggles.size());
        System.out.printf(Locale.ROOT, "  %d of %d toggles were answered by a projection made ahead%n",
            window[0].session().projection().aheadUsed() - aheadBefore, toggles.size());
        System.out.println("  the edit itself on the FX thread (ms, in toggle order): " + edits.stream().map(n -> String.format(Locale.ROOT, "%.0f", n / 1e6)).toList());
        System.out.println("  edit to numbers on screen (ms, in toggle order): " + inOrder.stream().map(n -> String.format(Locale.ROOT, "%.0f", n / 1e6)).toList());
        System.out.println("  projection computed in (ms, in toggle order): " + computed.stream().map(n -> String.format(Locale.ROOT, "%.0f", n / 1e6)).toList());
        executor.shutdownNow();
        Platform.exit();
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            // the 1M-point sample (tens of MB) is not left in the temp folder
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
        System.exit(0);
    }
}
