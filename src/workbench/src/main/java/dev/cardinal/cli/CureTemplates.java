package dev.cardinal.cli;

import dev.cardinal.engine.opensearch.MappingCures;
import dev.cardinal.model.AtomicFiles;
import dev.cardinal.traffic.SchemaInference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The index templates of the cures ({@link CuresReport}) as files, for {@code cardinal generate} and
 * {@code cardinal analyze --cures-dir}.
 */
final class CureTemplates {
    private CureTemplates() {
    }

    /**
     * Writes each cure's template of each event kind to {@code dir} as {@code KIND.CURE.index-template.json} (names
     * made slugs, each file written whole or not at all); the files written.
     */
    static List<Path> write(List<MappingReport.Kind> kinds, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (MappingReport.Kind k : kinds) {
            for (MappingCures.Row r : k.cures().rows()) {
                if (r.template() != null) {
                    Path file = dir.resolve(SchemaInference.slug(k.name()) + "." + SchemaInference.slug(r.cure())
                        + ".index-template.json");
                    AtomicFiles.write(file, r.template().getBytes(StandardCharsets.UTF_8));
                    written.add(file);
                }
            }
        }
        return written;
    }
}
