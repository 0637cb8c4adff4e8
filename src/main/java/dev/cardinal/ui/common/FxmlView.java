package dev.cardinal.ui.common;

import java.net.URL;
import java.util.Objects;

/** Every view of the workbench, one FXML file each under {@code fxml/}. */
public enum FxmlView {
    MAIN_WINDOW("/fxml/main_window.fxml");

    private final String resource;

    FxmlView(String resource) {
        this.resource = resource;
    }

    public URL url() {
        return Objects.requireNonNull(FxmlView.class.getResource(resource), "missing view resource " + resource);
    }
}
