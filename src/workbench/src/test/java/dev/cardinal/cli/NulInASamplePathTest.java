package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sample path holding a NUL (written {@code \u0000} in the JSON) is a located workspace error, not a stack trace. */
class NulInASamplePathTest {

    @Test
    void everyCommandThatReadsTheWorkspaceSaysWhereAndWhy(@TempDir Path dir) throws Exception {
        String text = Files.readString(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"))
            .replace("\"path\": \"traffic.lp.gz\"", "\"path\": \"traffic\\u0000.lp.gz\"");
        Path ws = Files.writeString(dir.resolve("nul.cardinal.json"), text);
        for (String[] args : new String[][] {{"lint", ws.toString()}, {"analyze", "--workspace", ws.toString()},
            {"generate", ws.toString(), "-o", dir.resolve("gen").toString()}}) {
            CliRun r = CliRun.of(args);
            assertTrue(r.code() != 0, args[0] + ": " + r.out());
            assertTrue(r.err().contains("samples[0].path: a file path cannot hold a NUL character (character 8) (line 38)"),
                args[0] + ": " + r.err());
            assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), args[0] + ": " + r.err());
            assertEquals(1, r.err().lines().filter(l -> l.contains("NUL")).count(), r.err());
        }
    }
}
