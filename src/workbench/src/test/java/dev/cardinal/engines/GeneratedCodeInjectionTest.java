package dev.cardinal.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.Artefact;
import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.Language;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.influxdb1.InfluxQl;
import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxV1Result;
import dev.cardinal.engine.influxdb1.InfluxdRequired;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import dev.cardinal.engine.influxdb2.FluxLanguageService;
import dev.cardinal.engine.sql.Engines;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Target;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindBuilder;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Names and sample values with line breaks of every engine's kind (LF, CR, NUL, U+2028, ...), quotes, comment openers
 * and closers, escapes a compiler reads (<code>&#92;u002a/</code>) and statements that would leave a mark (drop the victim
 * database, create a table, touch a file, set a property), everywhere a workspace carries a name, through the whole
 * bundle {@code cardinal generate} writes; then every artefact runs on its real engine. Each runs exactly the
 * statements it shows and leaves nothing else behind:
 * <ul>
 * <li>InfluxQL, posted whole to a throwaway influxd: one result per statement line, the victim database intact, no
 *     other database made;</li>
 * <li>SQL through {@code psql -f} and {@code mariadb --force}: the statements the generator made and no more, only the
 *     tables it shows (the victim's still there), no file made by a client command;</li>
 * <li>the bucket script: {@code sh -n}, then run: one {@code influx} call per bucket, with the names as they are, and
 *     nothing else run;</li>
 * <li>Flux through the language service: valid, with as many statements as the same bundle made from plain names;</li>
 * <li>the Java writer and the slot writer compiled and initialised, the JavaScript writer loaded by Node with the real
 *     client: only the writer's own methods or export, no code of a name's run;</li>
 * <li>the index README, the line protocol shape and the schemas: one line per entry, one line, valid JSON.</li>
 * </ul>
 * A language that cannot hold a name at all leaves its artefacts out and says why (that is checked too).
 */
class GeneratedCodeInjectionTest {
    private static final List<String> LINE_ENDS = List.of("\n", "\r", "\r\n", "\u2028", "\u2029", "\u0085", "\u000b", "\u000c",
        "\u001a", "\u001b[2J", "\u202e", "\u200b");
    private static final List<String> NUL = List.of("\0");
    private static final List<String> SYNTAX = List.of("'", "\"", "`", "\\", "\\'", "\\\"", "$", "${x}", "\\u002a/", "\\u000a",
        "*/", "/*", "--", "-- ", "//", "#", "<!--", "-->", ";", "\\!", "$(", ")", "|", "&&", "{", "}", ",", "=", " ", ":x", "%s");
    private static final List<String> PAYLOADS = List.of("DROP DATABASE \"victim\"", "CREATE DATABASE \"pwned\"",
        "CREATE TABLE pwned (x int)", "DROP TABLE victim", "\\! touch pwned", "system touch pwned", "touch pwned",
        "$(touch pwned)", "`touch pwned`", "static { System.setProperty(\"cardinal.pwned\", \"java\"); }",
        "globalThis.cardinalPwned = 1;", "import \"experimental\"", "pwned = 1");
    private static final List<String> PLAIN = List.of("a", "Z9", "ü✓", "_", ".", "select", "time", "x y", "😀");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ScratchInfluxd server;
    private static InfluxV1Client client;
    private static Path dir;
    private static Path jsDir;
    private static final List<Path> FLUX = new ArrayList<>();
    private static final List<Path> FLUX_TWIN = new ArrayList<>();
    private static final List<Path> JAVA = new ArrayList<>();
    private static final List<Path> JS = new ArrayList<>();
    private static final List<String> JS_FUNCTIONS = new ArrayList<>();
    private static int tries;
    /** Artefacts run per language, so a run that ran next to nothing cannot pass. */
    private static final Map<Language, Integer> RAN = new java.util.EnumMap<>(Language.class);

    @BeforeContainer
    static void start() throws Exception {
        InfluxdRequired.check();
        server = ScratchInfluxd.start();
        client = InfluxV1Client.of(server.url());
        client.query("CREATE DATABASE \"victim\"", null);
        dir = Files.createTempDirectory("cardinal-injection");
        jsDir = Engines.javascriptClient();
    }

    @AfterContainer
    static void stop() throws Exception {
        try {
            for (Language l : Language.values()) {
                assertTrue(RAN.getOrDefault(l, 0) >= tries / 3, "only " + RAN + " artefacts ran in " + tries + " tries");
            }
            checkFlux();
            checkJava();
            checkJavaScript();
        } finally {
            if (server != null) {
                server.close();
            }
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Provide
    Arbitrary<String> hostile() {
        return text(true);
    }

    @Provide
    Arbitrary<String> identifier() {
        return text(false);
    }

    /** Fragments joined; {@code nul} lets a NUL in (names that reach identifiers mostly go without it, see below). */
    private static Arbitrary<String> text(boolean nul) {
        List<Arbitrary<String>> parts = new ArrayList<>(List.of(Arbitraries.of(LINE_ENDS), Arbitraries.of(SYNTAX),
            Arbitraries.of(PAYLOADS), Arbitraries.of(PLAIN), Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(4)));
        if (nul) {
            parts.add(Arbitraries.of(NUL));
        }
        return Arbitraries.oneOf(parts).list().ofMinSize(1).ofMaxSize(5).map(l -> String.join("", l));
    }

    /**
     * Names that reach InfluxQL identifiers, SQL identifiers and shell arguments keep their CR only now and then: a
     * CR cannot be written in InfluxQL at all (nor a NUL), so a name with one leaves InfluxQL out, which a try should
     * not do every time.
     */
    private static String rarelyCr(String s, int n) {
        return n % 4 == 0 ? s : s.replace("\r", "?");
    }

    @Property(tries = 16)
    void everyArtefactRunsAsExactlyTheStatementsItShows(
        @ForAll("hostile") String layoutId, @ForAll("hostile") String layoutName, @ForAll("hostile") String kindName,
        @ForAll("hostile") String rollupName, @ForAll("hostile") String value1, @ForAll("hostile") String value2,
        @ForAll("identifier") String measurement, @ForAll("identifier") String tagKey, @ForAll("identifier") String fieldKey,
        @ForAll("identifier") String attribute1, @ForAll("identifier") String attribute2, @ForAll("identifier") String policy,
        @ForAll("identifier") String database, @ForAll("identifier") String table, @ForAll("identifier") String org)
        throws Exception {
        int n = tries++;
        List<String> attributes = List.of("t " + rarelyCr(attribute1, n), "v " + rarelyCr(attribute2, n), "metric " + n, "tenant");
        Names hostile = new Names(n, layoutId, layoutName, kindName, rollupName, List.of(value1, value2, "plain"),
            rarelyCr(measurement, n), rarelyCr(tagKey, n) + " tag", rarelyCr(fieldKey, n) + " field", attributes,
            serverName(rarelyCr(policy, n)), serverName(rarelyCr(database, n)) + " " + n, rarelyCr(table, n) + " " + n,
            rarelyCr(org, n));
        Path here = Files.createDirectories(dir.resolve("try-" + n));
        Bundle.Contents contents = bundle(hostile);
        // the same bundle from plain names: what Flux's parser must count in the hostile one
        Bundle.Contents twin = bundle(hostile.plain());

        Map<String, Artefact> byFile = new HashMap<>();
        contents.artefacts().forEach(a -> byFile.put(a.file(), a));
        Bundle.write(contents, here.resolve("out"), "hostile " + layoutName, f -> { });
        for (Artefact a : contents.artefacts()) {
            Path file = here.resolve("out").resolve(a.file());
            RAN.merge(a.language(), 1, Integer::sum);
            if (a.file().contains(".influxdb3.")) {
                influxdb3(a, file, hostile, here);
                continue;
            }
            switch (a.language()) {
                case INFLUXQL -> influxql(file, hostile.database());
                case SQL -> {
                    // the statement templates hold ? parameters for a driver: no client runs them (the scripts it does run)
                    if (a.file().endsWith(".sql")) {
                        sql(file, a.dialect(), hostile, here);
                    }
                }
                case SHELL -> shell(file, hostile, here);
                case YAML -> {
                    if (dev.cardinal.engine.victoriametrics.VmTools.generated(file)) {
                        dev.cardinal.engine.victoriametrics.VmTools.check(file);
                    } else {
                        dev.cardinal.engine.prometheus.Promtool.check(file);
                    }
                }
                case FLUX -> {
                    Artefact same = twin.artefacts().stream().filter(t -> t.language() == Language.FLUX
                        && t.description().equals(a.description()) && sameSlot(contents, a, twin, t)).findFirst().orElseThrow();
                    Path twinFile = Files.writeString(here.resolve("twin-" + FLUX_TWIN.size() + ".flux"), same.text());
                    FLUX.add(file);
                    FLUX_TWIN.add(twinFile);
                }
                case JAVA -> JAVA.add(file);
                case JAVASCRIPT -> {
                    Path js = jsDir.resolve(n + "-" + a.file().replace(".js", ".mjs"));
                    JS.add(Files.copy(file, js));
                    JS_FUNCTIONS.add(a.text().replaceAll("(?s).*export function (\\w+)\\(.*", "$1"));
                }
                case LINE_PROTOCOL -> assertEquals(1, Files.readString(file).lines().count(), Files.readString(file));
                case JSON -> JSON.readTree(file.toFile());
            }
        }
        index(here.resolve("out"), contents);
        // every language the hostile bundle left out said why, and the plain one leaves nothing out
        assertEquals(twin.artefacts().size(), contents.artefacts().size() + contents.notWritten().stream()
            .filter(w -> w.startsWith("no ") && w.contains("cannot")).count(), contents.notWritten().toString());
    }

    /** The Flux artefacts of both bundles line up by their place in the list. */
    private static boolean sameSlot(Bundle.Contents a, Artefact x, Bundle.Contents b, Artefact y) {
        List<Artefact> fa = a.in(Language.FLUX);
        List<Artefact> fb = b.in(Language.FLUX);
        return fa.indexOf(x) == fb.indexOf(y);
    }

    private static String serverName(String s) {
        // names 1.x cannot take at all (a slash, a backslash, controls; empty, '.' and '..') are refused, tested elsewhere
        String t = s.replace("/", "_").replace("\\", "_").replaceAll("[\\p{C}\\p{Z}&&[^ ]]", "_");
        return t.isEmpty() || t.equals(".") || t.equals("..") ? t + "_" : t;
    }

    /** Every name of one try, so the bundle can be made from them and from their plain twins. */
    private record Names(int n, String layoutId, String layoutName, String kind, String rollupName, List<String> values,
                         String measurement, String tagKey, String fieldKey, List<String> attributes, String policy,
                         String database, String table, String org) {
        /** The same shape with plain, distinct names: each hostile text becomes {@code n1}, {@code n2}, ... */
        Names plain() {
            Map<String, String> names = new HashMap<>();
            UnaryOperator<String> p = s -> names.computeIfAbsent(s, k -> "n" + (names.size() + 1));
            return new Names(n, p.apply(layoutId), p.apply(layoutName), p.apply(kind), p.apply(rollupName),
                values.stream().map(p).toList(), p.apply(measurement), p.apply(tagKey), p.apply(fieldKey),
                attributes.stream().map(p).toList(), p.apply(policy), p.apply(database), p.apply(table), p.apply(org));
        }
    }

    private static Bundle.Contents bundle(Names x) {
        String t = x.attributes().get(0);
        String v = x.attributes().get(1);
        String metric = x.attributes().get(2);
        String tenant = x.attributes().get(3);
        EventKind kind = new EventKind(x.kind(), List.of(new Attribute(t, ValueType.STRING), new Attribute(v, ValueType.FLOAT),
            new Attribute(metric, ValueType.STRING), new Attribute(tenant, ValueType.STRING)));
        Template slot = new Template("slot_{slot(metric)}", List.of(new Template.Literal("slot_"),
            new Template.SlotRef(metric, List.of(tenant), 5)));
        Layout layout = new Layout(x.layoutId(), x.layoutName(), x.kind(), Template.literal(x.measurement()),
            List.of(new TagSpec(x.tagKey(), Template.ref(t)), new TagSpec(x.tagKey() + " 2", Template.ref(tenant))),
            List.of(new FieldSpec(Template.literal(x.fieldKey()), v), new FieldSpec(slot, v)),
            new RetentionPlan(x.policy(), Duration.ofDays(30), Duration.ofDays(1), 1));
        List<Rollup.AggregateSpec> sum = List.of(new Rollup.AggregateSpec(v, Aggregate.SUM));
        List<Rollup> rollups = List.of(
            new Rollup("into rp", x.rollupName(), x.layoutId(), Duration.ofHours(1), sum, List.of(t),
                new Rollup.Destination(Rollup.DestinationKind.RETENTION_POLICY, x.policy() + " hourly", Duration.ofDays(90))),
            new Rollup("into table", x.rollupName() + " 2", x.layoutId(), Duration.ofDays(1),
                List.of(new Rollup.AggregateSpec(v, Aggregate.SUM), new Rollup.AggregateSpec(metric, Aggregate.COUNT_DISTINCT)),
                List.of(t, tenant), new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, x.table(), Duration.ZERO)),
            new Rollup("into bucket", x.rollupName() + " 3", x.layoutId(), Duration.ofHours(1), sum, List.of(t),
                new Rollup.Destination(Rollup.DestinationKind.BUCKET, x.table() + " bucket", Duration.ofDays(90))));
        List<Target> targets = List.of(new Target("one", "one", Target.Kind.INFLUXDB_1, "http://127.0.0.1:1", x.database(), null),
            new Target("two", "two", Target.Kind.INFLUXDB_2, "http://127.0.0.1:1", null, x.org()));
        Workspace ws = new Workspace("w", List.of(kind), List.of(layout), List.of(), rollups, targets, Map.of());
        return Bundle.of(ws, List.of(layout), Bundle.database(ws), Bundle.organisation(ws), Map.of(x.kind(), sample(x)));
    }

    /** The sample: the first value most frequent, so it is the one the example queries filter by. */
    private static EventKindSample sample(Names x) {
        SampleBuilder b = new SampleBuilder(SampleLimits.defaults());
        EventKindBuilder k = b.kind(x.kind());
        int t = k.attribute(x.attributes().get(0), true, ValueType.STRING, "hostile", 0);
        int v = k.attribute(x.attributes().get(1), false, ValueType.FLOAT, "hostile", 0);
        int metric = k.attribute(x.attributes().get(2), false, ValueType.STRING, "hostile", 0);
        int tenant = k.attribute(x.attributes().get(3), true, ValueType.STRING, "hostile", 0);
        long start = 1_767_225_600_000_000_000L;
        for (int row = 0; row < 60; row++) {
            k.beginRow();
            k.setString(t, x.values().get(row % 5 < 3 ? 0 : row % 5 == 3 ? 1 : 2));
            k.setDouble(v, row * 0.5);
            k.setString(metric, x.values().get(row % 2));
            k.setString(tenant, "tenant " + row % 3);
            k.commit(start + row * 60_000_000_000L);
            b.rowAdded("hostile", row + 1);
        }
        return b.build().eventKinds().get(0);
    }

    /** Posted whole, as the README's curl line does: a result per statement line; no database dropped or made. */
    private static void influxql(Path file, String database) throws Exception {
        String text = Files.readString(file);
        long shown = text.lines().filter(l -> !l.isBlank() && !l.startsWith("--")).count();
        InfluxV1Result ran = client.query(text, database);
        assertEquals(shown, ran.statements().size(), text);
        List<String> databases = client.query("SHOW DATABASES", null).series().get(0).values().stream()
            .map(r -> (String) r.get(0)).filter(name -> !name.equals("_internal")).toList();
        assertEquals(new TreeSet<>(List.of("victim", database)), new TreeSet<>(databases), text);
        client.query("DROP DATABASE " + InfluxQl.identifier(database), null);
    }

    /** Through the real client, in a schema of its own with a victim table; only the file's tables are added. */
    private static void sql(Path file, SqlDialect d, Names x, Path here) throws Exception {
        String schema = "cardinal_inject_" + x.n() + "_" + System.nanoTime();
        Path cwd = Files.createDirectories(here.resolve("cwd-" + d.id() + "-" + file.getFileName().toString().hashCode()));
        String text = Files.readString(file);
        boolean slots = file.getFileName().toString().contains(".slots-");
        try (Connection c = Engines.connect(d); Statement st = c.createStatement()) {
            st.execute((d == SqlDialect.MARIADB ? "CREATE DATABASE " : "CREATE SCHEMA ") + schema);
            st.execute("CREATE TABLE " + schema + ".victim (x int)");
            try {
                Engines.SqlRun run = d == SqlDialect.MARIADB ? Engines.mariadb(file, schema, cwd) : Engines.psql(file, schema, cwd);
                // the generator's statements: a summary table's one, or the slot protocol's six (seven with MariaDB's read)
                int expected = slots ? (d == SqlDialect.MARIADB ? 7 : 6) : 1;
                assertEquals(expected, run.statements(), text + "\n" + run.out() + run.err());
                List<String> tables = new ArrayList<>(Engines.tables(d, schema));
                List<String> shown = slots ? List.of(d.storedName(tableOf(text, d, 0)), d.storedName(tableOf(text, d, 1)))
                    : List.of(d.storedName(x.table()));
                List<String> want = new ArrayList<>(shown);
                want.add("victim");
                assertEquals(new TreeSet<>(want), new TreeSet<>(tables), text + "\n" + run.err());
                try (Stream<Path> files = Files.list(cwd)) {
                    assertEquals(List.of(), files.toList(), "a client ran a command:\n" + text);
                }
            } finally {
                st.execute(d == SqlDialect.MARIADB ? "DROP DATABASE " + schema : "DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    /** The name of the {@code i}-th table the file creates, read back from its quoted identifier. */
    private static String tableOf(String text, SqlDialect d, int i) {
        char q = d == SqlDialect.MARIADB ? '`' : '"';
        int at = -1;
        for (int k = 0; k <= i; k++) {
            at = text.indexOf("CREATE TABLE " + q, at + 1);
        }
        StringBuilder name = new StringBuilder();
        for (int p = at + 14; ; p++) {
            char c = text.charAt(p);
            if (c == q) {
                if (p + 1 < text.length() && text.charAt(p + 1) == q) {
                    name.append(q);
                    p++;
                    continue;
                }
                return name.toString();
            }
            name.append(c);
        }
    }

    /** The bucket script: one influx call per bucket with the names as they are; nothing else runs. */
    private static void shell(Path file, Names x, Path here) throws Exception {
        Path cwd = Files.createDirectories(here.resolve("cwd-sh"));
        Engines.ShellRun run = Engines.sh(file, cwd, Files.createDirectories(here.resolve("sh")));
        assertEquals(0, run.exit(), run.err() + Files.readString(file));
        assertEquals(3, run.influxCalls().size(), Files.readString(file)); // the layout's bucket and two rollups'
        for (List<String> call : run.influxCalls()) {
            assertEquals(List.of("bucket", "create", "--org", x.org()), call.subList(0, 4), Files.readString(file));
        }
        assertEquals(x.database() + "/" + x.policy(), run.influxCalls().get(0).get(5));
        try (Stream<Path> files = Files.list(cwd)) {
            assertEquals(List.of(), files.toList(), Files.readString(file));
        }
    }

    /**
     * InfluxDB 3's files (no InfluxDB 3 server runs here): the script's {@code influxdb3} calls take each name as one
     * argument, and every identifier of the SQL is one of the bundle's names.
     */
    private static void influxdb3(Artefact a, Path file, Names x, Path here) throws Exception {
        switch (a.language()) {
            case SHELL -> {
                List<List<String>> calls = dev.cardinal.engine.influxdb3.InfluxDb3Artefacts.calls(file,
                    Files.createTempDirectory(here, "influxdb3"));
                if (a.file().endsWith(".trigger.sh")) {
                    assertEquals(1, calls.size(), a.text());
                    assertEquals(List.of("create", "trigger", "--database", x.database()), calls.get(0).subList(0, 4), a.text());
                    return;
                }
                assertEquals(List.of("create", "database"), calls.get(0).subList(0, 2), Files.readString(file));
                assertEquals(x.database(), calls.get(0).get(calls.get(0).size() - 1));
                String text = a.text();
                calls.stream().filter(c -> c.get(1).equals("table")).forEach(c ->
                    assertEquals(x.measurement(), c.get(c.size() - 1), text));
            }
            case SQL -> {
                java.util.Set<String> names = new java.util.HashSet<>(x.attributes());
                names.addAll(List.of(x.measurement(), x.tagKey(), x.fieldKey()));
                dev.cardinal.engine.influxdb3.InfluxDb3Artefacts.sqlIdentifiersAre(a.text(), names);
            }
            default -> assertTrue(a.text().contains(x.measurement().replace("\\", "\\\\").replace("\"", "\\\"")
                .replace("\n", "\\n")), a.text());
        }
    }

    /** The README: its heading, a blank line, then one entry a line. */
    private static void index(Path out, Bundle.Contents contents) throws Exception {
        List<String> lines = Files.readString(out.resolve("README.md")).lines().toList();
        assertEquals(2 + contents.artefacts().size() + contents.notWritten().size(), lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("# Generated by Cardinal from "));
        lines.subList(2, lines.size()).forEach(l -> assertTrue(l.startsWith("- "), l));
    }

    private static void checkFlux() throws Exception {
        if (FLUX.isEmpty()) {
            return;
        }
        List<Path> all = new ArrayList<>(FLUX);
        all.addAll(FLUX_TWIN);
        FluxLanguageService.Result r = FluxLanguageService.check(all);
        assertEquals(all.size(), r.lines().size(), r.err());
        for (int i = 0; i < FLUX.size(); i++) {
            assertTrue(r.valid(i), r.lines().get(i) + "\n" + Files.readString(FLUX.get(i)));
            assertEquals(r.statements(FLUX.size() + i), r.statements(i), FLUX.get(i) + " against " + FLUX_TWIN.get(i) + ":\n"
                + Files.readString(FLUX.get(i)));
        }
    }

    private static void checkJava() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        for (int i = 0; i < JAVA.size(); i++) {
            // each try's writer has the same class name: one folder each
            Path out = Files.createDirectories(classes.resolve("c" + i));
            int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", out.toString(), "-cp",
                System.getProperty("java.class.path"), JAVA.get(i).toString());
            assertEquals(0, rc, Files.readString(JAVA.get(i)));
            String name = JAVA.get(i).getFileName().toString().replace(".java", "");
            try (var loader = new java.net.URLClassLoader(new java.net.URL[] {out.toUri().toURL()},
                GeneratedCodeInjectionTest.class.getClassLoader())) {
                Class<?> writer = Class.forName(name, true, loader);
                assertNull(System.getProperty("cardinal.pwned"), Files.readString(JAVA.get(i)));
                // the slot writer's public methods, or the point writer's one method: no code of a name's among them
                List<String> methods = name.endsWith("SlotWriter") ? List.of("fields", "nameOf", "slotOf") : List.of("point");
                assertEquals(methods, Stream.of(writer.getDeclaredMethods()).filter(m -> !name.endsWith("SlotWriter")
                    || java.lang.reflect.Modifier.isPublic(m.getModifiers())).map(java.lang.reflect.Method::getName).sorted().toList());
            }
        }
    }

    private static void checkJavaScript() throws Exception {
        if (JS.isEmpty()) {
            return;
        }
        List<Engines.JsModule> modules = Engines.loadJavaScript(JS);
        for (int i = 0; i < JS.size(); i++) {
            assertEquals(List.of(JS_FUNCTIONS.get(i)), modules.get(i).exports(), Files.readString(JS.get(i)));
            assertEquals(List.of(), modules.get(i).globals(), Files.readString(JS.get(i)));
        }
    }

    @Property(tries = 500)
    void aCommentLineHasNothingThatEndsItOrRunsAsCode(@ForAll("hostile") String text) {
        String line = CommentText.line(text);
        line.codePoints().forEach(cp -> {
            int type = Character.getType(cp);
            assertFalse(type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE, line);
        });
        assertFalse(line.contains("*/"), line);
        // every backslash is one of a pair or starts an escape of CommentText's own: javac finds no \\u in it
        assertFalse(line.replace("\\\\", "").contains("\\u"), line);
        assertEquals(text.isEmpty(), line.isEmpty());
    }
}
