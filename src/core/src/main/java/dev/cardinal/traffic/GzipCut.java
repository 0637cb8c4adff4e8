package dev.cardinal.traffic;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * Where a gzip file's data ends early. The readers see only that the stream ended; the place is found by inflating
 * the file once more and counting its lines up to the cut, which costs a truncated file a second pass and every
 * whole file nothing.
 */
final class GzipCut {
    private GzipCut() {
    }

    /** The problem's message: the line and the uncompressed byte offset the data stops after. */
    static String message(Path file) {
        long lines = 0;
        long bytes = 0;
        boolean partial = false;
        byte[] buf = new byte[1 << 16];
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        lines++;
                    }
                }
                bytes += n;
                partial = buf[n - 1] != '\n';
            }
            // the data read whole this time (the file changed since): say so rather than guess
            return "the compressed stream ended early while it was read; rows before the cut were kept";
        } catch (EOFException e) {
            return String.format(Locale.ROOT, "the compressed stream ends early after line %,d (byte offset %,d of the"
                + " uncompressed text%s): the file is truncated; the rows before the cut were kept", lines, bytes,
                partial ? ", in the middle of line " + String.format(Locale.ROOT, "%,d", lines + 1) : "");
        } catch (IOException e) {
            return "the compressed stream ends early (truncated file); rows before the cut were kept";
        }
    }
}
