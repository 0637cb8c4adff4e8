package dev.cardinal.engine.influxdb2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Flux that rewrites one window for InfluxDB 2.x (no 2.x server can run here): its shape against the Flux
 * documentation of to(), pivot() and map() (cited in {@link FluxMigration}), and every script, hostile names
 * included, parsed and type-checked by the official Flux language service ({@link FluxLanguageService}).
 */
class FluxMigrationTest {
    static final Instant START = Instant.parse("2026-01-05T00:00:00Z");
    static final Instant STOP = Instant.parse("2026-01-06T00:00:00Z");

    @TempDir
    Path tmp;

    @Test
    void idsAsTagsBecomeFieldsAndTheScriptChecks() throws Exception {
        Workspace ws = WorkspaceFiles.load(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json")).workspace();
        String flux = FluxMigration.window("ads", ws.layout("ids-as-tags").orElseThrow(), "ads",
            ws.layout("ids-as-fields").orElseThrow(), "listing_event_v2", START, STOP);
        assertTrue(flux.contains("range(start: 2026-01-05T00:00:00Z, stop: 2026-01-06T00:00:00Z)"), flux);
        assertTrue(flux.contains("filter(fn: (r) => r._measurement == \"listing_event\")"), flux);
        assertTrue(flux.contains("tagColumns: [\"event\"]"), flux);
        assertTrue(flux.contains("\"listing_id\": r[\"listing_id\"]"), flux);
        assertValid(flux);
    }

    @Test
    void aFieldMadeATagIsWrittenAsAStringAndHostileNamesStayNames() throws Exception {
        String hostile = "m\") |> drop() // \\ 'ü\n📈";
        Layout from = new Layout("a", "a", "e", Template.literal(hostile), List.of(TagSpec.of("host\"")),
            List.of(FieldSpec.of("n\"}) |> yield()"), FieldSpec.of("v")), RetentionPlan.AUTOGEN);
        Layout to = new Layout("b", "b", "e", Template.literal(hostile + "2"), List.of(TagSpec.of("n\"}) |> yield()"),
            new TagSpec("renamed \\ host", Template.ref("host\""))), List.of(FieldSpec.of("v")), RetentionPlan.AUTOGEN);
        String flux = FluxMigration.window("b\"ucket", from, "b\"ucket", to, hostile + "2", START, STOP);
        assertTrue(flux.contains("string(v: r[\"n\\\"}) |> yield()\"])"), flux);
        assertValid(flux);
        assertEquals(1, flux.lines().filter(l -> l.contains("|> to(")).count(), "the names opened no statement: " + flux);
    }

    @Test
    void theSurveyAndTheCountOfAWindowCheck() throws Exception {
        String hostile = "m\") |> drop() // \\ 'ü\n📈";
        assertValid(FluxMigrationRun.countScript("b\"ucket", hostile, new MigrationWindow(START, STOP)));
        assertValid(FluxMigrationRun.edgeScript("b\"ucket", hostile, false));
        assertValid(FluxMigrationRun.edgeScript("b\"ucket", hostile, true));
        Path bad = Files.writeString(tmp.resolve("bad.flux"), "from(bucket: \"b\") |> count(colum: \"_time\")\n");
        assertFalse(FluxLanguageService.check(List.of(bad)).valid(0), "the service refuses a misspelt parameter");
    }

    private void assertValid(String flux) throws Exception {
        Path file = Files.writeString(tmp.resolve("w" + System.nanoTime() + ".flux"), flux);
        FluxLanguageService.Result r = FluxLanguageService.check(List.of(file));
        assertEquals(0, r.exitCode(), flux + "\n" + r.lines() + r.err());
        assertTrue(r.valid(0), flux + "\n" + r.lines());
        assertEquals(1, r.statements(0), flux + "\n" + r.lines());
    }
}
