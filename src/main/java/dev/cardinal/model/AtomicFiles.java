package dev.cardinal.model;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes a file so that a crash leaves either the old file or the new one, never half of either: the content goes
 * to a temporary file beside the target, is forced to disk, and is moved over the target. The file keeps the old
 * file's permissions, or gets 0644 (a temporary file starts private).
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Writes the content of a stream. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code target} atomically.
     *
     * @param backup when not null, the previous target (if any) is copied there first
     */
    public static void write(Path target, Path backup, Content content) throws IOException {
        Path file = target.toAbsolutePath();
        Path dir = file.getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                OutputStream out = Channels.newOutputStream(ch);
                content.writeTo(out);
                out.flush();
                ch.force(true);
            }
            keepPermissions(file, tmp);
            if (backup != null && Files.exists(file)) {
                Files.copy(file, backup, StandardCopyOption.REPLACE_EXISTING);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes bytes atomically, without a backup. */
    public static void write(Path target, byte[] bytes) throws IOException {
        write(target, null, out -> out.write(bytes));
    }

    private static void keepPermissions(Path target, Path tmp) throws IOException {
        if (!tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        Set<PosixFilePermission> mode = Files.exists(target) ? Files.getPosixFilePermissions(target)
            : PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(tmp, mode);
    }
}
