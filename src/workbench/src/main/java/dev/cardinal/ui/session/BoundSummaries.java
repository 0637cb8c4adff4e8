package dev.cardinal.ui.session;

import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The traffic summaries a workspace binds, read: what the projection of their event kinds comes from in place of
 * rows. A summary stands for all of its traffic, as {@code cardinal analyze} has it, so an event kind has either
 * rows or one summary, never both; and a summary covers the layouts of a workspace, so each of its event kinds must
 * be one the workspace describes.
 * <p>
 * One instance belongs to the workbench's session and is shared by everything that reads a summary (the opener's
 * check, the live projection, the Compare tab), so each file is read once: again only when it is bound anew (after
 * {@link #retain} forgot it) or replaced on disk (another size, time of change or file identity). A summary rewritten
 * in place with the same size and the same time of change is not noticed; nothing a writer of summaries does makes one.
 */
public final class BoundSummaries {
    /** A summary as read from {@code file}. */
    public record Loaded(Path file, TrafficSummary summary) {
        public String name() {
            return file.getFileName().toString();
        }
    }

    /** How a summary file is read (a test counts the reads). */
    interface Reader {
        TrafficSummary read(Path file) throws IOException;
    }

    /** What says a file on disk is the one read: replaced by a rename, rewritten or touched, one of these changes. */
    private record Stamp(long size, FileTime modified, Object identity) {
        static Stamp of(BasicFileAttributes a) {
            return new Stamp(a.size(), a.lastModifiedTime(), a.fileKey());
        }
    }

    private record Version(Stamp stamp, TrafficSummary summary) {
    }

    private final Reader reader;
    /** Each file's last reading; a reading holds its own file's entry only, so {@link #kept} never waits for one. */
    private final Map<Path, Version> read = new ConcurrentHashMap<>();
    private final AtomicLong reads = new AtomicLong();

    public BoundSummaries() {
        this(TrafficSummaryFile::read);
    }

    BoundSummaries(Reader reader) {
        this.reader = Objects.requireNonNull(reader);
    }

    /** The summary in {@code file}, read again only when the file changed. */
    public Loaded load(Path file) throws IOException {
        Path key = key(file);
        Stamp stamp;
        try {
            stamp = Stamp.of(Files.readAttributes(key, BasicFileAttributes.class));
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file + ": no such file");
        }
        try {
            Version v = read.compute(key, (k, was) -> was != null && was.stamp().equals(stamp) ? was : readNow(k, stamp));
            return new Loaded(file, v.summary());
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private Version readNow(Path file, Stamp stamp) {
        reads.incrementAndGet();
        try {
            return new Version(stamp, reader.read(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The summary in {@code file} as last read, without reading it or looking at the file (for the FX thread): empty
     * when it has not been read since it was bound.
     */
    public Optional<TrafficSummary> kept(Path file) {
        return Optional.ofNullable(read.get(key(file))).map(Version::summary);
    }

    /** The summary among {@code files} that holds traffic of {@code eventKind}, if any. */
    public Optional<Loaded> of(String eventKind, List<Path> files) throws IOException {
        for (Path f : files) {
            Loaded l = load(f);
            if (l.summary().eventKind(eventKind).isPresent()) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }

    /**
     * Forgets every summary but those of {@code bound}, the files the shown workspace binds now: a summary no longer
     * bound is not kept in memory, and is read again if it is bound again (by an undo, or added anew).
     */
    void retain(Collection<Path> bound) {
        Set<Path> keep = new HashSet<>();
        bound.forEach(f -> keep.add(key(f)));
        read.keySet().retainAll(keep);
    }

    /** How many times a summary file was read (for tests and diagnostics). */
    public long reads() {
        return reads.get();
    }

    private static Path key(Path file) {
        return file.toAbsolutePath().normalize();
    }

    /**
     * Reads each bound summary of {@code ws} and checks it against the workspace and the rows of {@code rows}: every
     * event kind of a summary is one of the workspace's, has no rows, and is in no other summary.
     *
     * @throws IOException saying which file and why (a malformed or newer summary: where in it, as its reader says)
     */
    List<Loaded> check(Workspace ws, Sample rows, List<SampleReader.Source> summaries) throws IOException {
        List<Loaded> out = new ArrayList<>();
        Map<String, String> kinds = new HashMap<>();
        for (SampleReader.Source s : summaries) {
            Loaded loaded = load(s.path());
            String name = loaded.name();
            for (TrafficSummary.Kind k : loaded.summary().eventKinds()) {
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
            out.add(loaded);
        }
        return out;
    }
}
