package dev.cardinal.traffic.scenarios;

import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Template;
import dev.cardinal.model.TemplateException;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.zip.GZIPOutputStream;

/**
 * The sample scenarios: a workspace plus deterministic traffic for each, so that demos, tests and documentation
 * all look at the same numbers. Writing a scenario twice with the same row count gives byte-identical files (the
 * gzip header carries no time stamp, and every random draw comes from a fixed seed).
 */
public final class Scenarios {
    private static final List<Scenario> ALL = List.of(
        new AdMarketplaceScenario(), new WeatherScenario(), new CustomMetricsScenario());

    private Scenarios() {
    }

    /** The scenario names, e.g. {@code ad-marketplace}, {@code weather}, {@code custom-metrics}. */
    public static List<String> names() {
        return ALL.stream().map(Scenario::name).toList();
    }

    /**
     * The bench scenario, {@code id-explosion}: written by name like the others, never as one of "all" (it has no
     * committed files), at any seed ({@link #writeExplosion}).
     */
    public static final String EXPLOSION = IdExplosionScenario.NAME;

    /** The scenarios that can be written by name: {@link #names()} and {@link #EXPLOSION}. */
    public static List<String> writable() {
        return java.util.stream.Stream.concat(names().stream(), java.util.stream.Stream.of(EXPLOSION)).toList();
    }

    /** {@link #EXPLOSION}'s traffic and workspace, as {@link #write(String, Path, long)}, with ids drawn from {@code seed}. */
    public static Path writeExplosion(Path dir, long rows, long seed) throws IOException {
        return writeExplosion(dir, rows, seed, n -> { });
    }

    /** {@link #writeExplosion(Path, long, long)}, telling {@code rowsWritten} how far it has come as it goes. */
    public static Path writeExplosion(Path dir, long rows, long seed, LongConsumer rowsWritten) throws IOException {
        return write(new IdExplosionScenario(seed), dir, rows, Clock.EXACT, rowsWritten);
    }

    /** The seed {@link #EXPLOSION} is written with unless told another. */
    public static long explosionSeed() {
        return IdExplosionScenario.DEFAULT_SEED;
    }

    /** The row count of the traffic committed under {@code sample-data/<name>/}. */
    public static long defaultRows(String name) {
        return scenario(name).defaultRows();
    }

    /** The scenario's workspace, whose sample binding points at {@code traffic.lp.gz} beside the workspace file. */
    public static Workspace workspace(String name) {
        return scenario(name).workspace();
    }

    /** The workspace file name, {@code <name>.cardinal.json}. */
    public static String workspaceFileName(String name) {
        return scenario(name).name() + WorkspaceFiles.EXTENSION;
    }

    /**
     * Writes {@code dir/<name>.cardinal.json} and {@code dir/traffic.lp.gz} with exactly {@code rows} points.
     * Both files are replaced atomically; an existing workspace file is kept as its {@code .bak}, as every save does.
     *
     * @return the workspace file
     * @throws IllegalArgumentException for an unknown name or a negative row count
     */
    public static Path write(String name, Path dir, long rows) throws IOException {
        return write(name, dir, rows, Clock.EXACT);
    }

    /**
     * {@link #write(String, Path, long)} with the events stamped by {@code clock}: {@link Clock#EXACT} makes the
     * shipped files, the others traffic whose points may share a series and a timestamp.
     */
    public static Path write(String name, Path dir, long rows, Clock clock) throws IOException {
        return write(scenario(name), dir, rows, clock, n -> { });
    }

    /**
     * {@link #write(String, Path, long, Clock)}, telling {@code rowsWritten} the points written so far as it goes
     * (about every 65,000), for a command that shows a long write's progress.
     */
    public static Path write(String name, Path dir, long rows, Clock clock, LongConsumer rowsWritten) throws IOException {
        return write(scenario(name), dir, rows, clock, rowsWritten);
    }

    private static Path write(Scenario s, Path dir, long rows, Clock clock, LongConsumer rowsWritten) throws IOException {
        if (rows < 0) {
            throw new IllegalArgumentException("rows must not be negative, was " + rows);
        }
        Files.createDirectories(dir);
        writeTraffic(s, dir.resolve(Scenario.TRAFFIC_FILE), rows, clock, rowsWritten);
        Path workspaceFile = dir.resolve(s.name() + WorkspaceFiles.EXTENSION);
        WorkspaceFiles.save(workspaceFile, s.workspace());
        return workspaceFile;
    }

    /** {@link #write(String, Path, long)} with the default row count. */
    public static Path write(String name, Path dir) throws IOException {
        return write(name, dir, defaultRows(name));
    }

    /** The file a scenario's traffic goes to, beside its workspace. */
    public static final String TRAFFIC_FILE = Scenario.TRAFFIC_FILE;

    /** The file the document form of a scenario goes to, beside its workspace. */
    public static final String DOCUMENTS_FILE = "documents.ndjson.gz";

    /** The scenarios that have a document form (for OpenSearch / Elasticsearch). */
    public static List<String> documentNames() {
        return List.of("custom-metrics");
    }

    /** The default document count of a scenario's document form. */
    public static long defaultDocuments(String name) {
        documentScenario(name);
        return CustomMetricsDocuments.defaultRows();
    }

    /**
     * Writes {@code dir/documents.ndjson.gz}, the scenario's document form, with exactly {@code rows} documents,
     * atomically; the same rows give the same bytes.
     *
     * @return the file
     * @throws IllegalArgumentException for a scenario without a document form, or a negative row count
     */
    public static Path writeDocuments(String name, Path dir, long rows) throws IOException {
        documentScenario(name);
        if (rows < 0) {
            throw new IllegalArgumentException("rows must not be negative, was " + rows);
        }
        return writeGzipDocuments(dir, w -> CustomMetricsDocuments.write(w, rows));
    }

    /**
     * Writes {@code dir/documents.ndjson.gz}: {@code rows} documents of user-named metrics whose customers arrive in
     * {@code shape}, drawn from {@code seed}, atomically; the same shape, seed and rows give the same bytes.
     */
    public static Path writeShapeDocuments(DocumentShape shape, Path dir, long rows, long seed) throws IOException {
        if (rows < 0) {
            throw new IllegalArgumentException("rows must not be negative, was " + rows);
        }
        return writeGzipDocuments(dir, w -> NamedMetricsDocuments.write(w, rows, shape, seed));
    }

    private interface DocumentWriter {
        void write(Writer w) throws IOException;
    }

    private static Path writeGzipDocuments(Path dir, DocumentWriter documents) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(DOCUMENTS_FILE);
        AtomicFiles.write(file, null, raw -> {
            // no time stamp in the gzip header: the bytes depend on the content only
            GZIPOutputStream gz = new GZIPOutputStream(new BufferedOutputStream(raw, 1 << 16), 1 << 16);
            Writer w = new OutputStreamWriter(gz, StandardCharsets.UTF_8);
            documents.write(w);
            w.flush();
            gz.finish();
            gz.flush();
        });
        return file;
    }

    private static void documentScenario(String name) {
        if (!documentNames().contains(name)) {
            throw new IllegalArgumentException("scenario '" + name + "' has no document form (those that do: "
                + String.join(", ", documentNames()) + ")");
        }
    }

    private static Scenario scenario(String name) {
        if (name.equals(EXPLOSION)) {
            return new IdExplosionScenario();
        }
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(() ->
            new IllegalArgumentException("unknown scenario '" + name + "' (expected one of "
                + String.join(", ", names()) + ")"));
    }

    private static void writeTraffic(Scenario s, Path file, long rows, Clock clock, LongConsumer rowsWritten) throws IOException {
        AtomicFiles.write(file, null, raw -> {
            // GZIPOutputStream writes mtime 0 and no file name, so the bytes depend on the content only
            GZIPOutputStream gz = new GZIPOutputStream(new BufferedOutputStream(raw, 1 << 16), 1 << 16);
            Writer w = new OutputStreamWriter(gz, StandardCharsets.UTF_8);
            LineProtocolWriter lp = new LineProtocolWriter(w, clock).reportingTo(rowsWritten);
            s.writeTraffic(lp, rows);
            if (lp.rows() != rows) {
                throw new IllegalStateException(s.name() + " wrote " + lp.rows() + " rows, asked for " + rows);
            }
            w.flush();
            gz.finish();
            gz.flush();
        });
    }

    /** The binding every scenario uses: its traffic file beside the workspace, nanosecond timestamps. */
    static SampleBinding trafficBinding() {
        return SampleBinding.lineProtocol("traffic", Scenario.TRAFFIC_FILE, "ns");
    }

    /** Parses a template written in this package; a syntax error is a bug here, not bad input. */
    static Template template(String pattern) {
        try {
            return Template.parse(pattern);
        } catch (TemplateException e) {
            throw new IllegalStateException("bad built-in template '" + pattern + "'", e);
        }
    }
}
