package dev.cardinal.ui.push;

import dev.cardinal.ui.common.ControllerFactory;
import dev.cardinal.ui.common.FxmlView;
import dev.cardinal.ui.session.WorkspaceSession;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The Migrate step's window, opened from the Push tab: one per workbench window, kept while it lives (a run goes on
 * when it is closed, and shows again when it is opened), following the workbench's theme.
 */
final class MigrateWindow {
    private final WorkspaceSession session;
    private final Executor executor;
    private Stage stage;
    private MigrateController controller;

    MigrateWindow(WorkspaceSession session, Executor executor) {
        this.session = session;
        this.executor = executor;
    }

    /** Shows the step for the instance the Push tab names (kept as it was while a job of the step runs on another). */
    void show(Window owner, MigrateServer.Named target) {
        if (stage == null) {
            Parent root = new ControllerFactory()
                .register(MigrateController.class, () -> controller = new MigrateController(session, executor))
                .load(FxmlView.MIGRATE_WINDOW);
            if (owner != null && owner.getScene() != null) {
                Bindings.bindContent(root.getStylesheets(), owner.getScene().getRoot().getStylesheets());
            }
            stage = new Stage();
            stage.initOwner(owner);
            stage.setTitle("Migrate Live Data");
            stage.setScene(new Scene(root));
            if (owner != null) {
                // within the workbench's window: at 1280x800 the whole step shows without a scroll bar
                stage.setWidth(Math.min(root.prefWidth(-1), owner.getWidth() - 40));
                stage.setHeight(Math.min(root.prefHeight(-1), owner.getHeight() - 40));
            }
        }
        controller.target(target);
        controller.chooseDefaults();
        stage.show();
        stage.toFront();
    }
}
