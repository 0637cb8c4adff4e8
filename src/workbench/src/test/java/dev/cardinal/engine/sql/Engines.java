package dev.cardinal.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.SqlDialect;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Generated files run the way a user runs them, on the real engines: a SQL file through {@code psql -f} and
 * {@code mariadb --force} (the clients keep going past a failed statement, as a user's run would), a shell script
 * through {@code sh}, JavaScript writers loaded by Node with the real client. Each run says how many statements the
 * engine saw, so a test can hold it to the number the file shows.
 */
public final class Engines {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JS_SOURCE = Path.of("src", "workbench", "src", "test", "js");
    private static final Path JS_INSTALL = Path.of("target", "js-client");

    /** What a client printed, and how many statements reached the server. */
    public record SqlRun(int statements, String out, String err) {
    }

    /** One run of a shell script: its exit status, the arguments of each {@code influx} call, and its stderr. */
    public record ShellRun(int exit, List<List<String>> influxCalls, String err) {
    }

    /** A JavaScript module as Node loaded it: its exports and the globals it added. */
    public record JsModule(List<String> exports, List<String> globals) {
    }

    private Engines() {
    }

    /** The local MariaDB ({@code root}, no password) or PostgreSQL ({@code postgres}, trust), database {@code test}. */
    public static Connection connect(SqlDialect d) throws java.sql.SQLException {
        return GeneratedSqlTest.connect(d);
    }

    /**
     * {@code psql -f FILE} with {@code search_path} set to {@code schema}, in {@code cwd}. psql prints a command tag
     * on stdout for each statement that ran and, with terse errors, one {@code ERROR:} line on stderr for each that
     * failed: together, the statements the server was sent.
     */
    public static SqlRun psql(Path file, String schema, Path cwd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("psql", "-X", "-h", "127.0.0.1", "-U", "postgres", "-v", "VERBOSITY=terse",
            "-v", "SHOW_CONTEXT=never", "-f", file.toAbsolutePath().toString(), "test").directory(cwd.toFile());
        pb.environment().put("PGOPTIONS", "-c search_path=" + schema);
        Output o = run(pb, null);
        long tags = o.out.lines().filter(l -> l.matches("[A-Z]+( [A-Z]+)*( \\d+)*")).count();
        long errors = o.err.lines().filter(l -> l.contains(": ERROR:  ")).count();
        return new SqlRun((int) (tags + errors), o.out, o.err);
    }

    /** A script run as its README line says: stopping at the first error; its exit status and what the client said. */
    public record ScriptRun(int exit, String out, String err) {
    }

    /**
     * {@code psql -v ON_ERROR_STOP=1 -f FILE} (search path {@code schema}) or {@code mariadb DATABASE < FILE} without
     * {@code --force}: a statement the engine refuses ends the run with a non-zero status.
     */
    public static ScriptRun strict(SqlDialect d, Path file, String schema) throws IOException, InterruptedException {
        ProcessBuilder pb = d == SqlDialect.MARIADB
            ? new ProcessBuilder("mariadb", "-h", "127.0.0.1", "-uroot", schema)
            : new ProcessBuilder("psql", "-X", "-h", "127.0.0.1", "-U", "postgres", "-v", "ON_ERROR_STOP=1", "-f",
                file.toAbsolutePath().toString(), "test");
        pb.environment().put("PGOPTIONS", "-c search_path=" + schema);
        Output o = run(pb, d == SqlDialect.MARIADB ? file : null);
        return new ScriptRun(o.exit, o.out, o.err);
    }

    /** What a test does on a connection whose default schema is one a script made. */
    public interface InSchema {
        void run(Connection c, Statement st, String schema) throws Exception;
    }

    /**
     * Runs {@code file} with {@link #strict} in a schema of its own (named from {@code prefix}), requires it to succeed,
     * then runs {@code body} on a connection that uses that schema; the schema is dropped afterwards.
     */
    public static void afterScript(SqlDialect d, Path file, String prefix, InSchema body) throws Exception {
        String schema = prefix + "_" + System.nanoTime();
        try (Connection c = connect(d); Statement st = c.createStatement()) {
            st.execute((d == SqlDialect.MARIADB ? "CREATE DATABASE " : "CREATE SCHEMA ") + schema);
            try {
                ScriptRun run = strict(d, file, schema);
                if (run.exit() != 0) {
                    throw new AssertionError(file.getFileName() + " stopped with " + run.exit() + ":\n" + run.out() + run.err());
                }
                if (d == SqlDialect.MARIADB) {
                    c.setCatalog(schema);
                } else {
                    st.execute("SET search_path = " + schema);
                }
                body.run(c, st, schema);
            } finally {
                st.execute(d == SqlDialect.MARIADB ? "DROP DATABASE " + schema : "DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    /**
     * {@code mariadb --force DATABASE < FILE} in {@code cwd}. The client prints nothing for a statement that ran, so
     * the statements are counted from the server's general log: the client's session is found by a probe value its
     * init command sets, and the probe itself is not counted.
     */
    public static SqlRun mariadb(Path file, String database, Path cwd) throws Exception {
        String probe = "cardinal-probe-" + UUID.randomUUID();
        try (Connection c = connect(SqlDialect.MARIADB); Statement st = c.createStatement()) {
            boolean wasLogging;
            String output;
            try (ResultSet rs = st.executeQuery("SELECT @@general_log, @@log_output")) {
                rs.next();
                wasLogging = rs.getBoolean(1);
                output = rs.getString(2);
            }
            st.execute("SET GLOBAL log_output = 'TABLE'");
            st.execute("SET GLOBAL general_log = 'ON'");
            Output o;
            try {
                ProcessBuilder pb = new ProcessBuilder("mariadb", "-h", "127.0.0.1", "-uroot", "--force",
                    "--init-command=SET @cardinal_probe = '" + probe + "'", database).directory(cwd.toFile());
                o = run(pb, file);
            } finally {
                st.execute("SET GLOBAL general_log = '" + (wasLogging ? "ON" : "OFF") + "'");
                st.execute("SET GLOBAL log_output = '" + output + "'");
            }
            long thread;
            try (PreparedStatement ps = c.prepareStatement("SELECT thread_id FROM mysql.general_log WHERE command_type = 'Query'"
                + " AND argument = ?")) {
                ps.setString(1, "SET @cardinal_probe = '" + probe + "'");
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new AssertionError("the client's session is not in the general log:\n" + o.err);
                    }
                    thread = rs.getLong(1);
                }
            }
            int statements;
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM mysql.general_log WHERE command_type = 'Query' AND thread_id = "
                + thread)) {
                rs.next();
                statements = rs.getInt(1) - 1;
            }
            if (!wasLogging) {
                st.execute("TRUNCATE TABLE mysql.general_log"); // the log is ours only while we turned it on
            }
            return new SqlRun(statements, o.out, o.err);
        }
    }

    /** The tables of a PostgreSQL schema or a MariaDB database, by name. */
    public static List<String> tables(SqlDialect d, String schema) throws Exception {
        try (Connection c = connect(d);
             PreparedStatement ps = c.prepareStatement("SELECT table_name FROM information_schema.tables WHERE table_schema = ?"
                 + " ORDER BY table_name")) {
            ps.setString(1, schema);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        }
    }

    /**
     * Checks {@code sh -n}, then runs the script with {@code sh} in {@code cwd}, with an {@code influx} first on the
     * PATH that records its arguments (InfluxDB 2's CLI cannot be installed here; what is under test is what the
     * shell hands to it).
     */
    public static ShellRun sh(Path script, Path cwd, Path scratch) throws IOException, InterruptedException {
        return sh(script, cwd, scratch, "influx");
    }

    /** As {@link #sh(Path, Path, Path)}, with the recording command named {@code tool} ({@code influxdb3}). */
    public static ShellRun sh(Path script, Path cwd, Path scratch, String tool) throws IOException, InterruptedException {
        Output syntax = run(new ProcessBuilder("sh", "-n", script.toAbsolutePath().toString()).directory(cwd.toFile()), null);
        assertEquals(0, syntax.exit, "sh -n " + script + ": " + syntax.err);
        Path bin = Files.createDirectories(scratch.resolve("bin"));
        Path calls = Files.createDirectories(scratch.resolve("calls"));
        Path influx = bin.resolve(tool);
        Files.writeString(influx, "#!/bin/sh\nn=$(ls \"$CARDINAL_CALLS\" | wc -l)\n"
            + "for a in \"$@\"; do printf '%s\\0' \"$a\"; done > \"$CARDINAL_CALLS/$n\"\n");
        influx.toFile().setExecutable(true);
        ProcessBuilder pb = new ProcessBuilder("sh", script.toAbsolutePath().toString()).directory(cwd.toFile());
        pb.environment().put("PATH", bin.toAbsolutePath() + ":/usr/bin:/bin");
        pb.environment().put("CARDINAL_CALLS", calls.toAbsolutePath().toString());
        Output o = run(pb, null);
        List<List<String>> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(calls)) {
            for (Path p : s.sorted((a, b) -> Integer.compare(Integer.parseInt(a.getFileName().toString()),
                Integer.parseInt(b.getFileName().toString()))).toList()) {
                String text = new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
                out.add(text.isEmpty() ? List.of() : List.of(text.substring(0, text.length() - 1).split("\0", -1)));
            }
        }
        return new ShellRun(o.exit, out, o.err);
    }

    /**
     * Installs the real {@code @influxdata/influxdb-client} (pinned by {@code src/test/js/package-lock.json}) once;
     * returns a new folder for modules that import it.
     */
    public static synchronized Path javascriptClient() throws IOException, InterruptedException {
        npmCi(JS_SOURCE, JS_INSTALL, "@influxdata/influxdb-client");
        return Files.createTempDirectory(Files.createDirectories(JS_INSTALL.resolve("writers")), "run");
    }

    /** {@code npm ci} of {@code source}'s package and lock files into {@code install}, unless {@code module} is there. */
    public static void npmCi(Path source, Path install, String module) throws IOException, InterruptedException {
        if (Files.isDirectory(install.resolve("node_modules").resolve(module))) {
            return;
        }
        Files.createDirectories(install);
        for (String f : List.of("package.json", "package-lock.json")) {
            Files.copy(source.resolve(f), install.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        Output o = run(new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(install.toFile()), null, 300);
        if (o.exit != 0) {
            throw new IOException("npm ci of " + module + " failed:\n" + o.out + o.err);
        }
    }

    /** Loads each module (they must lie under {@link #javascriptClient()}'s folder) in one Node process. */
    public static List<JsModule> loadJavaScript(List<Path> modules) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("node", JS_SOURCE.resolve("load-writer.mjs").toString()));
        modules.forEach(m -> cmd.add(m.toString()));
        Output o = run(new ProcessBuilder(cmd), null);
        assertEquals(0, o.exit, o.err);
        List<JsModule> out = new ArrayList<>();
        for (String line : o.out.lines().toList()) {
            JsonNode n = JSON.readTree(line);
            List<String> exports = new ArrayList<>();
            n.path("exports").forEach(e -> exports.add(e.asText()));
            List<String> globals = new ArrayList<>();
            n.path("globals").forEach(e -> globals.add(e.asText()));
            out.add(new JsModule(exports, globals));
        }
        assertEquals(modules.size(), out.size(), o.out + o.err);
        return out;
    }

    /** What a process printed; both streams go to files, since reading one pipe to its end while the other fills blocks. */
    public record Output(int exit, String out, String err) {
    }

    static Output run(ProcessBuilder pb, Path stdin) throws IOException, InterruptedException {
        return run(pb, stdin, 120);
    }

    public static Output run(ProcessBuilder pb, Path stdin, int seconds) throws IOException, InterruptedException {
        if (stdin != null) {
            pb.redirectInput(stdin.toFile());
        }
        Path out = Files.createTempFile("cardinal-engine", ".out");
        Path err = Files.createTempFile("cardinal-engine", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(pb.command() + " did not finish in " + seconds + " s");
            }
            return new Output(p.exitValue(), new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
                new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
