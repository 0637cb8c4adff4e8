package dev.cardinal.ui;

import dev.cardinal.ui.common.Png;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Node;

/** Writes snapshots of the workbench to {@code target/screenshots/}, so a person can look at what the tests saw. */
public final class Screenshots {
    private Screenshots() {
    }

    /** Snapshots {@code node}; call on the FX thread. */
    public static Path save(Node node, String name) throws IOException {
        Path dir = Path.of("target", "screenshots");
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".png");
        Png.write(Png.pixels(node.snapshot(null, null)), file);
        return file;
    }
}
