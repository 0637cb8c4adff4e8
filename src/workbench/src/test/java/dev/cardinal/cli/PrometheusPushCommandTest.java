package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.prometheus.ScratchPrometheus;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code cardinal plan}, {@code apply --write-sample} and {@code import} on a real Prometheus 2.42 through the engine's
 * seam: every layout of every sample scenario, remote-written to a Prometheus of its own (a head cannot be emptied),
 * reads back as projected (head series, the series of its metrics, each label's values, and status/tsdb's label
 * counts); a second write adds nothing; hostile names stay inert on the terminal; a reserved label name is refused
 * with its reason; import makes each metric an event kind.
 */
class PrometheusPushCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static CliRun apply(String ws, ScratchPrometheus server, String layout, String... more) {
        String[] base = {"apply", ws, "--url", server.url.toString(), "--kind", "prometheus", "--layout", layout,
            "--write-sample", "--yes", "--allow-outside"};
        return CliRun.of(Stream.concat(Stream.of(base), Stream.of(more)).toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("dev.cardinal.cli.VmPushCommandTest#layouts")
    void applyWritesTheSampleAndMeasuresWhatWasProjected(String scenario, String layout) throws Exception {
        String ws = "sample-data/" + scenario + "/" + scenario + WorkspaceFiles.EXTENSION;
        try (ScratchPrometheus server = ScratchPrometheus.start()) {
            CliRun plan = CliRun.of("plan", ws, "--url", server.url.toString(), "--kind", "prometheus", "--layout", layout);
            assertEquals(0, plan.code(), plan.out() + plan.err());
            assertTrue(plan.out().contains("the server takes remote write"), plan.out());
            if (scenario.equals("ad-marketplace")) {
                assertTrue(plan.out().contains("metric listing_event_page_url: a string field: a Prometheus sample is a"
                    + " float64, so the sample write leaves it out"), plan.out());
            }

            CliRun apply = apply(ws, server, layout, "--format", "json");
            assertEquals(0, apply.code(), apply.out() + apply.err());
            JsonNode kind = JSON.readTree(apply.out()).get("eventKinds").get(0);
            assertTrue(kind.get("matches").asBoolean(), kind.toString());
            JsonNode rows = kind.get("rows");
            rows.forEach(r -> assertFalse(r.get("differs").asBoolean(), r.toString()));
            assertTrue(rows.toString().contains("labelValueCountByLabelName"), rows.toString());
            System.out.printf("prometheus-apply | %s | %s | %d | %d | %d%n", scenario, layout, rows.get(0).get("projected").asLong(),
                rows.get(0).get("measured").asLong(), rows.get(1).get("measured").asLong());

            if (layout.equals("three-tags")) {
                // written again at once: Prometheus refuses samples older than a series' newest, and says so
                CliRun again = apply(ws, server, layout);
                assertEquals(3, again.code(), again.out() + again.err());
                assertTrue(again.err().contains("the head already holds 72 of the sample's 72 series"), again.err());
                assertTrue(again.err().contains("out of order sample"), again.err());
                CliRun after = CliRun.of("plan", ws, "--url", server.url.toString(), "--kind", "prometheus", "--layout", layout);
                assertTrue(after.out().contains("metric weather_temp: on the server: 72 series, labels crop, plot, region"),
                    after.out());
            }
        }
    }

    @Test
    void hostileNamesAreWrittenAsProjectedAndStayInert() throws Exception {
        Path ws = HostileMetricsWorkspace.write(dir, "we\"a\\th" + HostileMetricsWorkspace.CONTROLS, "plot-ü {id}",
            "x\"\\\n" + HostileMetricsWorkspace.CONTROLS, "t€mp");
        try (ScratchPrometheus server = ScratchPrometheus.start()) {
            CliRun plan = CliRun.of("plan", ws.toString(), "--url", server.url.toString(), "--kind", "prometheus", "--layout",
                HostileMetricsWorkspace.LAYOUT, "--allow-outside");
            assertEquals(0, plan.code(), plan.out() + plan.err());
            CliRun apply = apply(ws.toString(), server, HostileMetricsWorkspace.LAYOUT);
            assertEquals(0, apply.code(), apply.out() + apply.err());
            assertTrue(apply.out().contains("the server holds what was projected"), apply.out());
            assertTrue(HostileMetricsWorkspace.inert(plan.out() + apply.out() + apply.err()), apply.out());
            assertTrue(apply.out().contains("values of label plot____id_"), apply.out());
        }
    }

    @Test
    void aReservedLabelNameIsRefusedWithItsReason() throws Exception {
        Path ws = HostileMetricsWorkspace.write(dir, "weather", "__secret", "v", "temp");
        try (ScratchPrometheus server = ScratchPrometheus.start()) {
            CliRun plan = CliRun.of("plan", ws.toString(), "--url", server.url.toString(), "--kind", "prometheus", "--layout",
                HostileMetricsWorkspace.LAYOUT, "--allow-outside");
            assertEquals(1, plan.code(), plan.out() + plan.err());
            assertTrue(plan.out().contains("conflict  layout odd tag __secret: its label name '__secret' begins with '__'"),
                plan.out());
            CliRun apply = apply(ws.toString(), server, HostileMetricsWorkspace.LAYOUT);
            assertEquals(3, apply.code(), apply.out() + apply.err());
            assertTrue(apply.err().contains("tag key '__secret': its label name '__secret' begins with '__'"), apply.err());
        }
    }

    @Test
    void importMakesEachMetricAnEventKindWithItsLabelsAsTags() throws Exception {
        String ws = "sample-data/weather/weather" + WorkspaceFiles.EXTENSION;
        try (ScratchPrometheus server = ScratchPrometheus.start()) {
            assertEquals(0, apply(ws, server, "three-tags").code());
            Path out = dir.resolve("imported" + WorkspaceFiles.EXTENSION);
            CliRun imported = CliRun.of("import", "--url", server.url.toString(), "--kind", "prometheus", "-o", out.toString());
            assertEquals(0, imported.code(), imported.out() + imported.err());
            Workspace read = WorkspaceFiles.load(out).workspace();
            Layout l = read.layouts().get(0);
            assertEquals("weather_temp", l.measurement().literalText());
            assertEquals(java.util.List.of("crop", "plot", "region"), l.tags().stream().map(t -> t.key()).sorted().toList());
            assertEquals("prometheus", read.targets().get(0).kind().id());
            assertTrue(imported.out().contains("region                   4 distinct"), imported.out());
            CliRun withDb = CliRun.of("import", "--url", server.url.toString(), "--kind", "prometheus", "--database", "x", "-o",
                out.toString());
            assertEquals(2, withDb.code());
            assertTrue(withDb.err().contains("Prometheus takes no --database"), withDb.err());
        }
    }
}
