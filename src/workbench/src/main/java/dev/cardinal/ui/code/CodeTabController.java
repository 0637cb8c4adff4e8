package dev.cardinal.ui.code;

import dev.cardinal.engines.Bundle;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.session.WorkspaceSession;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.fxml.FXML;
import javafx.stage.DirectoryChooser;

/** The code tab: the selected layout's generated code as the live projection makes it, and export into a folder. */
public final class CodeTabController {
    private static final Logger LOG = Logger.getLogger(CodeTabController.class.getName());

    private final WorkspaceSession session;
    private final Executor executor;
    @FXML
    private CodePanel codePanel;

    public CodeTabController(WorkspaceSession session, Executor executor) {
        this.session = session;
        this.executor = executor;
    }

    @FXML
    private void initialize() {
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
        codePanel.setOnCopied(session::showStatus);
    }

    /** Whether the code tab is on screen: the panel makes and fills its code areas only then. */
    public void setShowing(boolean on) {
        codePanel.setShowing(on);
    }

    private void exportCode() {
        if (codePanel.contents() == null || session.file() == null) {
            return;
        }
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Export generated code into");
        chooser.setInitialDirectory(session.folder());
        File dir = chooser.showDialog(codePanel.getScene().getWindow());
        if (dir != null) {
            exportTo(dir.toPath());
        }
    }

    /** Writes the shown layout's code into {@code dir} in the background, as {@code cardinal generate} would. */
    public void exportTo(Path dir) {
        Bundle.Contents contents = codePanel.contents();
        String source = session.file() == null ? "an unsaved workspace" : session.file().getFileName().toString();
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
}
