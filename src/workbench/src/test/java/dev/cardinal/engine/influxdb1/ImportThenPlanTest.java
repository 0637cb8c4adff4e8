package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.cli.CliRun;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.RollupQuery;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.model.WorkspaceWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shape of continuous query InfluxQL allows, created on a real influxd, then {@code cardinal import} and
 * {@code cardinal plan} against the same server: nothing to do. A query Cardinal can model comes back as a rollup; one
 * it cannot is left out, said so, and left alone by {@code apply}.
 */
class ImportThenPlanTest extends ScratchServerTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private static final String SELECT = "SELECT sum(count) AS count_sum, count(page_url) AS events ";

    /** The aggregates in query {@code c}, with {@code resample} before BEGIN and {@code rest} after them. */
    private static Arguments shape(String name, String resample, String rest) {
        return Arguments.of(name, "CREATE CONTINUOUS QUERY c ON {db} " + resample + "BEGIN " + SELECT + rest + " END");
    }

    /** A name, then the statement ({@code {db}} stands for the database); every one reads measurement {@code listing}. */
    static Stream<Arguments> modelled() {
        return Stream.of(
            Arguments.of("the issue's query: aliases, INTO db.rp.m", "CREATE CONTINUOUS QUERY cq_listing ON {db} BEGIN " + SELECT
                + "INTO {db}.rollup.listing_hourly FROM listing GROUP BY time(1h), event END"),
            Arguments.of("Cardinal's own", "CREATE CONTINUOUS QUERY cq_hourly ON {db} RESAMPLE FOR 2h BEGIN SELECT"
                + " sum(\"count\") AS \"count_sum\" INTO {db}.rollup.:MEASUREMENT FROM {db}.autogen.listing GROUP BY time(1h), event END"),
            shape("INTO rp.m", "", "INTO rollup.hourly FROM listing GROUP BY time(1h)"),
            shape("INTO m", "", "INTO hourly FROM listing GROUP BY time(1h)"),
            shape("INTO :MEASUREMENT", "", "INTO {db}.rollup.:MEASUREMENT FROM listing GROUP BY time(1h)"),
            shape("FROM /regex/", "", "INTO rollup.:MEASUREMENT FROM /^list/ GROUP BY time(1h)"),
            shape("RESAMPLE EVERY", "RESAMPLE EVERY 30m ", "INTO rollup.h FROM listing GROUP BY time(1h)"),
            shape("RESAMPLE FOR", "RESAMPLE FOR 3h ", "INTO rollup.h FROM listing GROUP BY time(1h)"),
            shape("RESAMPLE EVERY FOR", "RESAMPLE EVERY 30m FOR 2h ", "INTO rollup.h FROM listing GROUP BY time(1h)"),
            shape("WHERE tag = 'x'", "", "INTO rollup.h FROM listing WHERE event = 'view' GROUP BY time(1h)"),
            shape("WHERE with regex, OR, parentheses", "",
                "INTO rollup.h FROM listing WHERE (event = 'it\\'s' OR device =~ /mob\\/ile/) AND price > 1.5 GROUP BY time(1h)"),
            shape("fill(none)", "", "INTO rollup.h FROM listing GROUP BY time(1h) fill(none)"),
            shape("fill(null)", "", "INTO rollup.h FROM listing GROUP BY time(1h) fill(null)"),
            shape("fill(0)", "", "INTO rollup.h FROM listing GROUP BY time(1h) fill(0)"),
            shape("fill(-1.5)", "", "INTO rollup.h FROM listing GROUP BY time(1h) fill(-1.5)"),
            shape("fill(previous)", "", "INTO rollup.h FROM listing GROUP BY time(1h) fill(previous)"),
            shape("fill(linear)", "", "INTO rollup.h FROM listing GROUP BY time(1h) fill(linear)"),
            shape("GROUP BY time(1h,15m)", "", "INTO rollup.h FROM listing GROUP BY time(1h,15m), event"),
            shape("GROUP BY time(90m)", "", "INTO rollup.h FROM listing GROUP BY time(90m)"),
            shape("GROUP BY *", "", "INTO rollup.h FROM listing GROUP BY time(1h), *"),
            shape("GROUP BY a tag and *", "", "INTO rollup.h FROM listing GROUP BY time(1h), device, *"),
            Arguments.of("aggregates with and without AS", "CREATE CONTINUOUS QUERY c ON {db} BEGIN SELECT SUM(count), mean(price) AS p,"
                + " MAX(price), count(distinct(page_url)), count(DISTINCT(device_id)) AS devices INTO rollup.h FROM listing GROUP BY time(1d) END"),
            Arguments.of("hostile quoted names", "CREATE CONTINUOUS QUERY \"cq \\\"x\\\"; DROP DATABASE {db}\" ON {db} BEGIN"
                + " SELECT sum(\"co\\\"unt\") AS \"a \\\"b\\\" END\" INTO {db}.\"roll\\\"up\".\"out; DROP\" FROM \"li\\\"st ing\""
                + " WHERE \"se lect\" = 'it\\'s' GROUP BY time(1h), \"se lect\" END"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modelled")
    void importThenPlanIsANoOp(String shape, String create) throws Exception {
        String db = prepare(create);
        Path file = importOf(db, "1 rollup(s)");
        CliRun plan = CliRun.of("plan", file.toString(), "--url", server.url().toString(), "--database", db);
        assertEquals(0, plan.code(), plan.out() + plan.err());
        assertTrue(plan.out().contains("nothing to do") && plan.out().contains("unchanged continuous-query "), plan.out());

        byte[] saved = Files.readAllBytes(file);
        assertArrayEquals(saved, WorkspaceWriter.write(WorkspaceFiles.load(file).workspace()),
            "a workspace read back and written again is the same file: " + new String(saved, StandardCharsets.UTF_8));
    }

    static Stream<Arguments> notModelled() {
        return Stream.of(
            Arguments.of("a selector with an argument", "SELECT percentile(price, 95) AS p95 INTO rollup.h FROM listing GROUP BY time(1h)"),
            Arguments.of("an expression", "SELECT sum(count) * 2 AS twice INTO rollup.h FROM listing GROUP BY time(1h)"),
            Arguments.of("a wildcard", "SELECT mean(*) INTO rollup.:MEASUREMENT FROM listing GROUP BY time(1h)"),
            Arguments.of("two sources", "SELECT sum(count) INTO rollup.:MEASUREMENT FROM listing, other GROUP BY time(1h)"),
            Arguments.of("ORDER BY and LIMIT", "SELECT sum(count) INTO rollup.h FROM listing GROUP BY time(1h) ORDER BY time DESC LIMIT 5"),
            Arguments.of("a field the measurement lacks", "SELECT sum(nothing) INTO rollup.h FROM listing GROUP BY time(1h)"),
            Arguments.of("a regex no measurement matches", "SELECT sum(count) INTO rollup.h FROM /^zzz/ GROUP BY time(1h)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notModelled")
    void aQueryCardinalCannotModelIsSaidAndLeftAlone(String shape, String select) throws Exception {
        String db = prepare("CREATE CONTINUOUS QUERY kept ON {db} BEGIN " + select + " END");
        String before = serverQueries(db).get("kept");
        Path file = importOf(db, "0 rollup(s)");
        String url = server.url().toString();
        CliRun apply = CliRun.of("apply", file.toString(), "--url", url, "--database", db, "--yes");
        assertEquals(0, apply.code(), apply.out() + apply.err());
        assertTrue(apply.out().contains("nothing to do"), apply.out());
        assertEquals(before, serverQueries(db).get("kept"), "the server keeps its query as it was");
    }

    @Test
    void aQueryEditedInTheWorkspaceIsAppliedInertThenPlansAsUnchanged() throws Exception {
        String db = prepare("CREATE CONTINUOUS QUERY c ON {db} BEGIN SELECT sum(count) INTO rollup.h FROM listing GROUP BY time(1h) END");
        Path file = importOf(db, "1 rollup(s)");
        Workspace ws = WorkspaceFiles.load(file).workspace();
        Rollup r = ws.rollups().get(0);
        RollupQuery hostile = new RollupQuery("c2 \"; DROP DATABASE " + db, "out\"; DROP", "^list\\/ ; DROP DATABASE " + db + "; /",
            java.time.Duration.ofMinutes(30), null, "event = 'x\\'; DROP DATABASE " + db + "' OR \"se;lect\" =~ /a\\/ ; b/", null, true,
            "previous");
        WorkspaceFiles.save(file, new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), ws.samples(), List.of(new Rollup(r.id(),
            r.name(), r.layout(), r.window(), r.aggregates(), r.groupBy(), r.destination(), hostile, null)), ws.targets(), ws.canvas()));
        String url = server.url().toString();
        CliRun apply = CliRun.of("apply", file.toString(), "--url", url, "--database", db, "--yes");
        assertEquals(0, apply.code(), apply.out() + apply.err());
        assertTrue(serverQueries(db).containsKey(hostile.name()), "created under its own name: " + serverQueries(db));
        CliRun plan = CliRun.of("plan", file.toString(), "--url", url, "--database", db);
        assertEquals(0, plan.code(), plan.out() + plan.err());
        assertTrue(plan.out().contains("nothing to do"), plan.out());
        assertTrue(client.query("SHOW DATABASES", null).series().get(0).values().stream().anyMatch(row -> db.equals(row.get(0))),
            "the database is still there");
    }

    /** A fresh database with two measurements and a policy {@code rollup}, and the query created on it. */
    private static String prepare(String create) throws Exception {
        String db = "cq" + DATABASES.incrementAndGet();
        client.query("CREATE DATABASE " + db, null);
        client.query("CREATE RETENTION POLICY rollup ON " + db + " DURATION 30d REPLICATION 1", null);
        client.query("CREATE RETENTION POLICY \"roll\\\"up\" ON " + db + " DURATION 30d REPLICATION 1", null);
        long now = System.currentTimeMillis() * 1_000_000L;
        String lines = "listing,event=view,device=mobile count=1i,price=2.5,page_url=\"/a\",device_id=\"d1\" " + now + "\n"
            + "other,event=click count=2i " + now + "\n"
            + "li\"st\\ ing,se\\ lect=it's co\"unt=1i " + now + "\n";
        client.write(db, null, "ns", lines.getBytes(StandardCharsets.UTF_8));
        client.query(create.replace("{db}", db), null);
        return db;
    }

    private static Path importOf(String db, String rollups) throws Exception {
        Path file = Files.createTempDirectory("cardinal-cq").resolve(db + WorkspaceFiles.EXTENSION);
        CliRun im = CliRun.of("import", "--url", server.url().toString(), "--database", db, "-o", file.toString());
        assertEquals(0, im.code(), im.out() + im.err());
        assertTrue(im.out().contains(rollups), im.out() + "\nserver: " + serverQueries(db));
        assertEquals(rollups.startsWith("0"), im.out().contains("note: continuous query"), im.out());
        return file;
    }

    private static Map<String, String> serverQueries(String db) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        for (InfluxV1Result.Series s : client.query("SHOW CONTINUOUS QUERIES", null).series()) {
            if (db.equals(s.name())) {
                s.values().forEach(row -> out.put((String) row.get(0), (String) row.get(1)));
            }
        }
        return out;
    }
}
