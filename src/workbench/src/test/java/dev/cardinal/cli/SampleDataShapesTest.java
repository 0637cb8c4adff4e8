package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.traffic.NdjsonDocuments;
import dev.cardinal.traffic.scenarios.DocumentShape;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cardinal sample-data --shape}: documents of user-named metrics per customer, in each shape, seeded. */
class SampleDataShapesTest {

    @Test
    void everyShapeWritesItsDocumentsAndTheSeedDecidesTheBytes(@TempDir Path a, @TempDir Path b, @TempDir Path c) throws Exception {
        CliRun r = CliRun.of("sample-data", "--shape", "all", "--rows", "4000", "--seed", "3", "-o", a.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(0, CliRun.of("sample-data", "--shape", "whales", "--rows", "4000", "--seed", "3", "-o", b.toString()).code());
        assertEquals(0, CliRun.of("sample-data", "--shape", "whales", "--rows", "4000", "--seed", "4", "-o", c.toString()).code());
        Path whales = a.resolve("shape-whales").resolve(Scenarios.DOCUMENTS_FILE);
        assertArrayEquals(Files.readAllBytes(whales), Files.readAllBytes(b.resolve("shape-whales").resolve(Scenarios.DOCUMENTS_FILE)));
        assertFalse(Arrays.equals(Files.readAllBytes(whales), Files.readAllBytes(c.resolve("shape-whales").resolve(Scenarios.DOCUMENTS_FILE))));
        for (DocumentShape shape : DocumentShape.values()) {
            Path file = a.resolve("shape-" + shape.id()).resolve(Scenarios.DOCUMENTS_FILE);
            assertTrue(r.out().contains(file.toString()), r.out());
            long[] documents = {0};
            long[] last = {Long.MIN_VALUE};
            Set<String> tenants = new HashSet<>();
            assertTrue(NdjsonDocuments.read(file, d -> {
                documents[0]++;
                assertTrue(d.timeNanos() >= last[0], "in time order");
                last[0] = d.timeNanos();
                tenants.add(d.json().get("tenant").asText());
            }).isEmpty(), shape.id());
            assertEquals(4000, documents[0], shape.id());
            assertTrue(tenants.size() > 20, shape.id() + ": " + tenants.size() + " tenants");
        }
    }

    @Test
    void anUnknownShapeSaysWhichThereAre(@TempDir Path dir) {
        CliRun r = CliRun.of("sample-data", "--shape", "steady,nope", "-o", dir.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("unknown document shape 'nope'") && r.err().contains("accumulating"), r.err());
        assertFalse(Files.exists(dir.resolve("shape-steady")), "nothing written when one shape is wrong");
    }
}
