package dev.cardinal.engines;

import dev.cardinal.engine.CommentText;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Everything generated for layouts, one artefact per file, with the line an index README gives it: InfluxQL for
 * InfluxDB 1.x, Flux for InfluxDB 2.x and Cloud, the writers, the line protocol shape, schema files, slot tables and,
 * per rollup into a relational table, its SQL for MariaDB and PostgreSQL. {@code cardinal generate} writes it;
 * the workbench's code panel shows it.
 */
public final class Bundle {
    /**
     * What an artefact is written in, for highlighting and grouping, and how a comment is written in it: the one
     * place where text from names and samples becomes a comment ({@link CommentText}). JSON has no comments; the
     * code panel still labels JSON files with a {@code //} line, as JSON with comments does.
     */
    public enum Language {
        INFLUXQL("-- "), FLUX("// "), SQL("-- "), JAVA("// "), JAVASCRIPT("// "), LINE_PROTOCOL("# "), JSON("// "), SHELL("# ");

        private final String commentStart;

        Language(String commentStart) {
            this.commentStart = commentStart;
        }

        /** A one-line comment saying {@code text}, without its line break; nothing in the text can end it early. */
        public String comment(String text) {
            return commentStart + CommentText.line(text);
        }
    }

    /**
     * One file.
     *
     * @param file        its name in the output folder
     * @param text        its content
     * @param description the index line that says what it is
     * @param language    what it is written in
     * @param dialect     the SQL dialect, or null when it is not SQL
     */
    public record Artefact(String file, String text, String description, Language language, SqlDialect dialect) {
    }

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
        return ws.targets().stream().filter(t -> t.kind() == Target.Kind.INFLUXDB_1 && t.database() != null)
            .map(Target::database).findFirst().orElse(SchemaInference.slug(ws.name()).replace('-', '_'));
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
        Map<String, Artefact> files = new LinkedHashMap<>();
        List<String> notWritten = new ArrayList<>();
        // ids that slug alike ("x y", "x-y", "X_Y") get files of their own, numbered in workspace order
        Stems stems = new Stems(stems(layouts.stream().map(Layout::id).toList()), stems(ws.rollups().stream().map(Rollup::id).toList()));
        for (Layout l : layouts) {
            try {
                artefacts(ws, l, db, organisation, samples.get(l.eventKind()), files, notWritten, stems);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("layout '" + l.id() + "': " + e.getMessage(), e);
            }
        }
        for (Rollup r : ws.rollups()) {
            if (layouts.stream().noneMatch(l -> l.id().equals(r.layout()))) {
                notWritten.add("no code for rollup " + r.id() + ": it reads layout " + r.layout() + ", which is not generated here");
            }
        }
        return new Contents(new ArrayList<>(files.values()), notWritten);
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

    /** {@code ids-as-fields} -> {@code IdsAsFields}. */
    public static String javaClassName(String id) {
        StringBuilder sb = new StringBuilder();
        boolean upper = true;
        for (char c : id.toCharArray()) {
            if (c < 128 && Character.isLetterOrDigit(c)) {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            } else {
                upper = true;
            }
        }
        return sb.length() == 0 || Character.isDigit(sb.charAt(0)) ? "Layout" + sb : sb.toString();
    }

    private static void put(Map<String, Artefact> files, String file, String text, String description, Language language) {
        files.put(file, new Artefact(file, text, description, language, null));
    }

    /** Every artefact of one layout, in the order the index lists them; what cannot be made goes to {@code notWritten}. */
    private static void artefacts(Workspace ws, Layout l, String db, String organisation, EventKindSample sample,
                                  Map<String, Artefact> files, List<String> notWritten, Stems stems) {
        EventKind kind = ws.eventKind(l.eventKind()).orElseThrow(
            () -> new IllegalArgumentException("the workspace has no event kind " + l.eventKind()));
        String base = stems.layouts().get(l.id());

        attempt(notWritten, "InfluxQL for " + l.id(), () -> {
            InfluxQlGenerator.Script influxql = InfluxQlGenerator.generate(ws, l, db, sample);
            String file = base + ".influxql";
            put(files, file, influxql.text(), "InfluxQL for InfluxDB 1.x, layout " + l.id() + " (database " + db
                + "): " + influxql.setup().size() + " setup statements, " + influxql.continuousQueries().size()
                + " continuous queries, " + influxql.examples().size() + " example queries. Run it whole with"
                + " `curl -XPOST 'http://localhost:8086/query?db=" + java.net.URLEncoder.encode(db, StandardCharsets.UTF_8)
                + "' --data-urlencode q@" + file + "`.", Language.INFLUXQL);
        });

        FluxGenerator.Output flux = FluxGenerator.generate(ws, l, db, organisation, sample);
        attempt(notWritten, "bucket commands for " + l.id(), () -> put(files, base + ".buckets.sh", "#!/bin/sh\n"
            + Language.SHELL.comment("the InfluxDB 2.x buckets of layout " + l.id()) + "\nset -e\n"
            + String.join("\n", flux.bucketCommands()) + "\n", "`influx bucket create` commands (organisation " + organisation + ").",
            Language.SHELL));
        StringBuilder examples = new StringBuilder();
        flux.examples().forEach(e -> examples.append(Language.FLUX.comment(e.purpose())).append('\n').append(e.flux()).append('\n'));
        if (!examples.isEmpty()) {
            put(files, base + ".examples.flux", examples.toString(), "example Flux queries.", Language.FLUX);
        }

        String className = javaClassName(l.id()) + "Writer";
        put(files, className + ".java", WriterSnippets.java(kind, l, className), "the writer in Java (influxdb-client-java `Point`).",
            Language.JAVA);
        put(files, base + ".writer.js", WriterSnippets.javascript(kind, l,
            Character.toLowerCase(className.charAt(0)) + className.substring(1).replace("Writer", "Point")),
            "the writer in JavaScript (`@influxdata/influxdb-client`).", Language.JAVASCRIPT);
        put(files, base + ".lp", WriterSnippets.lineProtocol(kind, l),
            "the line protocol shape: which attributes are tags, which fields, with their types.", Language.LINE_PROTOCOL);
        String unlistable = SchemaFiles.unlistable(l);
        if (unlistable == null) {
            put(files, base + ".bucket-schema.json", SchemaFiles.bucketSchemaColumns(kind, l),
                "InfluxDB Cloud explicit bucket schema: `influx bucket-schema create --columns-file " + base + ".bucket-schema.json`.",
                Language.JSON);
            put(files, base + ".es-mapping.json", SchemaFiles.elasticsearchMapping(kind, l),
                "Elasticsearch/OpenSearch index mapping, `dynamic: strict`.", Language.JSON);
            for (var t : ws.targets()) {
                if (t.kind().isDocument()) {
                    String name = base + ".index-template-" + SchemaInference.slug(t.id()) + ".json";
                    put(files, name, IndexTemplate.body(kind, l, t), "the " + t.kind().product() + " index template for "
                        + "target " + t.id() + ": `PUT _index_template/" + IndexTemplate.name(l) + "` with this body.",
                        Language.JSON);
                    String searches = base + ".slot-searches-" + SchemaInference.slug(t.id()) + ".json";
                    SlotSearches.forSample(l, t, sample).ifPresent(text -> put(files, searches, text, "example searches per"
                        + " slot for the sample's busiest tenant: each `request` with its `body`.", Language.JSON));
                }
            }
        } else {
            notWritten.add("no bucket schema or index mapping for " + l.id() + ": " + unlistable);
        }
        for (FluxGenerator.Script task : flux.tasks()) {
            String name = taskFile(task, ws.rollups(), stems.rollups());
            put(files, name, Language.FLUX.comment(task.purpose()) + "\n" + task.flux(),
                "a Flux task (InfluxDB 2.x / Cloud): `influx task create --file " + name + "`.", Language.FLUX);
        }

        if (SlotWriter.applies(l)) {
            String slotWriter = SlotWriter.className(l);
            attempt(notWritten, slotWriter + ".java", () -> put(files, slotWriter + ".java", SlotWriter.java(kind, l, sample, slotWriter),
                "the slot writer in Java (JDK and JDBC only): `slotOf` and `nameOf` translate names to slots and back"
                    + " through the slot tables behind an LRU cache; `fields` lays a scope's names and values out under the"
                    + " slot keys.", Language.JAVA));
        }
        // two ways of slotting whose names slug alike ("a b", "a-b") get files of their own, numbered in field order
        Map<String, dev.cardinal.model.Template.SlotRef> slots = new LinkedHashMap<>();
        for (var f : l.fields()) {
            for (var slot : SlotTables.slots(f.key())) {
                slots.putIfAbsent(SlotTables.name(l, slot), slot);
            }
        }
        Map<String, String> slotFiles = stems(List.copyOf(slots.keySet()));
        slots.forEach((tables, slot) -> {
            for (SqlDialect d : SqlDialect.values()) {
                String name = base + ".slots-" + slotFiles.get(tables) + "." + d.id() + ".sql";
                attempt(notWritten, name, () -> files.put(name, new Artefact(name,
                    SlotTables.generate(d, slot, kind, sample, SlotTables.prefix(l, slot)).text(),
                    "the slot mapping and counter tables with the allocation protocol, for " + engine(d) + ".", Language.SQL, d)));
            }
        });
        for (Rollup r : ws.rollups()) {
            if (r.layout().equals(l.id()) && r.destination().kind() == Rollup.DestinationKind.RELATIONAL_TABLE) {
                for (SqlDialect d : SqlDialect.values()) {
                    String stem = stems.rollups().get(r.id()) + "." + d.id();
                    attempt(notWritten, stem + ".sql", () -> files.put(stem + ".sql", new Artefact(stem + ".sql",
                        SqlGenerator.generate(d, r, kind, sample).script(), "the rollup's summary table for " + engine(d)
                        + ", a script that runs whole: `" + client(d, stem + ".sql") + "`.", Language.SQL, d)));
                    attempt(notWritten, stem + ".statements.txt", () -> files.put(stem + ".statements.txt", new Artefact(
                        stem + ".statements.txt", SqlGenerator.generate(d, r, kind, sample).statements(), "the statements the"
                        + " daily job and the reports prepare through a driver (`?` parameters), for " + engine(d)
                        + "; not a script.", Language.SQL, d)));
                }
            }
        }
    }

    /** The file stems of layouts and of rollups, by id: each id's slug, numbered where two ids slug alike. */
    private record Stems(Map<String, String> layouts, Map<String, String> rollups) {
    }

    /** Each id's slug, in order; a slug taken before (or an earlier numbered one) gets the next free number. */
    static Map<String, String> stems(List<String> ids) {
        Map<String, String> out = new LinkedHashMap<>();
        java.util.Set<String> taken = new java.util.HashSet<>();
        for (String id : ids) {
            String slug = SchemaInference.slug(id);
            String unique = slug;
            for (int n = 2; !taken.add(unique); n++) {
                unique = slug + "-" + n;
            }
            out.put(id, unique);
        }
        return out;
    }

    /** A rollup's task is named after the rollup ({@code ID.flux}, {@code ID.ENGINE.flux}): its file, after the rollup's stem. */
    private static String taskFile(FluxGenerator.Script task, List<Rollup> rollups, Map<String, String> stems) {
        String name = task.name().replace(".flux", "");
        Rollup of = rollups.stream().filter(r -> name.equals(r.id()) || name.startsWith(r.id() + "."))
            .max(java.util.Comparator.comparingInt(r -> r.id().length())).orElse(null);
        String stem = of == null ? SchemaInference.slug(name) : stems.get(of.id()) + (name.equals(of.id()) ? ""
            : "-" + SchemaInference.slug(name.substring(of.id().length() + 1)));
        return stem + ".task.flux";
    }

    /** How the engine's own client runs a script, stopping at the first error. */
    private static String client(SqlDialect d, String file) {
        return d == SqlDialect.MARIADB ? "mariadb DATABASE < " + file : "psql -v ON_ERROR_STOP=1 -d DATABASE -f " + file;
    }

    /** Makes one language's artefacts; a name that language cannot hold leaves them out, with the reason. */
    private static void attempt(List<String> notWritten, String what, Runnable make) {
        try {
            make.run();
        } catch (UnwritableNameException e) {
            notWritten.add("no " + what + ": " + e.getMessage());
        }
    }

    /** MariaDB or PostgreSQL: the engines the SQL is checked on (MySQL lacks MariaDB's exact collation: {@link SqlDialect#scriptHeader}). */
    public static String engine(SqlDialect d) {
        return d == SqlDialect.MARIADB ? "MariaDB" : "PostgreSQL";
    }
}
