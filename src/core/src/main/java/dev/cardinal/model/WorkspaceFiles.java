package dev.cardinal.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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

    /**
     * {@code ws} as saved at {@code to} instead of {@code from}: sample paths are relative to the workspace file, so
     * each is rewritten to point at the same file from the new folder. Unchanged when both are in one folder.
     */
    public static Workspace rebase(Workspace ws, Path from, Path to) {
        if (from == null) {
            return ws; // never saved: its sample paths were made relative to where it is going
        }
        Path fromDir = from.toAbsolutePath().normalize().getParent();
        Path toDir = to.toAbsolutePath().normalize().getParent();
        if (fromDir.equals(toDir)) {
            return ws;
        }
        List<SampleBinding> samples = ws.samples().stream()
            .map(s -> new SampleBinding(s.id(), relativize(to, resolve(from, s.path())), s.format(), s.eventKind(),
                s.precision(), s.timeColumn(), s.timeFormat(), s.tagColumns()))
            .toList();
        return new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), samples, ws.rollups(), ws.targets(), ws.canvas());
    }
}
