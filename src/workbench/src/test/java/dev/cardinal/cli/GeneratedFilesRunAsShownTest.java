package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxdRequired;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import dev.cardinal.engine.sql.Engines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repros of issue 16: a name or a sample value that holds a line break (or what an engine reads as one) cannot
 * end a comment of a file {@code cardinal generate} writes, so the file, run whole as the README says, runs exactly
 * the statements it shows. Each test runs the files on the real engine: InfluxQL on a throwaway influxd, SQL through
 * {@code psql -f} and {@code mariadb --force}, the bucket script through {@code sh}, the Java writer through javac.
 */
class GeneratedFilesRunAsShownTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ScratchInfluxd server;
    private static InfluxV1Client client;

    @BeforeAll
    static void start() throws Exception {
        InfluxdRequired.check();
        server = ScratchInfluxd.start();
        client = InfluxV1Client.of(server.url());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /**
     * A workspace of one event kind (event: string tag, user: string field, count: integer) and its sample: CSV, the
     * issue's repro, or NDJSON when a value holds a NUL (a NUL byte in a text file makes the reader refuse it as
     * binary; JSON carries it as an escape).
     */
    private static ObjectNode workspace(Path dir, String layoutId, String layoutName, String user, List<String> events)
        throws Exception {
        boolean json = events.stream().anyMatch(e -> e.indexOf('\0') >= 0);
        StringBuilder text = new StringBuilder(json ? "" : "time,event," + csvCell(user) + ",count\n");
        long t = 1_767_225_600_000L;
        for (String e : events) {
            text.append(json ? JSON.writeValueAsString(JSON.createObjectNode().put("time", t).put("event", e).put(user, "u" + t % 7)
                .put("count", 1)) + "\n" : t + "," + csvCell(e) + ",u" + t % 7 + ",1\n");
            t += 60_000;
        }
        String file = json ? "sample.ndjson" : "sample.csv";
        Files.writeString(dir.resolve(file), text.toString());
        ObjectNode ws = JSON.createObjectNode().put("formatVersion", 1).put("name", "inert");
        ObjectNode kind = ws.putArray("eventKinds").addObject().put("name", "e");
        ArrayNode attrs = kind.putArray("attributes");
        attrs.addObject().put("name", "event").put("type", "string");
        attrs.addObject().put("name", user).put("type", "string");
        attrs.addObject().put("name", "count").put("type", "integer");
        ObjectNode layout = ws.putArray("layouts").addObject().put("id", layoutId).put("name", layoutName).put("eventKind", "e")
            .put("measurement", "e");
        layout.putArray("tags").add("event");
        layout.putArray("fields").add(user).add("count");
        layout.putObject("retention").put("name", "raw").put("duration", "30d").put("shardGroupDuration", "1d").put("replication", 1);
        ObjectNode sample = ws.putArray("samples").addObject().put("id", "s").put("path", file).put("format", json ? "ndjson" : "csv")
            .put("eventKind", "e").put("precision", "ms").put("timeColumn", "time").put("timeFormat", "epoch");
        sample.putArray("tagColumns").add("event");
        ObjectNode rollup = ws.putArray("rollups").addObject().put("id", "daily").put("name", "daily").put("layout", layoutId)
            .put("window", "1d");
        rollup.putArray("aggregates").addObject().put("attribute", "count").put("function", "sum");
        rollup.putArray("groupBy").add(user).add("event");
        rollup.putObject("destination").put("kind", "relational-table").put("name", "daily_totals").put("retention", "INF");
        ws.putArray("targets").addObject().put("id", "t").put("name", "t").put("kind", "influxdb-1").put("url", "http://127.0.0.1:1")
            .put("database", "inert");
        return ws;
    }

    private static String csvCell(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    private static Path generate(Path dir, ObjectNode ws) throws Exception {
        Path file = dir.resolve("w.cardinal.json");
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(ws));
        Path out = dir.resolve("out");
        CliRun r = CliRun.of("generate", file.toString(), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        return out;
    }

    /** The statements the file shows: InfluxQL statements are written one a line, each ending in ';'. */
    private static long shownStatements(String influxql) {
        return influxql.lines().filter(l -> !l.isBlank() && !l.startsWith("--")).peek(l -> assertTrue(l.endsWith(";"), l)).count();
    }

    /** Runs the file whole on influxd, as the README says; the victim database is still there afterwards. */
    private static void runsAsShown(Path influxqlFile) throws Exception {
        client.query("CREATE DATABASE \"victim\"", null);
        String text = Files.readString(influxqlFile);
        int ran = client.query(text, "inert").statements().size(); // as curl posts it, with ?db=
        assertEquals(shownStatements(text), ran, text);
        assertTrue(client.query("SHOW DATABASES", null).series().get(0).values().stream().anyMatch(v -> v.get(0).equals("victim")),
            "the victim database was dropped by:\n" + text);
    }

    @Test
    void theMostFrequentTagValueCannotEndTheExampleQuerysComment(@TempDir Path dir) throws Exception {
        String hostile = "x\nDROP DATABASE \"victim\";--";
        Path out = generate(dir, workspace(dir, "l", "l", "user", List.of(hostile, hostile, hostile, "view")));
        String influxql = Files.readString(out.resolve("l.influxql"));
        assertTrue(influxql.contains("-- filter by a tag: points of event = x\\nDROP DATABASE \"victim\";--\n"), influxql);
        runsAsShown(out.resolve("l.influxql"));
    }

    @Test
    void aValueHoldingWhatInfluxQlReadsAsALineBreakOrTheEndIsNotTheExample(@TempDir Path dir) throws Exception {
        // influxql's scanner reads CR as a newline and NUL as the end of input: before, either ended the comment
        for (String hostile : List.of("x\rDROP DATABASE \"victim\"", "x\0DROP DATABASE \"victim\"")) {
            Path here = Files.createDirectories(dir.resolve("char" + (int) hostile.charAt(1)));
            Path out = generate(here, workspace(here, "l", "l", "user", List.of(hostile, hostile, "view")));
            String influxql = Files.readString(out.resolve("l.influxql"));
            // neither can be written in an InfluxQL string, so the example filters by the most frequent value that can
            assertTrue(influxql.contains("WHERE \"event\" = 'view';"), influxql);
            runsAsShown(out.resolve("l.influxql"));
        }
    }

    @Test
    void aLayoutNameCannotEndAComment(@TempDir Path dir) throws Exception {
        Path out = generate(dir, workspace(dir, "l", "l\nDROP DATABASE \"victim\";\r\nDROP DATABASE \"victim\"\u2028",
            "user", List.of("view", "click")));
        runsAsShown(out.resolve("l.influxql"));
    }

    @Test
    void anAttributeNameCannotEndAnSqlComment(@TempDir Path dir) throws Exception {
        String user = "user\nCREATE TABLE pwned (x int);--\r\\! touch pwned\n";
        Path out = generate(dir, workspace(dir, "l", "l", user, List.of("view", "click")));
        String schema = "cardinal_inert_" + System.nanoTime();
        Path cwd = Files.createDirectories(dir.resolve("cwd"));
        try (Connection pg = Engines.connect(SqlDialect.POSTGRESQL); Statement st = pg.createStatement();
             Connection maria = Engines.connect(SqlDialect.MARIADB); Statement ms = maria.createStatement()) {
            st.execute("CREATE SCHEMA " + schema);
            ms.execute("CREATE DATABASE " + schema);
            try {
                Engines.SqlRun p = Engines.psql(out.resolve("daily.postgresql.sql"), schema, cwd);
                assertEquals(1, p.statements(), p.out() + p.err());
                assertEquals(List.of("daily_totals"), Engines.tables(SqlDialect.POSTGRESQL, schema), p.out() + p.err());
                Engines.SqlRun m = Engines.mariadb(out.resolve("daily.mariadb.sql"), schema, cwd);
                assertEquals(1, m.statements(), m.out() + m.err());
                assertEquals(List.of("daily_totals"), Engines.tables(SqlDialect.MARIADB, schema), m.out() + m.err());
                try (Stream<Path> files = Files.list(cwd)) {
                    assertEquals(List.of(), files.toList(), "a client ran a command");
                }
            } finally {
                st.execute("DROP SCHEMA " + schema + " CASCADE");
                ms.execute("DROP DATABASE " + schema);
            }
        }
    }

    @Test
    void aLayoutIdCannotRunAShellCommand(@TempDir Path dir) throws Exception {
        String id = "ids\ntouch pwned\n$(touch pwned2)`touch pwned3`";
        Path out = generate(dir, workspace(dir, id, "l", "user", List.of("view")));
        Path script;
        try (Stream<Path> files = Files.list(out)) {
            script = files.filter(f -> f.toString().endsWith(".buckets.sh")).findFirst().orElseThrow();
        }
        Path cwd = Files.createDirectories(dir.resolve("cwd"));
        Engines.ShellRun run = Engines.sh(script, cwd, Files.createDirectories(dir.resolve("scratch")));
        assertEquals(0, run.exit(), run.err());
        assertEquals(List.of(List.of("bucket", "create", "--org", "inert", "--name", "inert/raw", "--retention", "30d",
            "--shard-group-duration", "1d")), run.influxCalls());
        try (Stream<Path> files = Files.list(cwd)) {
            assertEquals(List.of(), files.toList(), Files.readString(script));
        }
    }

    @Test
    void aUnicodeEscapeInANameCannotEndTheJavaWritersComment(@TempDir Path dir) throws Exception {
        // javac reads \u002a/ as */ even inside a comment: before, this name closed the writer's doc comment
        String name = "l \\u002a/ static { System.setProperty(\"cardinal.pwned\", \"java\"); } /\\u002a";
        Path out = generate(dir, workspace(dir, "l", name, "user", List.of("view")));
        Path source = out.resolve("LWriter.java");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), "-cp",
            System.getProperty("java.class.path"), source.toString());
        assertEquals(0, rc, Files.readString(source));
        try (var loader = new java.net.URLClassLoader(new java.net.URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> writer = Class.forName("LWriter", true, loader);
            assertNull(System.getProperty("cardinal.pwned"));
            assertEquals(List.of("point"), Stream.of(writer.getDeclaredMethods()).map(java.lang.reflect.Method::getName).toList());
        }
    }

    @Test
    void theIndexReadmeKeepsEveryNameOnItsLine(@TempDir Path dir) throws Exception {
        ObjectNode ws = workspace(dir, "l", "l", "user", List.of("view"));
        ((ArrayNode) ws.get("targets")).addObject().put("id", "two").put("name", "two").put("kind", "influxdb-2")
            .put("url", "http://127.0.0.1:1").put("org", "org\n# a heading of its own\r\n<img src=x onerror=alert(1)>");
        Path out = generate(dir, ws);
        String index = Files.readString(out.resolve("README.md"), StandardCharsets.UTF_8);
        assertFalse(index.contains("\r") || index.contains("<img"), index);
        List<String> lines = index.lines().toList();
        assertTrue(lines.get(0).startsWith("# Generated by Cardinal") && lines.get(1).isEmpty(), index);
        lines.subList(2, lines.size()).forEach(l -> assertTrue(l.startsWith("- "), "a line of its own: " + l));
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(files.count() - 1, lines.stream().filter(l -> l.startsWith("- `")).count(), index);
        }
    }
}
