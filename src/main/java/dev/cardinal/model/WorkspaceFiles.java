package dev.cardinal.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Loads and saves {@code *.cardinal.json} files. Saving is atomic ({@link AtomicFiles}) and keeps the previous
 * file as {@code NAME.bak}.
 */
public final class WorkspaceFiles {
    public static final String EXTENSION = ".cardinal.json";

    private WorkspaceFiles() {
    }

    public static WorkspaceReader.Loaded load(Path file) throws IOException, WorkspaceFormatException {
        return WorkspaceReader.read(Files.readAllBytes(file), file.getFileName().toString());
    }

    public static void save(Path file, Workspace ws) throws IOException {
        byte[] bytes = WorkspaceWriter.write(ws);
        AtomicFiles.write(file, backupOf(file.toAbsolutePath()), out -> out.write(bytes));
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
