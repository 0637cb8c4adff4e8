package dev.cardinal.engines;

import dev.cardinal.engine.Artefact;
import dev.cardinal.engine.Artefacts;
import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.FileStems;
import dev.cardinal.engine.Language;
import dev.cardinal.engine.SchemaFiles;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.UnwritableNameException;
import dev.cardinal.engine.influxdb1.InfluxQlGenerator;
import dev.cardinal.engine.influxdb2.FluxGenerator;
import dev.cardinal.engine.opensearch.IndexTemplate;
import dev.cardinal.engine.opensearch.SlotSearches;
import dev.cardinal.engine.sql.SlotTables;
import dev.cardinal.engine.sql.SlotWriter;
import dev.cardinal.engine.sql.SqlGenerator;
import dev.cardinal.lineprotocol.WriterSnippets;
import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.SchemaInference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Everything generated for layouts, one artefact per file, with the line an index README gives it: InfluxQL for
 * InfluxDB 1.x, Flux for InfluxDB 2.x and Cloud, the writers, the line protocol shape, schema files, slot tables and,
 * per rollup into a relational table, its SQL for MariaDB and PostgreSQL. Each engine {@link Engines} lists makes its
 * part ({@link dev.cardinal.engine.CodeGenerator}); {@code cardinal generate} writes it; the workbench's code panel shows it.
 */
public final class Bundle {
    /**
     * Artefacts in the order the index lists them (a later artefact with the same file name replaces an earlier one),
     * and what could not be made, with the reason.
     */
    public record Contents(List<Artefact> artefacts, List<String> notWritten) {
        public Contents {
            artefacts = List.copyOf(artefacts);
            notWritten = List.copyOf(notWritten);
        }

        public List<Artefact> in(Language language) {
            return artefacts.stream().filter(a -> a.language() == language).toList();
        }
    }

    private Bundle() {
    }

    /** The database generated code writes to: the workspace's InfluxDB 1.x target's, else the workspace name. */
    public static String database(Workspace ws) {
        return dev.cardinal.engine.DatabaseName.of(ws);
    }

    /** The InfluxDB 2.x organisation: the workspace's InfluxDB 2 target's, else the workspace name. */
    public static String organisation(Workspace ws) {
        return ws.targets().stream().filter(t -> t.kind() == Target.Kind.INFLUXDB_2 && t.org() != null)
            .map(Target::org).findFirst().orElse(SchemaInference.slug(ws.name()));
    }

    /**
     * The artefacts of {@code layouts}; example values come from each event kind's sample in {@code samples} (an
     * event kind without one gets no examples that need a value).
     *
     * @throws IllegalArgumentException when a layout cannot be written (the message says which and why)
     */
    public static Contents of(Workspace ws, List<Layout> layouts, String db, String organisation, Map<String, EventKindSample> samples) {
        Artefacts out = new Artefacts();
        // ids that slug alike ("x y", "x-y", "X_Y") get files of their own, numbered in workspace order
        Map<String, String> layoutStems = FileStems.of(layouts.stream().map(Layout::id).toList());
        Map<String, String> rollupStems = FileStems.of(ws.rollups().stream().map(Rollup::id).toList());
        for (Layout l : layouts) {
            try {
                EventKind kind = ws.eventKind(l.eventKind()).orElseThrow(
                    () -> new IllegalArgumentException("the workspace has no event kind " + l.eventKind()));
                CodeRequest request = new CodeRequest(ws, l, kind, samples.get(l.eventKind()), db, organisation,
                    layoutStems.get(l.id()), rollupStems);
                Engines.generators().forEach(e -> e.layoutCode(request, out));
                String unlistable = SchemaFiles.unlistable(l);
                if (unlistable != null) {
                    out.notWritten("no bucket schema or index mapping for " + l.id() + ": " + unlistable);
                }
                Engines.generators().forEach(e -> e.rollupCode(request, out));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("layout '" + l.id() + "': " + e.getMessage(), e);
            }
        }
        for (Rollup r : ws.rollups()) {
            if (layouts.stream().noneMatch(l -> l.id().equals(r.layout()))) {
                out.notWritten("no code for rollup " + r.id() + ": it reads layout " + r.layout() + ", which is not generated here");
            }
        }
        return new Contents(out.artefacts(), out.notWritten());
    }

    /**
     * Writes every artefact into {@code dir} (made if missing; each file replaced atomically, nothing else touched)
     * and an index README naming {@code source}.
     */
    public static void write(Contents contents, Path dir, String source, Consumer<Path> written) throws IOException {
        Files.createDirectories(dir);
        StringBuilder index = new StringBuilder("# Generated by Cardinal from " + markdownLine(source) + "\n\n");
        for (Artefact a : contents.artefacts()) {
            Path file = dir.resolve(a.file());
            AtomicFiles.write(file, a.text().getBytes(StandardCharsets.UTF_8));
            index.append("- `").append(a.file()).append("`: ").append(markdownLine(a.description())).append('\n');
            written.accept(file);
        }
        contents.notWritten().forEach(n -> index.append("- ").append(markdownLine(n)).append('\n'));
        AtomicFiles.write(dir.resolve("README.md"), index.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A line of the index README: names in it stay on the line (no line break starts another Markdown block) and a
     * {@code <} cannot open HTML in a viewer that renders it.
     */
    private static String markdownLine(String text) {
        return CommentText.line(text).replace("<", "&lt;");
    }

    /** MariaDB or PostgreSQL: {@link SqlDialect#product}. */
    public static String engine(SqlDialect d) {
        return d.product();
    }
}
