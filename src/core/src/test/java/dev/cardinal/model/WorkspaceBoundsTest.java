package dev.cardinal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A workspace edit cannot make a reader or what it feeds hold unbounded memory: each number and size is bounded where it is read. */
class WorkspaceBoundsTest {
    private static final Path SLOTS = Path.of("sample-data/custom-metrics/custom-metrics.cardinal.json");

    @Test
    void aSlotMaxPastTheLimitIsRefusedWithItsPath() throws Exception {
        String text = Files.readString(SLOTS).replace("max=50", "max=2000000000");
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read(text.getBytes(StandardCharsets.UTF_8), "w.cardinal.json"));
        FileProblem p = e.problems().get(0);
        assertEquals("layouts[1].fields[0].key", p.path(), p.toString());
        assertEquals(30, p.line(), p.toString());
        assertTrue(p.message().contains("max= needs a whole number of slots from 1 to 10,000"), p.toString());
        String last = Files.readString(SLOTS).replace("max=50", "max=" + Template.MAX_SLOTS);
        assertEquals(Template.MAX_SLOTS, ((Template.SlotRef) WorkspaceReader.read(last.getBytes(StandardCharsets.UTF_8), "w")
            .workspace().layouts().get(1).fields().get(0).key().parts().get(1)).max());
    }

    @Test
    void anUnknownPropertyIsReadPastNotHeld() throws Exception {
        StringBuilder big = new StringBuilder("[");
        for (int i = 0; i < 3_000_000; i++) {
            big.append(i == 0 ? "" : ",").append('0');
        }
        byte[] bytes = Files.readString(SLOTS).replaceFirst("\"rollups\"", "\"padding\": " + big + "],\n  \"rollups\"")
            .getBytes(StandardCharsets.UTF_8);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        WorkspaceReader.Loaded loaded = WorkspaceReader.read(bytes, "w.cardinal.json");
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(2, loaded.workspace().layouts().size());
        FileProblem warning = loaded.warnings().get(0);
        assertEquals("padding", warning.path());
        assertEquals("unknown property 'padding' ignored", warning.message());
        // the 6 MB array built as a tree with a located path per element costs hundreds of megabytes
        assertTrue(allocated < 40_000_000L, "reading allocated " + allocated + " bytes");
    }

    @Test
    void aKnownArrayPastTheValueLimitIsRefusedWhereItPasses() throws Exception {
        StringBuilder tags = new StringBuilder("[");
        for (int i = 0; i <= LocatedJson.MAX_VALUES; i++) {
            tags.append(i == 0 ? "" : ",").append("\"tenant\"");
        }
        byte[] bytes = Files.readString(SLOTS).replaceFirst("\"tags\": \\[\"tenant\"]", "\"tags\": " + tags + "]")
            .getBytes(StandardCharsets.UTF_8);
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class, () -> WorkspaceReader.read(bytes, "w"));
        FileProblem p = e.problems().get(0);
        assertTrue(p.path().startsWith("layouts[0].tags["), p.toString());
        assertEquals(20, p.line(), p.toString());
        assertTrue(p.message().startsWith("more than 250,000 values in the file"), p.toString());
    }

    @Test
    void aSecretsValueIsNotKeptInTheTree() {
        LocatedJson doc = LocatedJson.parse("{\"targets\": [{\"id\": \"t\", \"password\": \"hunter2\"}]}"
            .getBytes(StandardCharsets.UTF_8), (path, key) -> !key.equals("password"));
        assertTrue(doc.root().get("targets").get(0).get("password").isNull());
        assertEquals(1, doc.line("targets[0].password"));
    }
}
