package dev.cardinal.spark;

import dev.cardinal.model.AtomicFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes the summary so that its name never holds half a file: the bytes go to a temporary file beside it, which is
 * then renamed to the name. A failed write leaves the name as it was (absent, or the previous summary) and deletes
 * its temporary file.
 */
final class SummaryOutput {
    private SummaryOutput() {
    }

    static void write(Path out, Configuration conf, AtomicFiles.Content content) throws IOException {
        FileSystem fs = out.getFileSystem(conf);
        if ("file".equals(fs.getScheme())) {
            // a local disk: Cardinal's own atomic write (forced to disk, then Files.move with ATOMIC_MOVE)
            AtomicFiles.write(java.nio.file.Path.of(fs.makeQualified(out).toUri()), null, content);
        } else {
            viaRename(fs, out, content);
        }
    }

    /** On a Hadoop file system (HDFS, object stores): {@code NAME.tmp-<random>} beside the name, then a rename. */
    static void viaRename(FileSystem fs, Path out, AtomicFiles.Content content) throws IOException {
        Path tmp = new Path(out.getParent(), out.getName() + ".tmp-" + UUID.randomUUID());
        boolean renamed = false;
        try {
            try (OutputStream o = fs.create(tmp, false)) {
                content.writeTo(o);
            }
            renamed = fs.rename(tmp, out);
            if (!renamed && fs.exists(out)) {
                // HDFS and most stores refuse to rename over a file: the previous summary goes first
                fs.delete(out, false);
                renamed = fs.rename(tmp, out);
            }
            if (!renamed) {
                throw new IOException("could not rename " + tmp + " to " + out);
            }
        } finally {
            if (!renamed) {
                fs.delete(tmp, false);
            }
        }
    }
}
