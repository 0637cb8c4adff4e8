package dev.cardinal.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.influxdb1.InfluxQlGenerator;
import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxV1Result;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import dev.cardinal.engine.influxdb2.FluxGenerator;
import dev.cardinal.engine.influxdb2.FluxLanguageService;
import dev.cardinal.engine.sql.GeneratedSqlTest;
import dev.cardinal.engine.sql.SqlGenerator;
import dev.cardinal.lineprotocol.LineProtocolEscaping;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.lineprotocol.WriterSnippets;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random hostile names (quotes, backslashes, spaces, commas, equals, braces, dollars, keywords, unicode) for the
 * measurement, tag key, field key, retention policy, database and summary table, through every generator and the
 * engines that run its output: InfluxQL on a throwaway influxd (statements accepted, points written and counted
 * back), SQL on MariaDB and PostgreSQL (table made, a row upserted and reported), Flux through the language service,
 * the Java writer through javac against the real client, the JavaScript writer through Node's check.
 */
class HostileIdentifiersTest {
    private static ScratchInfluxd server;
    private static InfluxV1Client client;
    private static Workspace weather;
    private static EventKindSample sample;
    private static final List<Path> FLUX = new ArrayList<>();
    private static final List<Path> JAVA = new ArrayList<>();
    private static final List<Path> JS = new ArrayList<>();
    private static Path fluxDir;
    private static int tries;

    @BeforeContainer
    static void start() throws Exception {
        server = ScratchInfluxd.start();
        client = InfluxV1Client.of(server.url());
        Path file = Path.of("sample-data/weather/weather.cardinal.json");
        weather = WorkspaceFiles.load(file).workspace();
        sample = SampleReader.read(SampleReader.sources(file, weather), SampleLimits.defaults(), ReadMonitor.NONE).eventKinds().get(0);
        fluxDir = Files.createTempDirectory("cardinal-flux");
    }

    @AfterContainer
    static void stop() throws Exception {
        try {
            // the writers: every try's Java compiled against the real client in one go, every JavaScript checked by Node
            List<String> args = new ArrayList<>(List.of("-d", fluxDir.toString(), "-cp", System.getProperty("java.class.path")));
            JAVA.forEach(j -> args.add(j.toString()));
            assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(new String[0])));
            for (Path js : JS) {
                Process p = new ProcessBuilder("node", "--check", js.toString()).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertEquals(0, p.waitFor(), out + Files.readString(js));
            }
            // all the tries' Flux in one run of the language service
            FluxLanguageService.Result r = FluxLanguageService.check(FLUX);
            assertEquals(0, r.exitCode(), r.lines() + r.err());
            assertEquals(FLUX.size(), r.lines().size());
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    @Provide
    Arbitrary<String> names() {
        Arbitrary<String> odd = Arbitraries.strings().withChars("ab Z9_\"'\\,= {}$.-/#;:`ü✓").ofMinLength(1).ofMaxLength(12);
        return Arbitraries.oneOf(odd, Arbitraries.of("select", "time x", "from", "group", "${x}", "key\\", "\"q\"", "a,b=c"))
            .filter(s -> !s.isBlank() && !s.endsWith("\\"));
    }

    /**
     * A field key that starts with a tab or a NUL: the server skips them after the space before the fields as white
     * space (influxd 1.x's {@code skipWhitespace}), so it would store another key than the layout's; Cardinal refuses
     * to write such a key instead of letting it be renamed.
     */
    @net.jqwik.api.Example
    void aFieldKeyStartingWithWhiteSpaceIsRefusedAsTheServerWouldRenameIt() throws Exception {
        for (String lead : List.of("\t", "\0")) {
            String db = "lead" + (int) lead.charAt(0);
            client.query("CREATE DATABASE " + db, null);
            byte[] line = ("m,a=1 " + lead + "fk=1i 1\n").getBytes(StandardCharsets.UTF_8);
            client.writeBatched(db, "autogen", "ns", List.of(line).iterator(), 10);
            InfluxV1Result keys = client.query("SHOW FIELD KEYS", db);
            assertEquals("fk", keys.series().get(0).value(0, "fieldKey"), "what the server stored for " + (int) lead.charAt(0));
            assertEquals(null, LineProtocolEscaping.fieldKey(lead + "fk"));
            assertTrue(LineProtocolEscaping.whyNotFieldKey(lead + "fk").contains("white space"));
        }
    }

    @Property(tries = 12)
    void everyGeneratorQuotesWhatTheEnginesTake(@ForAll("names") String measurement, @ForAll("names") String tagKey,
                                                @ForAll("names") String fieldKey, @ForAll("names") String policy,
                                                @ForAll("names") String database, @ForAll("names") String table) throws Exception {
        int n = tries++;
        String rp = policy.replace("/", "_").replace("\\", "_"); // names the server cannot take at all are refused, tested elsewhere
        String db = database.replace("/", "_").replace("\\", "_") + " " + n;
        String tag = tagKey.equals(fieldKey) ? tagKey + " tag" : tagKey;
        Layout layout = new Layout("odd", "odd", "weather", Template.literal(measurement),
            List.of(new TagSpec(tag, Template.ref("crop"))), List.of(new FieldSpec(Template.literal(fieldKey), "temp")),
            new RetentionPlan(rp, Duration.ofDays(60), Duration.ofDays(1), 1));
        Rollup rollup = new Rollup("r", "r", "odd", Duration.ofDays(1), List.of(new Rollup.AggregateSpec("temp", dev.cardinal.model.Aggregate.SUM)),
            List.of("crop"), new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, table + " " + n + " " + System.nanoTime(), Duration.ZERO));
        Workspace ws = new Workspace("w", weather.eventKinds(), List.of(layout), List.of(), List.of(rollup), List.of(), java.util.Map.of());

        // InfluxQL on influxd: set up, write the sample through the layout, count it back by tag
        InfluxQlGenerator.Script ql = InfluxQlGenerator.generate(ws, layout, db, sample);
        for (InfluxQlGenerator.Statement s : ql.setup()) {
            client.query(s.influxql(), db);
        }
        List<byte[]> lines = new ArrayList<>();
        SampleLineProtocol lp = new SampleLineProtocol(layout, sample);
        for (String line = lp.nextLine(); line != null && lines.size() < 2000; line = lp.nextLine()) {
            int cut = line.lastIndexOf(' ');
            long now = System.currentTimeMillis() * 1_000_000L - (2000L - lines.size()) * 1_000_000_000L;
            lines.add((line.substring(0, cut + 1) + now).getBytes(StandardCharsets.UTF_8));
        }
        boolean writable = LineProtocolEscaping.measurement(measurement) != null && LineProtocolEscaping.tag(tag) != null
            && LineProtocolEscaping.fieldKey(fieldKey) != null;
        if (!writable) {
            // some names line protocol cannot carry at all (a trailing backslash before the separator): nothing is
            // written rather than something else
            assertTrue(lines.isEmpty(), measurement + " / " + tag + " / " + fieldKey);
        } else {
            client.writeBatched(db, rp, "ns", lines.iterator(), 5000);
            InfluxV1Result perTag = client.query(ql.examples().get(1).influxql(), db);
            assertEquals(lines.size(), perTag.series().stream().mapToLong(s -> ((Number) s.values().get(0).get(1)).longValue()).sum(),
                ql.examples().get(1).influxql());
            assertEquals(measurement, perTag.series().get(0).name());
            assertTrue(perTag.series().get(0).tags().containsKey(tag), perTag.series().get(0).tags().toString());
        }

        // SQL on both engines: the summary table with a hostile name takes a row and reports it
        for (SqlDialect d : SqlDialect.values()) {
            SqlGenerator.Script sql = SqlGenerator.generate(d, rollup, ws.eventKind("weather").orElseThrow(), sample);
            try (Connection c = GeneratedSqlTest.connect(d); Statement st = c.createStatement()) {
                st.execute(sql.createTable());
                try {
                    try (PreparedStatement ps = c.prepareStatement(sql.upsert())) {
                        ps.setString(1, "wheat");
                        ps.setObject(2, java.sql.Date.valueOf("2026-01-01"));
                        ps.setDouble(3, 2.5);
                        ps.executeUpdate();
                    }
                    try (PreparedStatement ps = c.prepareStatement(sql.report())) {
                        ps.setObject(1, java.sql.Date.valueOf("2025-01-01"));
                        ps.setObject(2, java.sql.Date.valueOf("2027-01-01"));
                        try (ResultSet rs = ps.executeQuery()) {
                            assertTrue(rs.next());
                            assertEquals("wheat", rs.getString(1));
                            assertEquals(2.5, rs.getDouble(2));
                        }
                    }
                } finally {
                    st.execute("DROP TABLE " + d.identifier(rollup.destination().name()));
                }
            }
        }

        // Flux: collected here, checked by the language service once all tries are done
        FluxGenerator.Output flux = FluxGenerator.generate(ws, layout, db, "o", sample);
        int k = 0;
        for (FluxGenerator.Script s : flux.examples()) {
            FLUX.add(Files.writeString(fluxDir.resolve(n + "-" + (k++) + ".flux"), s.flux()));
        }
        for (FluxGenerator.Script s : flux.tasks()) {
            FLUX.add(Files.writeString(fluxDir.resolve(n + "-" + (k++) + ".flux"), s.flux()));
        }
        var kind = ws.eventKind("weather").orElseThrow();
        JAVA.add(Files.writeString(fluxDir.resolve("Writer" + n + ".java"), WriterSnippets.java(kind, layout, "Writer" + n)));
        JS.add(Files.writeString(fluxDir.resolve("writer" + n + ".mjs"), WriterSnippets.javascript(kind, layout, "point" + n)));
    }
}
