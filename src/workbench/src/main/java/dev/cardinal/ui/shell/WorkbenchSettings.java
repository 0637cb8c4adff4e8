package dev.cardinal.ui.shell;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.cardinal.model.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What the workbench remembers between runs: the theme, the window's place and size, the split positions, the
 * horizon and the traffic multiplier. A small file beside the recovery folder ({@code settings.json}), written
 * atomically; a file that is missing, from a newer version or unreadable gives the defaults (and a log line), never a
 * window that cannot start.
 *
 * @param window     x, y, width, height of the window; null for the default place and size
 * @param maximized  whether the window was maximised
 * @param dividers   the main split's divider positions (explorer | centre | projection)
 * @param centre     the centre split's divider position (canvas above, problems and findings below)
 * @param horizon    the projection's horizon, as offered ("30d")
 * @param traffic    the traffic multiplier, as offered ("x1")
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WorkbenchSettings(int format, boolean darkTheme, List<Double> window, boolean maximized, List<Double> dividers,
                                List<Double> centre, String horizon, String traffic) {
    static final int FORMAT = 1;
    static final String FILE = "settings.json";
    private static final Logger LOG = Logger.getLogger(WorkbenchSettings.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public WorkbenchSettings {
        window = window == null || window.size() != 4 ? null : List.copyOf(window);
        dividers = dividers == null ? List.of() : List.copyOf(dividers);
        centre = centre == null ? List.of() : List.copyOf(centre);
    }

    public static WorkbenchSettings defaults() {
        return new WorkbenchSettings(FORMAT, false, null, false, List.of(), List.of(), "30d", "x1");
    }

    /** The settings in {@code home}, or the defaults. */
    public static WorkbenchSettings load(Path home) {
        Path file = home.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return defaults();
        }
        try {
            WorkbenchSettings s = JSON.readValue(Files.readAllBytes(file), WorkbenchSettings.class);
            return s.format() > FORMAT ? defaults() : s;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "cannot read " + file + "; the workbench starts with its default settings", e);
            return defaults();
        }
    }

    /** Writes the settings to {@code home}, atomically. */
    public void save(Path home) throws IOException {
        Files.createDirectories(home);
        AtomicFiles.write(home.resolve(FILE), JSON.writeValueAsBytes(this));
    }

    public WorkbenchSettings withDarkTheme(boolean dark) {
        return new WorkbenchSettings(FORMAT, dark, window, maximized, dividers, centre, horizon, traffic);
    }

    public WorkbenchSettings withWindow(List<Double> place, boolean max) {
        return new WorkbenchSettings(FORMAT, darkTheme, place, max, dividers, centre, horizon, traffic);
    }

    public WorkbenchSettings withDividers(List<Double> main, List<Double> centreSplit) {
        return new WorkbenchSettings(FORMAT, darkTheme, window, maximized, main, centreSplit, horizon, traffic);
    }

    public WorkbenchSettings withProjection(String h, String t) {
        return new WorkbenchSettings(FORMAT, darkTheme, window, maximized, dividers, centre, h, t);
    }
}
