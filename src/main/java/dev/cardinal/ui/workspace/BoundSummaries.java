package dev.cardinal.ui.workspace;

import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The traffic summaries a workspace binds, read: what the projection of their event kinds comes from in place of
 * rows. A summary stands for all of its traffic, as {@code cardinal analyze} has it, so an event kind has either
 * rows or one summary, never both; and a summary covers the layouts of a workspace, so each of its event kinds must
 * be one the workspace describes. Reading keeps the last version of each file read (by size and time of change), for
 * the projection's thread to read a file again only when it changed.
 */
final class BoundSummaries {
    /** A summary as read from {@code file}. */
    record Loaded(Path file, TrafficSummary summary) {
        String name() {
            return file.getFileName().toString();
        }
    }

    private record Version(long size, long modified, TrafficSummary summary) {
    }

    private final Map<Path, Version> read = new HashMap<>();

    /** The summary in {@code file}, read again only when the file changed. */
    synchronized Loaded load(Path file) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(key, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file + ": no such file");
        }
        Version v = read.get(key);
        if (v == null || v.size() != a.size() || v.modified() != a.lastModifiedTime().toMillis()) {
            v = new Version(a.size(), a.lastModifiedTime().toMillis(), TrafficSummaryFile.read(key));
            read.put(key, v);
        }
        return new Loaded(file, v.summary());
    }

    /** The summary among {@code files} that holds traffic of {@code eventKind}, if any. */
    Optional<Loaded> of(String eventKind, List<Path> files) throws IOException {
        for (Path f : files) {
            Loaded l = load(f);
            if (l.summary().eventKind(eventKind).isPresent()) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }

    /**
     * Reads each bound summary of {@code ws} and checks it against the workspace and the rows of {@code rows}: every
     * event kind of a summary is one of the workspace's, has no rows, and is in no other summary.
     *
     * @throws IOException saying which file and why (a malformed or newer summary: where in it, as its reader says)
     */
    static List<Loaded> check(Workspace ws, Sample rows, List<SampleReader.Source> summaries) throws IOException {
        List<Loaded> out = new ArrayList<>();
        Map<String, String> kinds = new HashMap<>();
        for (SampleReader.Source s : summaries) {
            TrafficSummary summary;
            try {
                summary = TrafficSummaryFile.read(s.path());
            } catch (NoSuchFileException e) {
                throw new NoSuchFileException(s.path() + ": no such file");
            }
            String name = s.path().getFileName().toString();
            for (TrafficSummary.Kind k : summary.eventKinds()) {
                if (ws.eventKind(k.name()).isEmpty()) {
                    throw new IOException(name + " holds traffic of " + k.name() + ", which this workspace does not describe: a"
                        + " traffic summary covers the layouts of the workspace it was computed for; open that workspace first");
                }
                if (rows.eventKind(k.name()).isPresent()) {
                    throw new IOException(name + " holds traffic of " + k.name() + ", which the workspace's other samples"
                        + " already give as rows: a traffic summary stands for all of its traffic, so an event kind is"
                        + " projected from rows or from one summary, not both: remove its row samples first (right-click"
                        + " the sample in the Workspace tree: Remove Sample)");
                }
                String before = kinds.putIfAbsent(k.name(), name);
                if (before != null) {
                    throw new IOException(name + " and " + before + " both hold traffic of " + k.name() + ": the workbench"
                        + " projects an event kind from one summary (cardinal analyze merges several)");
                }
            }
            out.add(new Loaded(s.path(), summary));
        }
        return out;
    }
}
