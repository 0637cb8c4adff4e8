package dev.cardinal.ui;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.image.Image;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/** Writes snapshots of the workbench to {@code target/screenshots/}, so a person can look at what the tests saw. */
public final class Screenshots {
    private Screenshots() {
    }

    /** Snapshots {@code node}; call on the FX thread. */
    public static Path save(Node node, String name) throws IOException {
        WritableImage image = node.snapshot(null, null);
        Path dir = Path.of("target", "screenshots");
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".png");
        ImageIO.write(toBuffered(image), "png", file.toFile());
        return file;
    }

    private static BufferedImage toBuffered(Image image) {
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader r = image.getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                out.setRGB(x, y, r.getArgb(x, y));
            }
        }
        return out;
    }
}
