package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.cli.CliRun;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.Projection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * With no server named, the workbench's Projection panel and {@code cardinal analyze --workspace W} check the same
 * server's limits ({@code ServerFor}): the workspace's first InfluxDB target, else InfluxDB 1.8.10, assumed; and every
 * product's limits only when asked. Each limit row (id, value, the figure at the horizon) and the server are compared.
 */
class SameServerTest extends WorkbenchFixture {
    private static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    /** Each limit the projection checks, by id: its value and the figure at the horizon. */
    private static Map<String, List<Long>> rows(Projection p) {
        Map<String, List<Long>> out = new TreeMap<>();
        p.limits().forEach(l -> out.put(l.limit().id(), List.of(l.limit().value(), l.atHorizon())));
        return out;
    }

    private static Map<String, List<Long>> rows(JsonNode kind) {
        Map<String, List<Long>> out = new TreeMap<>();
        kind.get("projection").get("timeToLimit").fields().forEachRemaining(e ->
            out.put(e.getKey(), List.of(e.getValue().get("limit").asLong(), e.getValue().get("atHorizon").asLong())));
        return out;
    }

    /** Opens {@code ws} with layout {@code layout} selected, and checks its limits and server against the command line's. */
    private Map<String, List<Long>> same(FxRobot robot, Path ws, String layout, String... more) throws Exception {
        openAndWait(robot, ws);
        robot.interact(() -> window.session().select(layout));
        awaitProjection(robot);
        WaitForAsyncUtils.waitForFxEvents();
        Projection shown = WaitForAsyncUtils.asyncFx(() -> window.session().projection().shownProperty().get().projection()).get();
        List<String> args = new ArrayList<>(List.of("analyze", "--workspace", ws.toString(), "--layout", layout, "--format", "json"));
        args.addAll(List.of(more));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.code(), run.err());
        JsonNode kind = new ObjectMapper().readTree(run.out()).get("eventKinds").get(0);
        assertEquals(layout, kind.get("layout").asText());
        assertEquals(rows(kind), rows(shown), "the same limits, with the same figures");
        assertEquals(kind.get("server").get("version").asText(), shown.settings().server().version().toString());
        assertEquals(kind.get("server").get("assumed").asBoolean(), shown.settings().server().assumed());
        return rows(shown);
    }

    @Test
    void aWorkspaceWithoutTargetsIsCheckedAgainstTheAssumedServersOwnLimits(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = dir.resolve("weather.cardinal.json");
        Files.copy(Path.of("sample-data/weather/weather.cardinal.json"), ws);
        Files.copy(Path.of("sample-data/weather/traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        Map<String, List<Long>> limits = same(robot, ws, "three-tags");
        assertEquals(List.of("influxdb1-max-series-per-database", "influxdb1-max-values-per-tag"), List.copyOf(limits.keySet()),
            "InfluxDB 1.8.10's own, not a Cloud plan's beside it");
    }

    @Test
    void aWorkspaceTargetIsTheServerOfBothAndItsOwnLimitsAreChecked(FxRobot robot, @TempDir Path dir) throws Exception {
        Workspace ads = WorkspaceFiles.load(ADS).workspace();
        Target local = ads.targets().get(0);
        Target own = new Target(local.id(), local.name(), local.kind(), local.url(), local.database(), local.org(),
            ServerVersion.of(1, 6, 7), new ServerLimits(20_000L, null, null, null));
        Target second = new Target("v2", "v2", Target.Kind.INFLUXDB_2, "http://127.0.0.1:8087", "ads", "org");
        Path ws = dir.resolve("ads.cardinal.json");
        WorkspaceFiles.save(ws, new Workspace(ads.name(), ads.eventKinds(), ads.layouts(), ads.samples(), ads.rollups(),
            List.of(own, second), ads.canvas()));
        Files.copy(Path.of("sample-data/ad-marketplace/traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        Map<String, List<Long>> limits = same(robot, ws, "ids-as-tags");
        assertEquals(20_000L, limits.get("influxdb1-max-series-per-database").get(0), "the first target's own limit");
        assertTrue(robot.lookup("#server").queryAs(javafx.scene.control.ChoiceBox.class).getValue().toString()
            .startsWith("local: InfluxDB 1.6.7"));
    }

    @Test
    void everyProductsLimitsAreCheckedWhenAskedInBoth(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openCopy(robot, dir);
        javafx.scene.control.ChoiceBox<?> server = robot.lookup("#server").queryAs(javafx.scene.control.ChoiceBox.class);
        int every = java.util.stream.IntStream.range(0, server.getItems().size())
            .filter(n -> server.getItems().get(n).toString().startsWith("every product's limits")).findFirst().orElseThrow();
        Map<String, List<Long>> targets = same(robot, ws, "ids-as-tags");
        assertEquals(2, targets.size(), "the ad marketplace's target local: InfluxDB 1.x's two limits");
        robot.interact(() -> server.getSelectionModel().select(every));
        WaitForAsyncUtils.waitFor(30, java.util.concurrent.TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() ->
            !window.session().projection().staleProperty().get()
                && window.session().projection().shownProperty().get().projection().limits().size() > 2).get());
        Projection shown = WaitForAsyncUtils.asyncFx(() -> window.session().projection().shownProperty().get().projection()).get();
        CliRun run = CliRun.of("analyze", "--workspace", ws.toString(), "--layout", "ids-as-tags", "--format", "json", "--all-limits");
        assertEquals(0, run.code(), run.err());
        JsonNode kind = new ObjectMapper().readTree(run.out()).get("eventKinds").get(0);
        assertEquals(rows(kind), rows(shown));
        assertTrue(rows(shown).containsKey("cloud-tsm-free-series"), rows(shown).toString());
        assertTrue(kind.get("server").get("allLimits").asBoolean());
    }

    @Test
    void aServerWithoutLimitsSaysSoInBoth(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openCopy(robot, dir, "weather", "weather.cardinal.json");
        javafx.scene.control.ChoiceBox<?> server = robot.lookup("#server").queryAs(javafx.scene.control.ChoiceBox.class);
        int v2 = java.util.stream.IntStream.range(0, server.getItems().size())
            .filter(n -> server.getItems().get(n).toString().equals("InfluxDB 2.7.0")).findFirst().orElseThrow();
        robot.interact(() -> server.getSelectionModel().select(v2));
        WaitForAsyncUtils.waitFor(30, java.util.concurrent.TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() ->
            !window.session().projection().staleProperty().get()
                && window.session().projection().shownProperty().get().projection().limits().isEmpty()).get());
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TableView<?> limits = robot.lookup("#limits").queryTableView();
        String shown = ((javafx.scene.control.Label) limits.getPlaceholder()).getText();
        CliRun run = CliRun.of("analyze", "--workspace", ws.toString(), "--layout", "three-tags", "--server-version", "2.7.0");
        assertEquals(0, run.code(), run.err());
        String none = run.out().lines().map(String::trim).filter(l -> l.startsWith("none: ")).findFirst().orElseThrow();
        assertEquals("None: " + none.substring("none: ".length()) + ".", shown);
        assertTrue(shown.startsWith("None: InfluxDB 2.7.0 has no limit Cardinal checks"), shown);
    }
}
