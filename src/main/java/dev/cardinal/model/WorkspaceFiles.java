package dev.cardinal.model;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.channels.FileChannel;
import java.nio.ByteBuffer;

/**
 * Loads and saves {@code *.cardinal.json} files. Saving is atomic: the new content is written and forced to a
 * temporary file beside the target, the previous file is kept as {@code NAME.bak}, and the temporary file is moved
 * over the target, so a crash leaves either the old file or the new one, never half of either.
 */
public final class WorkspaceFiles {
    public static final String EXTENSION = ".cardinal.json";

    private WorkspaceFiles() {
    }

    public static WorkspaceReader.Loaded load(Path file) throws IOException, WorkspaceFormatException {
        return WorkspaceReader.read(Files.readAllBytes(file), file.getFileName().toString());
    }

    public static void save(Path file, Workspace ws) throws IOException {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        Files.createDirectories(dir);
        byte[] bytes = WorkspaceWriter.write(ws);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            keepPermissions(target, tmp);
            if (Files.exists(target)) {
                Files.copy(target, backupOf(target), StandardCopyOption.REPLACE_EXISTING);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** A temporary file is private (0600); the saved workspace keeps the old file's mode, or gets 0644. */
    private static void keepPermissions(Path target, Path tmp) throws IOException {
        if (!tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        java.util.Set<java.nio.file.attribute.PosixFilePermission> mode = Files.exists(target)
            ? Files.getPosixFilePermissions(target)
            : java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(tmp, mode);
    }

    /** Where the previous version of {@code file} is kept. */
    public static Path backupOf(Path file) {
        return file.resolveSibling(file.getFileName() + ".bak");
    }

    /** Resolves a sample binding's path against the workspace file's folder. */
    public static Path resolve(Path workspaceFile, String relativePath) {
        Path dir = workspaceFile.toAbsolutePath().getParent();
        return dir.resolve(relativePath).normalize();
    }

    /** The path of {@code sample} relative to the workspace file's folder, with '/' separators. */
    public static String relativize(Path workspaceFile, Path sample) {
        Path dir = workspaceFile.toAbsolutePath().getParent();
        Path rel = dir.relativize(sample.toAbsolutePath().normalize());
        return rel.toString().replace(java.io.File.separatorChar, '/');
    }
}
