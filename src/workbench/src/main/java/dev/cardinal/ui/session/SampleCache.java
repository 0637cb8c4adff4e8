package dev.cardinal.ui.session;

import dev.cardinal.model.OutsideSample;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The samples read for the last few sets of traffic files a workspace bound, so that the sample shown is always the
 * one the workspace's files give: undo and redo of a sample edit find the sample that goes with the workspace they
 * bring back without reading it again. Only the last {@value #KEPT} are kept: a sample can be large.
 */
final class SampleCache {
    static final int KEPT = 3;

    /**
     * Which traffic a sample is read from: each file as resolved, with how it is read. A binding's id and its path as
     * written (relative to the workspace file) are left out, so saving elsewhere (which rewrites the paths) or a
     * binding renamed is the same traffic.
     */
    record Key(List<Entry> files) {
        record Entry(Path file, SampleBinding howRead) {
        }

        static Key of(List<SampleReader.Source> sources) {
            return new Key(sources.stream()
                .map(s -> new Entry(s.path().toAbsolutePath().normalize(), new SampleBinding("", "", s.binding().format(),
                    s.binding().eventKind(), s.binding().precision(), s.binding().timeColumn(), s.binding().timeFormat(),
                    s.binding().tagColumns())))
                .toList());
        }

        /** The traffic of {@code ws} saved as {@code file}, without the bound files in {@code unread}. */
        static Key of(Path file, Workspace ws, List<OutsideSample> unread) {
            return file == null || ws == null ? new Key(List.of()) : of(WorkspaceOpener.sources(file, ws, unread));
        }

        boolean isEmpty() {
            return files.isEmpty();
        }
    }

    private final Map<Key, Sample> kept = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Sample> eldest) {
            return size() > KEPT;
        }
    };

    Optional<Sample> get(Key key) {
        return Optional.ofNullable(kept.get(key));
    }

    void put(Key key, Sample sample) {
        kept.put(key, sample);
    }

    void clear() {
        kept.clear();
    }
}
