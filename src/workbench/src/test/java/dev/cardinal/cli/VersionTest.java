package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.BuildInfo;
import org.junit.jupiter.api.Test;

class VersionTest {
    @Test
    void versionSaysTheVersionAndTheCommit() {
        CliRun run = CliRun.of("--version");
        assertEquals(0, run.code(), run.err());
        BuildInfo build = BuildInfo.current();
        assertEquals("cardinal " + build.describe(), run.out().strip());
        assertTrue(run.out().contains(build.commit().substring(0, 12)), run.out());
    }
}
