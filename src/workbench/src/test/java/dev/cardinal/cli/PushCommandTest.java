package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.influxdb1.InfluxdRequired;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code cardinal plan} and {@code cardinal apply} against a real throwaway influxd. */
class PushCommandTest {
    private static final String ADS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";
    static ScratchInfluxd server;

    @BeforeAll
    static void start() throws Exception {
        InfluxdRequired.check();
        server = ScratchInfluxd.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void planApplyWriteTheSampleAndApplyAgain() throws Exception {
        String url = server.url().toString();
        CliRun plan = CliRun.of("plan", ADS, "--url", url, "--database", "ads", "--layout", "ids-as-fields");
        assertEquals(0, plan.code(), plan.err());
        assertTrue(plan.out().contains("create    database ads"), plan.out());
        assertTrue(plan.out().contains("CREATE RETENTION POLICY \"raw\" ON \"ads\" DURATION 30d REPLICATION 1 SHARD DURATION 1d DEFAULT"),
            plan.out());

        CliRun refused = CliRun.of("apply", ADS, "--url", url, "--database", "ads", "--layout", "ids-as-fields");
        assertEquals(1, refused.code());
        assertTrue(refused.err().contains("pass --yes"), refused.err());

        CliRun apply = CliRun.of("apply", ADS, "--url", url, "--database", "ads", "--layout", "ids-as-fields", "--yes",
            "--write-sample", "--format", "json");
        assertEquals(0, apply.code(), apply.err() + apply.out());
        JsonNode root = new ObjectMapper().readTree(apply.out());
        assertEquals(2, root.get("applied").size());
        JsonNode kind = root.get("eventKinds").get(0);
        assertEquals("listing_event", kind.get("name").asText());
        assertTrue(kind.get("matches").asBoolean());
        for (String n : new String[] {"series", "serverReportedSeries", "fieldKeys"}) {
            assertEquals(kind.get("projected").get(n), kind.get("measured").get(n), n);
        }
        assertEquals(kind.get("projected").get("tags"), kind.get("measured").get("tags"));
        assertEquals(20_000, kind.get("write").get("linesSent").asLong());

        CliRun again = CliRun.of("apply", ADS, "--url", url, "--database", "ads", "--layout", "ids-as-fields");
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains("nothing to do"), again.out());
        assertTrue(again.out().contains("applied 0 step(s)"), again.out());

        Path dir = Files.createTempDirectory("cardinal-import");
        Path imported = dir.resolve("ads.cardinal.json");
        CliRun im = CliRun.of("import", "--url", url, "--database", "ads", "-o", imported.toString(), "--sample-points", "1000");
        assertEquals(0, im.code(), im.err());
        assertTrue(im.out().contains("tag    event                    5 distinct"), im.out());
        assertTrue(Files.exists(dir.resolve("ads.sample.lp.gz")));
        CliRun analyze = CliRun.of("analyze", "--workspace", imported.toString(), "--format", "json");
        assertEquals(0, analyze.code(), analyze.err());
        JsonNode k = new ObjectMapper().readTree(analyze.out()).get("eventKinds").get(0);
        assertEquals(1000, k.get("points").asLong());
        assertEquals(0, new ObjectMapper().readTree(analyze.out()).get("badLines").asLong());
        assertEquals("listing_event", k.get("name").asText());
    }

    @Test
    void theRollupTableIsCreatedAndFilledOnMariaDbThenLeftAsItIs() throws Exception {
        String url = "jdbc:mariadb://127.0.0.1:3306/test";
        try (var c = DriverManager.getConnection(url, "root", ""); var st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS listing_daily");
            try {
                CliRun apply = CliRun.of("apply", ADS, "--url", url, "--database", "test", "--user", "root", "--yes",
                    "--write-sample", "--layout", "ids-as-fields", "--format", "json");
                assertEquals(0, apply.code(), apply.err() + apply.out());
                JsonNode table = new ObjectMapper().readTree(apply.out()).get("tables").get(0);
                assertEquals("listing_daily", table.get("table").asText());
                assertTrue(table.get("rowsComputed").asLong() > 1000, table.toString());
                assertEquals(table.get("rowsComputed"), table.get("rowsInTable"));

                CliRun plan = CliRun.of("plan", ADS, "--url", url, "--database", "test", "--user", "root", "--layout", "ids-as-fields");
                assertEquals(0, plan.code(), plan.err());
                assertTrue(plan.out().contains("unchanged table listing_daily"), plan.out());
            } finally {
                st.execute("DROP TABLE IF EXISTS listing_daily");
            }
        }
    }

    @Test
    void aLayoutNoRowOfWhichCanBeWrittenSaysWhyInsteadOfWritingNothing(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
        throws Exception {
        // a tag key ending in a backslash: the backslash would escape the '=' after it, and nothing can escape it
        java.nio.file.Path weather = java.nio.file.Path.of("sample-data/weather");
        dev.cardinal.model.Workspace w = dev.cardinal.model.WorkspaceFiles.load(weather.resolve("weather.cardinal.json")).workspace();
        dev.cardinal.model.Layout l = w.layouts().get(0);
        java.util.List<dev.cardinal.model.TagSpec> tags = new java.util.ArrayList<>(l.tags());
        tags.set(0, new dev.cardinal.model.TagSpec(tags.get(0).key() + "\\", tags.get(0).value()));
        dev.cardinal.model.Layout odd = new dev.cardinal.model.Layout(l.id(), l.name(), l.eventKind(), l.measurement(), tags,
            l.fields(), l.retention());
        java.nio.file.Path file = dir.resolve("w.cardinal.json");
        java.nio.file.Files.copy(weather.resolve("traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        dev.cardinal.model.WorkspaceFiles.save(file, w.withLayout(odd));
        CliRun apply = CliRun.of("apply", file.toString(), "--url", server.url().toString(), "--database", "backslash",
            "--layout", l.id(), "--yes", "--write-sample");
        assertEquals(1, apply.code(), apply.err() + apply.out());
        assertTrue(apply.err().contains("layout " + l.id() + ": no row can be written, the tag key '" + tags.get(0).key()
            + "' cannot be written in line protocol: a trailing backslash escapes the delimiter after it"), apply.err());
    }

    @Test
    void aServerThatIsNotThereIsAFailureThatSaysSo() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        CliRun r = CliRun.of("plan", ADS, "--url", "http://127.0.0.1:" + port, "--database", "ads");
        assertEquals(3, r.code());
        assertTrue(r.err().contains("connection refused"), r.err());
    }

    @Test
    void credentialsInTheUrlAreRefused() {
        CliRun r = CliRun.of("plan", ADS, "--url", "http://admin:pw@127.0.0.1:1", "--database", "ads");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("must not carry credentials"), r.err());
        assertFalse(r.err().contains("pw@"), "the password is not echoed");
    }
}
