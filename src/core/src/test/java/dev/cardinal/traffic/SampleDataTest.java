package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.model.WorkspaceWriter;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The committed sample scenarios load cleanly, round-trip byte for byte, and their traffic reads without a bad line. */
class SampleDataTest {

    static java.util.List<String> scenarios() {
        return Scenarios.names();
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void theWorkspaceRoundTripsByteForByte(String name) throws Exception {
        Path file = Path.of("sample-data", name, name + WorkspaceFiles.EXTENSION);
        byte[] bytes = Files.readAllBytes(file);
        WorkspaceReader.Loaded loaded = WorkspaceReader.read(bytes, file.toString());
        assertEquals(java.util.List.of(), loaded.warnings());
        assertArrayEquals(bytes, WorkspaceWriter.write(loaded.workspace()));
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void theTrafficReadsCleanlyAndMatchesTheDeclaredEventKind(String name) throws Exception {
        Path file = Path.of("sample-data", name, name + WorkspaceFiles.EXTENSION);
        Workspace ws = WorkspaceFiles.load(file).workspace();
        SampleBinding binding = ws.samples().get(0);
        Sample sample = SampleReader.read(java.util.List.of(new SampleReader.Source(
            WorkspaceFiles.resolve(file, binding.path()), binding)), SampleLimits.defaults(), ReadMonitor.NONE);
        assertEquals(0, sample.report().badLines(), () -> sample.report().problems().toString());
        assertEquals(Scenarios.defaultRows(name), sample.rows());
        assertEquals(1, sample.eventKinds().size());
        EventKindSample k = sample.eventKinds().get(0);
        assertEquals(ws.eventKinds().get(0), SchemaInference.eventKind(k));
        assertTrue(k.bytesPerRow() <= 32, name + " holds " + k.bytesPerRow() + " bytes per row");
    }
}
