package dev.cardinal.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceFileTest {

    static Workspace weather() throws TemplateException {
        EventKind kind = new EventKind("weather", List.of(new Attribute("crop", ValueType.STRING),
            new Attribute("plot", ValueType.STRING), new Attribute("region", ValueType.STRING),
            new Attribute("temp", ValueType.FLOAT)));
        Layout good = new Layout("three-tags", "three tags", "weather", Template.literal("weather"),
            List.of(TagSpec.of("crop"), TagSpec.of("plot"), TagSpec.of("region")), List.of(FieldSpec.of("temp")),
            new RetentionPlan("raw", Duration.ofDays(30), Duration.ofDays(1), 1));
        Layout bad = new Layout("data-in-measurement", "data in measurement", "weather",
            Template.parse("{crop}.plot-{plot}.{region}"), List.of(),
            List.of(new FieldSpec(Template.parse("{crop}.plot-{plot}.{region}.temp"), "temp")), RetentionPlan.AUTOGEN);
        Layout facts = new Layout("location", "several facts in one tag", "weather", Template.literal("weather"),
            List.of(TagSpec.of("crop"), new TagSpec("location", Template.parse("plot-{plot}.{region}"))),
            List.of(FieldSpec.of("temp")), RetentionPlan.AUTOGEN);
        Rollup rollup = new Rollup("hourly", "hourly means", "three-tags", Duration.ofHours(1),
            List.of(new Rollup.AggregateSpec("temp", Aggregate.MEAN), new Rollup.AggregateSpec("temp", Aggregate.MAX)),
            List.of("crop", "region"), new Rollup.Destination(Rollup.DestinationKind.RETENTION_POLICY, "hourly", Duration.ofDays(365)));
        Target target = new Target("local", "Local 1.x", Target.Kind.INFLUXDB_1, "http://127.0.0.1:8086", "farm", null);
        SampleBinding sample = new SampleBinding("readings", "data/readings.csv.gz", SampleFormat.CSV, "weather", "ms",
            "time", "epoch", List.of("crop", "plot", "region"));
        return new Workspace("Farm \"north\" ✓", List.of(kind), List.of(good, bad, facts), List.of(sample), List.of(rollup),
            List.of(target), Map.of("three-tags", new Position(40, 60.5), "data-in-measurement", new Position(400, 60)));
    }

    @Test
    void writingReadingAndWritingAgainIsByteIdentical() throws Exception {
        Workspace ws = weather();
        byte[] first = WorkspaceWriter.write(ws);
        WorkspaceReader.Loaded loaded = WorkspaceReader.read(first, "w.cardinal.json");
        assertEquals(List.of(), loaded.warnings());
        assertEquals(ws, loaded.workspace());
        assertArrayEquals(first, WorkspaceWriter.write(loaded.workspace()));
    }

    @Test
    void theFileIsStableReadableJson() throws Exception {
        String text = new String(WorkspaceWriter.write(weather()), StandardCharsets.UTF_8);
        assertTrue(text.startsWith("{\n  \"formatVersion\": 1,\n  \"name\": \"Farm \\\"north\\\" ✓\",\n"), text);
        assertTrue(text.contains("\n        { \"name\": \"crop\", \"type\": \"string\" },\n"), text);
        assertTrue(text.contains("\"tags\": [\"crop\", \"plot\", \"region\"],"), text);
        assertTrue(text.contains("\"measurement\": \"{crop}.plot-{plot}.{region}\","), text);
        assertTrue(text.contains("{ \"key\": \"location\", \"value\": \"plot-{plot}.{region}\" }"), text);
        assertTrue(text.endsWith("}\n"));
        assertFalse(text.contains("\r"));
    }

    @Test
    void changingOneTagChangesOneLine() throws Exception {
        Workspace ws = weather();
        Layout changed = ws.layout("three-tags").orElseThrow().withRole("plot", Role.FIELD);
        List<String> a = List.of(new String(WorkspaceWriter.write(ws), StandardCharsets.UTF_8).split("\n"));
        List<String> b = List.of(new String(WorkspaceWriter.write(ws.withLayout(changed)), StandardCharsets.UTF_8).split("\n"));
        assertEquals(a.size(), b.size());
        long differing = java.util.stream.IntStream.range(0, a.size()).filter(i -> !a.get(i).equals(b.get(i))).count();
        assertEquals(2, differing, "the tags line and the fields line");
    }

    @Test
    void reportsEveryProblemWithItsPathAndLine() {
        String json = """
            {
              "formatVersion": 1,
              "eventKinds": [
                { "name": "listing_event", "attributes": [
                  { "name": "user_id", "type": "string" },
                  { "name": "event", "type": "text" }
                ] }
              ],
              "layouts": [
                { "id": "a", "eventKind": "listing_event", "measurement": "m", "tags": ["event"] },
                { "id": "b", "eventKind": "listing_event", "measurement": "{event",
                  "tags": ["user_id", "event", "usr_id"],
                  "fields": [{ "key": "{nope}.x", "attribute": "user_id" }],
                  "retention": { "duration": "30 days" } },
                { "id": "a", "eventKind": "listing_evnt", "measurement": "m" }
              ]
            }
            """;
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read(json.getBytes(StandardCharsets.UTF_8), "w.cardinal.json"));
        List<String> problems = e.problems().stream().map(FileProblem::toString).toList();
        assertEquals(List.of(
            "eventKinds[0].attributes[1].type: unknown value type 'text' (expected one of string, integer, unsigned, float, boolean) (line 6)",
            "layouts[1].measurement: bad template '{event' at character 1: '{' is not closed by '}' (write '{{' for a literal brace) (line 11)",
            "layouts[1].tags[2]: unknown attribute 'usr_id' (did you mean 'user_id'?) (line 12)",
            "layouts[1].fields[0].key: unknown attribute 'nope' (event kind 'listing_event' has no such attribute) (line 13)",
            "layouts[1].retention.duration: not a duration: '30 days': expected a unit (ns, us, ms, s, m, h, d, w) at character 3 (line 14)",
            "layouts[2].id: duplicate layout id 'a' (line 15)",
            "layouts[2].eventKind: unknown event kind 'listing_evnt' (line 15)"), problems);
        assertTrue(e.getMessage().startsWith("w.cardinal.json: 7 problem(s)\n"), e.getMessage());
    }

    @Test
    void syntaxErrorsGiveTheLineAndColumn() {
        String json = "{\n  \"formatVersion\": 1,\n  \"name\": \"x\"\n  \"layouts\": []\n}\n";
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read(json.getBytes(StandardCharsets.UTF_8), "w"));
        FileProblem p = e.problems().get(0);
        assertEquals(4, p.line());
        assertTrue(p.message().startsWith("not valid JSON, column 3: Unexpected character ('\"'"), p.message());
    }

    @Test
    void refusesFilesThatAreNotWorkspacesOrFromTheFuture() {
        WorkspaceFormatException notOurs = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read("{\"name\": 1}".getBytes(StandardCharsets.UTF_8), "x"));
        assertEquals("formatVersion: missing: this is not a Cardinal workspace file (expected \"formatVersion\": 5) (line 1)",
            notOurs.problems().get(0).toString());
        WorkspaceFormatException future = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read("{\"formatVersion\": 9}".getBytes(StandardCharsets.UTF_8), "x"));
        assertEquals("formatVersion: written by a newer Cardinal (format 9); this version reads up to 5 (line 1)",
            future.problems().get(0).toString());
        assertThrows(WorkspaceFormatException.class, () -> WorkspaceReader.read(new byte[0], "x"));
        assertThrows(WorkspaceFormatException.class, () -> WorkspaceReader.read("[1, 2]".getBytes(StandardCharsets.UTF_8), "x"));
    }

    @Test
    void toleratesUnknownPropertiesWithAWarningAndNeverKeepsSecrets() throws Exception {
        String json = """
            {
              "formatVersion": 1,
              "futureThing": { "a": 1 },
              "targets": [
                { "id": "prod", "kind": "influxdb-2", "url": "https://influx.example:8086", "database": "b",
                  "org": "acme", "token": "s3cr3t-token" }
              ]
            }
            """;
        WorkspaceReader.Loaded loaded = WorkspaceReader.read(json.getBytes(StandardCharsets.UTF_8), "w");
        assertEquals(List.of("futureThing: unknown property 'futureThing' ignored (line 3)",
                "targets[0].token: secrets are never kept in a workspace; 'token' was ignored and will not be saved (give it through the environment at push time) (line 6)"),
            loaded.warnings().stream().map(FileProblem::toString).toList());
        String saved = new String(WorkspaceWriter.write(loaded.workspace()), StandardCharsets.UTF_8);
        assertFalse(saved.contains("s3cr3t"));
        assertFalse(saved.contains("futureThing"));
    }

    @Test
    void refusesCredentialsInTargetUrls() {
        String json = "{\"formatVersion\": 1, \"targets\": [{\"id\": \"t\", \"kind\": \"influxdb-1\", \"url\": \"http://admin:pw@host:8086\"}]}";
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read(json.getBytes(StandardCharsets.UTF_8), "w"));
        assertEquals("targets[0].url: the URL carries credentials (user:password@ before the host); remove them (secrets are never kept in a workspace) (line 1)",
            e.problems().get(0).toString());
    }

    @Test
    void duplicateJsonKeysAreReported() {
        String json = "{\n\"formatVersion\": 1,\n\"name\": \"a\",\n\"name\": \"b\"\n}";
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read(json.getBytes(StandardCharsets.UTF_8), "w"));
        assertEquals("name: duplicate key 'name' (line 4)", e.problems().get(0).toString());
    }

    @Test
    void savesAtomicallyAndKeepsTheEarlierVersionAsABackup(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("farm.cardinal.json");
        Workspace ws = weather();
        WorkspaceFiles.save(file, ws);
        assertFalse(Files.exists(WorkspaceFiles.backupOf(file)));
        Workspace renamed = ws.withLayout(ws.layout("three-tags").orElseThrow().withName("renamed"));
        WorkspaceFiles.save(file, renamed);
        assertEquals(renamed, WorkspaceFiles.load(file).workspace());
        assertEquals(ws, WorkspaceFiles.load(WorkspaceFiles.backupOf(file)).workspace());
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary file is left behind");
        }
    }

    @Test
    void samplePathsAreRelativeToTheWorkspaceFile(@TempDir Path dir) {
        Path ws = dir.resolve("a/w.cardinal.json");
        Path sample = dir.resolve("data/x.lp");
        assertEquals("../data/x.lp", WorkspaceFiles.relativize(ws, sample));
        assertEquals(sample, WorkspaceFiles.resolve(ws, "../data/x.lp"));
    }

    @Test
    void aTargetKeepsItsServerVersionAndLimitsInFormat2() throws Exception {
        Workspace ws = weather();
        Target own = new Target("prod", "production", Target.Kind.INFLUXDB_1, "http://influx:8086", "farm", null,
            ServerVersion.parse("1.8.10"), new ServerLimits(5_000_000L, 0L, null, null));
        Workspace withOwn = new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), ws.samples(), ws.rollups(), List.of(own),
            ws.canvas());
        byte[] first = WorkspaceWriter.write(withOwn);
        String text = new String(first, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("{\n  \"formatVersion\": 2,"), "format 1 cannot hold them: " + text);
        assertTrue(text.contains("\n      \"serverVersion\": \"1.8.10\",\n"
            + "      \"limits\": { \"maxSeriesPerDatabase\": 5000000, \"maxValuesPerTag\": 0 }\n"), text);
        WorkspaceReader.Loaded loaded = WorkspaceReader.read(first, "w.cardinal.json");
        assertEquals(List.of(), loaded.warnings());
        assertEquals(withOwn, loaded.workspace());
        assertArrayEquals(first, WorkspaceWriter.write(loaded.workspace()));
        assertEquals(1, weather().formatVersion(), "a workspace without them stays format 1, which older builds read");
    }

    @Test
    void aDocumentTargetIsFormat3AndAnOlderFormatNamesTheNewerCardinal() throws Exception {
        Workspace ws = weather();
        Target search = new Target("search", "search cluster", Target.Kind.OPENSEARCH, "https://search:9200", "posts", null,
            null, new ServerLimits(null, null, null, 2000L));
        Workspace withSearch = new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), ws.samples(), ws.rollups(),
            List.of(search), ws.canvas());
        byte[] bytes = WorkspaceWriter.write(withSearch);
        String text = new String(bytes, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("{\n  \"formatVersion\": 3,"), "a format-2 reader would call 'opensearch' unknown: " + text);
        assertTrue(text.contains("\"kind\": \"opensearch\""), text);
        WorkspaceReader.Loaded loaded = WorkspaceReader.read(bytes, "w.cardinal.json");
        assertEquals(withSearch, loaded.workspace());
        assertArrayEquals(bytes, WorkspaceWriter.write(loaded.workspace()));
        Target es = WorkspaceReader.read(("{\"formatVersion\": 3, \"targets\": [{\"id\": \"e\", \"kind\": \"elasticsearch\","
            + " \"url\": \"http://es:9200\", \"database\": \"logs-*\"}]}").getBytes(StandardCharsets.UTF_8), "w").workspace()
            .targets().get(0);
        assertEquals(Target.Kind.ELASTICSEARCH, es.kind());
        assertTrue(es.kind().isDocument());
        WorkspaceFormatException newer = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read("{\"formatVersion\": 6}".getBytes(StandardCharsets.UTF_8), "w"));
        assertTrue(newer.problems().get(0).toString().contains("reads up to 5"), newer.problems().toString());
    }

    /** An imported continuous query's own parts: what the weather rollup would say had it been imported. */
    static Workspace withImportedQuery() throws TemplateException {
        Workspace ws = weather();
        Rollup r = ws.rollups().get(0);
        Rollup imported = new Rollup(r.id(), r.name(), r.layout(), r.window(),
            List.of(new Rollup.AggregateSpec("temp", Aggregate.MEAN, "t \"mean\""), new Rollup.AggregateSpec("temp", Aggregate.MAX, "")),
            r.groupBy(), r.destination(), null, null).withQuery(new RollupQuery("hourly \"temps\"", "temps", "^wea", Duration.ofMinutes(30),
            Duration.ofHours(2), "crop = 'it\\'s' AND temp > 1.5", Duration.ofMinutes(15), true, "-1.5"));
        return new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), ws.samples(), List.of(imported), ws.targets(), ws.canvas());
    }

    @Test
    void aRollupKeepsWhatItsImportedQuerySaysInFormat4() throws Exception {
        Workspace ws = withImportedQuery();
        byte[] bytes = WorkspaceWriter.write(ws);
        String text = new String(bytes, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("{\n  \"formatVersion\": 4,"), "an older reader would drop the query with a warning: " + text);
        assertTrue(text.contains("{ \"attribute\": \"temp\", \"function\": \"max\", \"as\": \"\" }"), text);
        assertTrue(text.contains("\"where\": \"crop = 'it\\\\'s' AND temp > 1.5\""), text);
        WorkspaceReader.Loaded loaded = WorkspaceReader.read(bytes, "w.cardinal.json");
        assertEquals(List.of(), loaded.warnings());
        assertEquals(ws, loaded.workspace());
        assertArrayEquals(bytes, WorkspaceWriter.write(loaded.workspace()));
        assertEquals(weather().rollups(), WorkspaceReader.read(WorkspaceWriter.write(weather()), "w").workspace().rollups(),
            "a rollup without them reads as before: Cardinal's own query, its own names");
    }

    @Test
    void aBadImportedQuerySaysWhereAndWhy() {
        String json = """
            {"formatVersion": 4,
             "eventKinds": [{"name": "k", "attributes": [{"name": "v", "type": "float"}]}],
             "layouts": [{"id": "l", "eventKind": "k", "measurement": "m", "fields": ["v"]}],
             "rollups": [
              {"id": "a", "layout": "l", "window": "1h", "aggregates": [{"attribute": "v", "function": "sum", "as": 3}],
               "destination": {"kind": "retention-policy", "name": "r"},
               "query": {"name": "a", "fill": "zero"}},
              {"id": "b", "layout": "l", "window": "1h", "aggregates": [],
               "destination": {"kind": "retention-policy", "name": "r"},
               "query": {"into": "", "fromRegex": "(", "groupByAllTags": "yes"}}
             ]}
            """;
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read(json.getBytes(StandardCharsets.UTF_8), "w"));
        List<String> problems = e.problems().stream().map(FileProblem::toString).toList();
        assertTrue(problems.contains("rollups[0].aggregates[0].as: expected the name of the result (\"\" for none) (line 5)"), problems.toString());
        assertTrue(problems.contains("rollups[0].query: fill 'zero' is not none, previous, linear or a number (null is the default:"
            + " leave it out) (line 7)"), problems.toString());
        assertTrue(problems.contains("rollups[1].query.name: missing (expected a string) (line 10)"), problems.toString());
        assertTrue(problems.contains("rollups[1].query.into: must not be empty (leave \"into\" out to write into :MEASUREMENT) (line 10)"), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("rollups[1].query.fromRegex: not a regular expression")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("rollups[1].query.groupByAllTags: expected true or false")), problems.toString());
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
            () -> new RollupQuery("a", null, null, null, Duration.ZERO, null, null, false, null));
        assertEquals("RESAMPLE EVERY and FOR must be longer than zero", zero.getMessage());
    }

    @Test
    void aFormat1TargetLoadsWithDefaults() throws Exception {
        String json = "{\"formatVersion\": 1, \"targets\": [{\"id\": \"t\", \"kind\": \"influxdb-2\", \"url\": \"http://h:8086\","
            + " \"org\": \"o\"}]}";
        Target t = WorkspaceReader.read(json.getBytes(StandardCharsets.UTF_8), "w").workspace().targets().get(0);
        assertEquals(null, t.serverVersion());
        assertEquals(ServerLimits.DEFAULTS, t.limits());
    }

    @Test
    void aBadServerVersionOrLimitSaysWhereAndWhy() {
        String json = "{\n\"formatVersion\": 2,\n\"targets\": [{\"id\": \"t\", \"kind\": \"influxdb-1\", \"url\": \"http://h:8086\",\n"
            + "  \"serverVersion\": \"1.8.x\",\n  \"limits\": {\"maxValuesPerTag\": -1, \"cloudPlan\": \"gold\"}}]\n}";
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read(json.getBytes(StandardCharsets.UTF_8), "w"));
        List<String> problems = e.problems().stream().map(FileProblem::toString).toList();
        assertEquals("targets[0].serverVersion: '1.8.x': expected a number at character 5 (a version such as 1.8.10) (line 4)",
            problems.get(0));
        assertTrue(problems.get(1).startsWith("targets[0].limits.maxValuesPerTag: expected a whole number, 0 for unlimited, was -1"),
            problems.toString());
        assertTrue(problems.get(2).startsWith("targets[0].limits.cloudPlan:") && problems.get(2).contains("free, usage-based"),
            problems.toString());
    }
}
