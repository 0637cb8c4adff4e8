package dev.cardinal.ui.shell;

import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.model.WorkspaceFormatException;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.model.WorkspaceWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * What the workbench keeps between runs in its own folder: a recovery copy of each workspace with unsaved edits
 * (written in the background every few seconds while there are any, removed on save or on a clean close) and the
 * recently opened files. Workspaces hold no secrets, so neither does this folder.
 */
public final class Recovery {
    /** A recovery copy found for a workspace file. */
    public record Recovered(Workspace workspace, Instant savedAt) {
    }

    private static final int RECENT = 10;

    private final Path home;

    public Recovery(Path home) {
        this.home = home;
    }

    /**
     * The folder: {@code -Dcardinal.home} (absolute, normalised), else {@code $XDG_CONFIG_HOME/cardinal}, else {@code $HOME/.config/cardinal}
     * (the XDG base directories are relative to {@code $HOME}; Java 17's {@code user.home} is the password file's
     * home whatever {@code $HOME} says, and is used only when {@code $HOME} is not set).
     */
    public static Path defaultHome() {
        return defaultHome(System.getProperty("cardinal.home"), System.getenv(), System.getProperty("user.home"));
    }

    static Path defaultHome(String property, java.util.Map<String, String> env, String userHome) {
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath().normalize(); // a folder given as a/b/../c is shown, and compared, as a/c
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg).resolve("cardinal");
        }
        String home = env.get("HOME");
        return Path.of(home != null && !home.isBlank() ? home : userHome, ".config", "cardinal");
    }

    public Path home() {
        return home;
    }

    /** The recovery copy's place for {@code workspaceFile}: one per absolute path. */
    Path copyOf(Path workspaceFile) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                .digest(workspaceFile.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
            return home.resolve("recovery").resolve(HexFormat.of().formatHex(digest, 0, 12) + WorkspaceFiles.EXTENSION);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** Writes the recovery copy of {@code workspaceFile}'s unsaved state, atomically. */
    public void save(Path workspaceFile, Workspace ws) throws IOException {
        Path copy = copyOf(workspaceFile);
        Files.createDirectories(copy.getParent());
        AtomicFiles.write(copy, WorkspaceWriter.write(ws));
    }

    /** The recovery copy of {@code workspaceFile}, unless there is none, it is unreadable, or it equals {@code onDisk}. */
    public Optional<Recovered> find(Path workspaceFile, Workspace onDisk) {
        Path copy = copyOf(workspaceFile);
        if (!Files.isRegularFile(copy)) {
            return Optional.empty();
        }
        try {
            Workspace ws = WorkspaceReader.read(Files.readAllBytes(copy), copy.getFileName().toString()).workspace();
            if (ws.equals(onDisk)) {
                discard(workspaceFile);
                return Optional.empty();
            }
            return Optional.of(new Recovered(ws, Files.getLastModifiedTime(copy).toInstant()));
        } catch (IOException | WorkspaceFormatException e) {
            return Optional.empty();
        }
    }

    /** Removes the recovery copy of {@code workspaceFile} (it was saved, or the edits were discarded). */
    public void discard(Path workspaceFile) {
        try {
            Files.deleteIfExists(copyOf(workspaceFile));
        } catch (IOException e) {
            // a copy left behind is offered again next time and removed then; nothing is lost
        }
    }

    /** Recent workspace files, newest first, and those of them with unsaved edits kept from an earlier run. */
    public record Recent(List<Path> files, java.util.Set<Path> withUnsavedEdits) {
    }

    /** The recent workspaces, with those that have a recovery copy waiting (read off the disk: not on the FX thread). */
    public Recent recentWithCopies() {
        List<Path> files = recent();
        java.util.Set<Path> copies = new java.util.HashSet<>();
        for (Path f : files) {
            if (Files.isRegularFile(copyOf(f))) {
                copies.add(f);
            }
        }
        return new Recent(files, java.util.Set.copyOf(copies));
    }

    /** Recently opened workspace files, newest first, those that still exist. */
    public List<Path> recent() {
        Path list = home.resolve("recent.txt");
        List<Path> out = new ArrayList<>();
        try {
            if (Files.isRegularFile(list)) {
                for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
                    if (!line.isBlank() && Files.isRegularFile(Path.of(line))) {
                        out.add(Path.of(line));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return out;
        }
        return out;
    }

    /** Puts {@code file} first in the recent list. */
    public void remember(Path file) throws IOException {
        Path abs = file.toAbsolutePath().normalize();
        List<Path> list = new ArrayList<>(recent());
        list.remove(abs);
        list.add(0, abs);
        StringBuilder text = new StringBuilder();
        list.stream().limit(RECENT).forEach(p -> text.append(p).append('\n'));
        Files.createDirectories(home);
        AtomicFiles.write(home.resolve("recent.txt"), text.toString().getBytes(StandardCharsets.UTF_8));
    }
}
