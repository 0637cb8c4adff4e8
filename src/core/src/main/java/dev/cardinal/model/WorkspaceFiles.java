package dev.cardinal.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /**
     * A bound sample whose file is not inside the workspace's folder.
     *
     * @param sample the binding
     * @param path   the file it would read, as the path resolves (and, for a link, where the link leads)
     * @param why    how it leaves the folder: an absolute path, {@code ..}, or a link
     */
    public record Outside(SampleBinding sample, Path path, String why) {
        /** One line for a person: {@code sample 'traffic': /etc/passwd (an absolute path)}. */
        public String describe() {
            // a name could carry terminal escapes: controls are shown as '?'
            return ("sample '" + sample.id() + "': " + path + " (" + why + ")").replaceAll("\\p{Cc}", "?");
        }
    }

    /**
     * The samples of {@code ws} that would be read from outside the folder of {@code workspaceFile}. A workspace
     * is meant to travel with its traffic; one from someone else that binds {@code /etc/passwd}, {@code ../../..} or a
     * link out of its folder would make Cardinal read (and show, and push) what its user never chose, so callers ask
     * first.
     */
    public static List<Outside> outside(Path workspaceFile, Workspace ws) {
        Path dir = workspaceFile.toAbsolutePath().normalize().getParent();
        Path realDir = real(dir);
        List<Outside> out = new ArrayList<>();
        for (SampleBinding s : ws.samples()) {
            Path resolved = resolve(workspaceFile, s.path());
            if (Path.of(s.path()).isAbsolute() && !resolved.startsWith(dir)) {
                out.add(new Outside(s, resolved, "an absolute path"));
            } else if (!resolved.startsWith(dir)) {
                out.add(new Outside(s, resolved, "'..' leads out of " + dir));
            } else if (Files.exists(resolved) && !real(resolved).startsWith(realDir)) {
                out.add(new Outside(s, real(resolved), "a link out of " + dir));
            }
        }
        return List.copyOf(out);
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p;
        }
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
