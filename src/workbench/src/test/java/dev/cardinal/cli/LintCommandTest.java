package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cardinal lint} as CI would run it: exit codes, the JSON a script reads, the text a person reads. */
class LintCommandTest {
    private static final String ADS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void errorsFailTheRunAndTheJsonNamesThem() throws Exception {
        CliRun r = run("lint", ADS, "--format", "json");
        assertEquals(LintCommand.FINDINGS, r.code(), r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertTrue(root.get("errors").asLong() >= 3, r.out());
        JsonNode first = root.get("findings").get(0);
        assertEquals("error", first.get("severity").asText());
        assertEquals("ids-as-tags", first.get("layout").asText());
        assertTrue(first.get("evidence").size() > 0);
        assertTrue(first.get("fix").get("applicable").asBoolean());
        for (JsonNode f : root.get("findings")) {
            assertTrue(!f.get("layout").asText().equals("ids-as-fields") || f.get("severity").asText().equals("info"), f.toString());
        }
    }

    @Test
    void theGoodLayoutPasses() {
        CliRun r = run("lint", ADS, "--layout", "ids-as-fields");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("Server: InfluxDB 1.8.10 (assumed: give --server-version, or --target with a target that"
            + " has a serverVersion, to choose); its own limits (--all-limits for every product's)\nids-as-fields (listing_event): 0 errors, 0 warnings"), r.out());
        CliRun bad = run("lint", ADS, "--layout", "ids-as-tags");
        assertTrue(bad.out().contains("ERROR   tag-grows-with-traffic"), bad.out());
        assertTrue(bad.out().contains("fix: make user_id a field"), bad.out());
    }

    @Test
    void whatCannotBeCheckedIsSaid(@TempDir Path dir) throws Exception {
        assertEquals(LintCommand.UNCHECKED, run("lint", dir.resolve("missing.cardinal.json").toString()).code());
        CliRun layout = run("lint", ADS, "--layout", "nope");
        assertEquals(LintCommand.UNCHECKED, layout.code());
        assertTrue(layout.err().contains("no layout 'nope'"), layout.err());
        Path broken = Files.writeString(dir.resolve("b.cardinal.json"), "{\"formatVersion\": 1, \"name\": 3}");
        assertEquals(LintCommand.UNCHECKED, run("lint", broken.toString()).code());
        assertEquals(2, run("lint", ADS, "--format", "xml").code());
        assertEquals(2, run("lint", ADS, "--query-range", "a week").code());
    }
}
