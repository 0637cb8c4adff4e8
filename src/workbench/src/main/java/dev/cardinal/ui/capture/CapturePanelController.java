package dev.cardinal.ui.capture;

import dev.cardinal.capture.CaptureServer;
import dev.cardinal.capture.CaptureStats;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.ui.common.Lanes;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.session.WorkspaceOpener;
import dev.cardinal.ui.session.WorkspaceSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.util.Duration;

/**
 * The capture toggle: a write endpoint on loopback whose traffic joins the workspace's sample while it runs, so the
 * projection follows what an application really writes; on stop the captured traffic becomes a sample file of the
 * workspace.
 */
public final class CapturePanelController {
    private static final Logger LOG = Logger.getLogger(CapturePanelController.class.getName());

    private final WorkspaceSession session;
    private final Lanes lanes;
    private CaptureServer server;
    private Timeline ticker;
    private long shownPoints = -1;
    private boolean reading;
    private Consumer<List<Path>> keep = files -> { };
    @FXML
    private ToggleButton captureToggle;
    @FXML
    private TextField port;
    @FXML
    private Label captureStatus;

    public CapturePanelController(WorkspaceSession session, Lanes lanes) {
        this.session = session;
        this.lanes = lanes;
    }

    /** What to do with the captured traffic when capture stops (the main window adds it as a sample). */
    public void setOnKeep(Consumer<List<Path>> handler) {
        keep = handler;
    }

    @FXML
    private void initialize() {
        captureToggle.sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                scene.windowProperty().addListener((o2, w, win) -> {
                    if (win != null) {
                        win.addEventHandler(javafx.stage.WindowEvent.WINDOW_HIDDEN, e -> stop(false));
                    }
                });
            }
        });
    }

    @FXML
    private void toggle() {
        if (captureToggle.isSelected()) {
            start();
        } else {
            stop(true);
        }
    }

    /** The endpoint's address while it runs, else null. */
    public java.net.URI url() {
        return server == null ? null : server.url();
    }

    private void start() {
        if (session.workspace() == null) {
            captureStatus.setText("Open or create a workspace first: captured traffic joins its sample.");
            captureToggle.setSelected(false);
            return;
        }
        int p;
        try {
            p = Integer.parseInt(port.getText().strip());
            if (p < 0 || p > 65_535) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            captureStatus.setText("Not a port: " + port.getText() + " (0 to 65535; 0 picks a free one).");
            captureToggle.setSelected(false);
            return;
        }
        Path spool = null;
        try {
            spool = Files.createTempFile("cardinal-capture", ".lp");
            server = CaptureServer.start(CaptureServer.Settings.loopback(p, spool));
        } catch (IOException e) {
            captureStatus.setText("Cannot listen on port " + p + ": " + e.getMessage());
            captureToggle.setSelected(false);
            deleteQuietly(spool); // a port in use leaves no empty spool in the temp folder
            return;
        }
        port.setDisable(true);
        shownPoints = -1;
        captureStatus.setText("Listening on " + server.url() + " (/write, /api/v2/write, /ping): waiting for traffic…");
        ticker = new Timeline(new KeyFrame(Duration.seconds(1), e -> tick()));
        ticker.setCycleCount(Animation.INDEFINITE);
        ticker.play();
    }

    /** Once a second: when points arrived, the workspace's sample and the captured traffic are read again. */
    private void tick() {
        CaptureServer s = server;
        if (s == null || reading) {
            return;
        }
        CaptureStats stats = s.stats();
        captureStatus.setText(String.format(Locale.ROOT, "Listening on %s: %,d points in %,d requests, %,d bad lines, %,d shed",
            s.url(), stats.points(), stats.requests(), stats.badLines(), stats.shed()));
        if (stats.points() == shownPoints || stats.points() == 0) {
            return;
        }
        shownPoints = stats.points();
        List<SampleReader.Source> bound = session.sampleSources();
        Path spool = s.spool();
        reading = true;
        Tasks.<Sample>create(p -> {
            List<SampleReader.Source> sources = new ArrayList<>(bound);
            sources.add(new SampleReader.Source(spool, SampleBinding.lineProtocol("captured", spool.toString(), "ns")));
            // the distinct counts here, once, not on the FX thread when the attribute table shows the live sample
            return WorkspaceOpener.counted(SampleReader.read(sources, SampleLimits.defaults(), ReadMonitor.NONE));
        })
            .onSuccess(sample -> {
                if (server == s) { // a read that ends after the capture stopped shows nothing
                    session.showLiveSample(sample);
                }
            })
            .onError(e -> LOG.log(Level.WARNING, "cannot read the captured traffic", e))
            .andFinally(() -> reading = false)
            .runOn(lanes.reads());
    }

    /** Stops listening; with {@code keep}, what was captured is moved beside the workspace and added as a sample. */
    private void stop(boolean keepTraffic) {
        if (ticker != null) {
            ticker.stop();
            ticker = null;
        }
        CaptureServer s = server;
        server = null;
        port.setDisable(false);
        captureToggle.setSelected(false);
        if (s == null) {
            return;
        }
        long points;
        try {
            s.close();
            points = s.stats().points();
            if (!keepTraffic || points == 0 || session.file() == null) {
                // a temporary file, also when the window closes (the background lanes may be gone by then)
                Files.deleteIfExists(s.spool());
                if (shownPoints > 0) {
                    session.endLiveSample(); // the captured points are not in the workspace: nor in its numbers
                }
                captureStatus.setText(points == 0 ? "Stopped: nothing arrived." : "Stopped after " + points + " points (not kept: save the workspace first).");
                return;
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "stopping the capture failed", e);
            captureStatus.setText("Stopping the capture failed: " + e.getMessage());
            return;
        }
        Path kept = session.file().toAbsolutePath().resolveSibling("captured-"
            + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".lp");
        captureStatus.setText(String.format(Locale.ROOT, "Stopped: keeping %,d points in %s…", points, kept.getFileName()));
        // the spool may be on another file system than the workspace: the move is a copy then, off the FX thread
        Tasks.<Path>create(p -> Files.move(s.spool(), kept, StandardCopyOption.REPLACE_EXISTING))
            .onSuccess(moved -> {
                captureStatus.setText(String.format(Locale.ROOT, "Stopped: %,d points kept in %s and added to the workspace's samples.",
                    points, moved.getFileName()));
                keep.accept(List.of(moved));
            })
            .onError(e -> {
                LOG.log(Level.WARNING, "cannot keep the captured traffic in " + kept, e);
                captureStatus.setText("Cannot keep the captured traffic in " + kept.getFileName() + ": " + e.getMessage());
            })
            .runOn(lanes.files());
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot remove the unused spool " + file, e);
        }
    }
}
