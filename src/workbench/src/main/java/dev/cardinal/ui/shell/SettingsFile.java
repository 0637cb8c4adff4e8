package dev.cardinal.ui.shell;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.cardinal.model.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The {@link WorkbenchSettings} as a small file beside the recovery folder ({@code settings.json}), written
 * atomically; a file that is missing, from a newer version or unreadable gives the defaults (and a log line), never a
 * window that cannot start.
 */
public final class SettingsFile {
    static final String FILE = "settings.json";
    private static final Logger LOG = Logger.getLogger(SettingsFile.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SettingsFile() {
    }

    /** The settings in {@code home}, or the defaults. */
    public static WorkbenchSettings load(Path home) {
        Path file = home.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return WorkbenchSettings.defaults();
        }
        try {
            WorkbenchSettings s = JSON.readValue(Files.readAllBytes(file), WorkbenchSettings.class);
            return s.format() > WorkbenchSettings.FORMAT ? WorkbenchSettings.defaults() : s;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "cannot read " + file + "; the workbench starts with its default settings", e);
            return WorkbenchSettings.defaults();
        }
    }

    /** Writes {@code settings} to {@code home}, atomically. */
    public static void save(WorkbenchSettings settings, Path home) throws IOException {
        Files.createDirectories(home);
        AtomicFiles.write(home.resolve(FILE), JSON.writeValueAsBytes(settings));
    }
}
