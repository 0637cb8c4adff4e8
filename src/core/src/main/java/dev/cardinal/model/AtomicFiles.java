package dev.cardinal.model;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a file so that a kill at any moment leaves the old file or the new one, never half of either, and a backup
 * that is whole or absent:
 * <ol>
 * <li>the content goes to a temporary file beside the target and is forced to disk;</li>
 * <li>the backup is the old file itself, hard-linked under a temporary name and renamed over the backup: no byte is
 *     copied, so no kill can leave a truncated backup (where a file system has no hard links, the old file is copied
 *     to the temporary name, forced, and only then renamed);</li>
 * <li>the temporary file is moved over the target.</li>
 * </ol>
 * Temporary files carry the writing process's id; one left by a process that is gone (killed mid-write) is deleted
 * by the next write beside it. The file keeps the old file's permissions, or gets 0644.
 */
public final class AtomicFiles {
    /** A temporary file without a process id (written before ids were added) is left for this long. */
    private static final Duration UNOWNED_AGE = Duration.ofHours(1);

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
     * @param backup when not null, the previous target (if any) is kept there
     */
    public static void write(Path target, Path backup, Content content) throws IOException {
        Path file = target.toAbsolutePath();
        Path dir = file.getParent();
        Files.createDirectories(dir);
        removeOrphans(file);
        if (backup != null) {
            removeOrphans(backup.toAbsolutePath());
        }
        Path tmp = temporary(file);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                OutputStream out = Channels.newOutputStream(ch);
                content.writeTo(out);
                out.flush();
                ch.force(true);
            }
            keepPermissions(file, tmp);
            if (backup != null && Files.exists(file)) {
                keepBackup(file, backup.toAbsolutePath());
            }
            move(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes bytes atomically, without a backup. */
    public static void write(Path target, byte[] bytes) throws IOException {
        write(target, null, out -> out.write(bytes));
    }

    private static Path temporary(Path file) throws IOException {
        return Files.createTempFile(file.getParent(), "." + file.getFileName() + "." + ProcessHandle.current().pid() + ".", ".tmp");
    }

    /** The old file becomes the backup by a link and a rename, never by a copy a kill could cut. */
    private static void keepBackup(Path file, Path backup) throws IOException {
        Path tmp = temporary(backup);
        try {
            Files.delete(tmp);
            try {
                Files.createLink(tmp, file);
            } catch (UnsupportedOperationException | FileSystemException e) {
                // no hard links here (FAT, some network shares): a copy, whole on disk before it is renamed
                Files.copy(file, tmp, StandardCopyOption.REPLACE_EXISTING);
                try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                    ch.force(true);
                }
            }
            move(tmp, backup);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Deletes the temporary files of {@code file} that no running process is writing: those whose process id is not
     * alive, and those without one (written before ids were added) that are over an hour old. Only this file's: other
     * files of the folder are not Cardinal's to judge.
     */
    /**
     * Whether the process {@code pid} no longer runs: what a file named after its owner's process (a temp file, a spool, a
     * scratch server's folder) is judged by. A process id taken again by another process counts as running.
     */
    public static boolean processGone(long pid) {
        return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    }

    static void removeOrphans(Path file) {
        String name = file.getFileName().toString();
        Pattern owned = Pattern.compile(Pattern.quote("." + name + ".") + "(\\d+)\\.\\d+\\.tmp");
        Pattern unowned = Pattern.compile(Pattern.quote("." + name) + "\\d+\\.tmp");
        Instant old = Instant.now().minus(UNOWNED_AGE);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(file.getParent(),
            f -> f.getFileName().toString().startsWith("." + name) && f.getFileName().toString().endsWith(".tmp"))) {
            for (Path f : files) {
                String n = f.getFileName().toString();
                Matcher m = owned.matcher(n);
                boolean orphan = m.matches() ? processGone(Long.parseLong(m.group(1)))
                    : unowned.matcher(n).matches() && olderThan(f, old);
                if (orphan) {
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException | RuntimeException e) {
            // cleaning is a courtesy: a folder that cannot be listed still gets its file written (or says why)
        }
    }

    private static boolean olderThan(Path f, Instant t) throws IOException {
        FileTime modified = Files.getLastModifiedTime(f);
        return modified.toInstant().isBefore(t);
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
