package dev.cardinal.ui.common;

import dev.cardinal.model.AtomicFiles;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javafx.scene.image.Image;
import javafx.scene.image.PixelReader;
import javax.imageio.ImageIO;

/** Writes JavaFX images as PNG files (atomically), without the javafx-swing bridge. */
public final class Png {
    private Png() {
    }

    /** Copies the pixels; call on the FX thread or with an image no one else draws into. */
    public static BufferedImage pixels(Image image) {
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

    /** Writes the pixels to {@code file} as PNG; the file is whole or untouched. */
    public static void write(BufferedImage pixels, Path file) throws IOException {
        AtomicFiles.write(file, null, out -> {
            if (!ImageIO.write(pixels, "png", out)) {
                throw new IOException("no PNG writer in this Java runtime");
            }
        });
    }
}
