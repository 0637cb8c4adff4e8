package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.victoriametrics.ScratchVictoriaMetrics;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code cardinal plan}, {@code apply --write-sample} and {@code import} on a real VictoriaMetrics 1.79.5, through the
 * engine's seam: every layout of every sample scenario written (moved by whole days to now) reads back as projected,
 * over the sample's range, over its busiest day, and for every label's values; the plan reads what the server holds
 * and changes nothing; import makes each metric an event kind with its labels as tags.
 */
class VmPushCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ScratchVictoriaMetrics vm;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        vm = ScratchVictoriaMetrics.start();
    }

    @AfterAll
    static void stop() {
        if (vm != null) {
            vm.close();
        }
    }

    static Stream<Arguments> layouts() throws Exception {
        return Stream.of("ad-marketplace", "weather", "custom-metrics").flatMap(s -> {
            Path file = Path.of("sample-data", s, s + WorkspaceFiles.EXTENSION);
            try {
                return WorkspaceFiles.load(file).workspace().layouts().stream().map(l -> Arguments.of(s, l.id()));
            } catch (Exception e) {
                throw new IllegalStateException(file.toString(), e);
            }
        });
    }

    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("layouts")
    void applyWritesTheSampleAndMeasuresWhatWasProjected(String scenario, String layout) throws Exception {
        String ws = "sample-data/" + scenario + "/" + scenario + WorkspaceFiles.EXTENSION;
        String db = scenario + "/" + layout;
        CliRun before = CliRun.of("plan", ws, "--url", vm.url().toString(), "--kind", "victoriametrics", "--database", db,
            "--layout", layout);
        assertEquals(0, before.code(), before.err());
        assertTrue(before.out().contains("nothing to do"), before.out());

        CliRun apply = CliRun.of("apply", ws, "--url", vm.url().toString(), "--kind", "victoriametrics", "--database", db,
            "--layout", layout, "--write-sample", "--yes", "--format", "json");
        assertEquals(0, apply.code(), apply.out() + apply.err());
        JsonNode kind = JSON.readTree(apply.out()).get("eventKinds").get(0);
        assertTrue(kind.get("matches").asBoolean(), kind.toString());
        JsonNode rows = kind.get("rows");
        assertTrue(rows.size() >= 4, "series, the busiest day, status/tsdb and label values: " + rows);
        rows.forEach(r -> assertFalse(r.get("differs").asBoolean(), r.toString()));
        System.out.printf("vm-apply | %s | %s | %d | %d | %d | %d | %d%n", scenario, layout, rows.get(0).get("projected").asLong(),
            rows.get(0).get("measured").asLong(), rows.get(1).get("projected").asLong(), rows.get(1).get("measured").asLong(),
            rows.get(2).get("measured").asLong());
        assertTrue(kind.get("notes").toString().contains("exactly the projected ones"), kind.toString());

        if (layout.equals("ids-as-fields") || layout.equals("three-tags")) {
            // written a second time on the same day: the same series, nothing doubled
            CliRun again = CliRun.of("apply", ws, "--url", vm.url().toString(), "--kind", "victoriametrics", "--database", db,
                "--layout", layout, "--write-sample", "--yes", "--format", "json");
            assertEquals(0, again.code(), again.out() + again.err());
            CliRun after = CliRun.of("plan", ws, "--url", vm.url().toString(), "--kind", "victoriametrics", "--database", db,
                "--layout", layout);
            assertEquals(0, after.code(), after.err());
            assertTrue(after.out().contains("on the server: "), after.out());
            assertTrue(after.out().contains("with db=" + db + "), labels "), after.out());
        }
    }

    /** VictoriaMetrics' sample is written again whole (the same points replace themselves): a resume is refused before any line is sent. */
    @Test
    void aWriteToVictoriaMetricsIsNotResumed() throws Exception {
        String ws = "sample-data/weather/weather" + WorkspaceFiles.EXTENSION;
        CliRun r = CliRun.of("apply", ws, "--url", vm.url().toString(), "--kind", "victoriametrics", "--database", "not-resumed",
            "--layout", "three-tags", "--write-sample", "--yes", "--resume-at", "10", "--time-shift", "0");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("--resume-at resumes an InfluxDB 1.x write; ") && r.err().contains(" is written again whole"),
            r.err());
    }

    @Test
    void importMakesEachMetricAnEventKindWithItsLabelsAsTags() throws Exception {
        String ws = "sample-data/weather/weather" + WorkspaceFiles.EXTENSION;
        CliRun apply = CliRun.of("apply", ws, "--url", vm.url().toString(), "--kind", "victoriametrics", "--database", "to-import",
            "--layout", "three-tags", "--write-sample", "--yes");
        assertEquals(0, apply.code(), apply.out() + apply.err());
        Path out = dir.resolve("imported" + WorkspaceFiles.EXTENSION);
        CliRun imported = CliRun.of("import", "--url", vm.url().toString(), "--kind", "victoriametrics", "--database", "to-import",
            "-o", out.toString());
        assertEquals(0, imported.code(), imported.out() + imported.err());
        Workspace read = WorkspaceFiles.load(out).workspace();
        assertEquals(1, read.layouts().size(), imported.out());
        Layout l = read.layouts().get(0);
        assertEquals("weather_temp", l.measurement().literalText());
        assertEquals(java.util.List.of("crop", "plot", "region"), l.tags().stream().map(t -> t.key()).sorted().toList(),
            "the labels, without the db label that selected them");
        assertEquals("value", l.fields().get(0).key().literalText());
        assertEquals("victoriametrics", read.targets().get(0).kind().id());
        assertTrue(imported.out().contains("crop                     3 distinct"), imported.out());
    }

    @Test
    void hostileNamesAreWrittenAsProjectedAndStayInert() throws Exception {
        Path ws = HostileMetricsWorkspace.write(dir, "we\"a\\th" + HostileMetricsWorkspace.CONTROLS, "plot-ü {id}",
            "x\"\\" + HostileMetricsWorkspace.CONTROLS, "t€mp");
        String db = "hostile " + HostileMetricsWorkspace.CONTROLS;
        CliRun plan = CliRun.of("plan", ws.toString(), "--url", vm.url().toString(), "--kind", "victoriametrics", "--database", db,
            "--layout", HostileMetricsWorkspace.LAYOUT, "--allow-outside");
        assertEquals(0, plan.code(), plan.out() + plan.err());
        CliRun apply = CliRun.of("apply", ws.toString(), "--url", vm.url().toString(), "--kind", "victoriametrics", "--database",
            db, "--layout", HostileMetricsWorkspace.LAYOUT, "--write-sample", "--yes", "--allow-outside");
        assertEquals(0, apply.code(), apply.out() + apply.err());
        assertTrue(apply.out().contains("the series listed are exactly the projected ones"), apply.out());
        assertTrue(apply.out().contains("values of label plot-ü {id}"), apply.out());
        assertTrue(HostileMetricsWorkspace.inert(plan.out() + plan.err() + apply.out() + apply.err()), apply.out());
        CliRun again = CliRun.of("plan", ws.toString(), "--url", vm.url().toString(), "--kind", "victoriametrics", "--database",
            db, "--layout", HostileMetricsWorkspace.LAYOUT, "--allow-outside");
        assertTrue(again.out().contains("on the server: 12 series (12 with db=hostile "), again.out());
        assertTrue(HostileMetricsWorkspace.inert(again.out()), again.out());
    }

    @Test
    void usageErrorsSayWhatIsMissing() {
        // the engine's own names are taken for its kind of target too
        CliRun noDb = CliRun.of("plan", "sample-data/weather/weather" + WorkspaceFiles.EXTENSION, "--url", vm.url().toString(),
            "--kind", "vm");
        assertEquals(2, noDb.code());
        assertTrue(noDb.err().contains("--url needs --database (the db label"), noDb.err());
        CliRun credentials = CliRun.of("plan", "sample-data/weather/weather" + WorkspaceFiles.EXTENSION, "--url",
            "http://me:secret@127.0.0.1:1", "--kind", "victoriametrics", "--database", "x");
        assertEquals(2, credentials.code());
        assertFalse(credentials.err().contains("secret"), credentials.err());
    }
}
