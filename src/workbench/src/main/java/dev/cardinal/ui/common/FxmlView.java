package dev.cardinal.ui.common;

import java.net.URL;
import java.util.Objects;

/** Every view of the workbench, one FXML file each under {@code fxml/}. */
public enum FxmlView {
    MAIN_WINDOW("/fxml/main_window.fxml"),
    /** Included by the main window, in the order they appear. */
    RECOVERY_BAR("/fxml/recovery_bar.fxml"),
    EXPLORER("/fxml/explorer.fxml"),
    CANVAS_PANEL("/fxml/canvas_panel.fxml"),
    ATTRIBUTES_PANEL("/fxml/attributes_panel.fxml"),
    COMPARE_PANEL("/fxml/compare_panel.fxml"),
    FINDINGS_PANEL("/fxml/findings_panel.fxml"),
    CODE_PANEL("/fxml/code_panel.fxml"),
    ENGINES_PANEL("/fxml/engines_panel.fxml"),
    PUSH_PANEL("/fxml/push_panel.fxml"),
    CAPTURE_PANEL("/fxml/capture_panel.fxml"),
    PROJECTION_PANEL("/fxml/projection_panel.fxml"),
    /** The traffic profile dialog's content. */
    PROFILE_FORM("/fxml/profile_form.fxml"),
    /** The Push tab's Migrate step, a window of its own. */
    MIGRATE_WINDOW("/fxml/migrate_window.fxml");

    private final String resource;

    FxmlView(String resource) {
        this.resource = resource;
    }

    public URL url() {
        return Objects.requireNonNull(FxmlView.class.getResource(resource), "missing view resource " + resource);
    }
}
