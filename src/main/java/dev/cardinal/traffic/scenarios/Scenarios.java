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
        Scenario s = scenario(name);
        if (rows < 0) {
            throw new IllegalArgumentException("rows must not be negative, was " + rows);
        }
        Files.createDirectories(dir);
        writeTraffic(s, dir.resolve(Scenario.TRAFFIC_FILE), rows);
        Path workspaceFile = dir.resolve(workspaceFileName(name));
        WorkspaceFiles.save(workspaceFile, s.workspace());
        return workspaceFile;
    }

    /** {@link #write(String, Path, long)} with the default row count. */
    public static Path write(String name, Path dir) throws IOException {
        return write(name, dir, defaultRows(name));
    }

    private static Scenario scenario(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(() ->
            new IllegalArgumentException("unknown scenario '" + name + "' (expected one of "
                + String.join(", ", names()) + ")"));
    }

    private static void writeTraffic(Scenario s, Path file, long rows) throws IOException {
        AtomicFiles.write(file, null, raw -> {
            // GZIPOutputStream writes mtime 0 and no file name, so the bytes depend on the content only
            GZIPOutputStream gz = new GZIPOutputStream(new BufferedOutputStream(raw, 1 << 16), 1 << 16);
            Writer w = new OutputStreamWriter(gz, StandardCharsets.UTF_8);
            LineProtocolWriter lp = new LineProtocolWriter(w);
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
