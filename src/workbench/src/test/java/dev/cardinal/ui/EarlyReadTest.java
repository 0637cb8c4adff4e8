package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.WorkspaceFormatException;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.ui.session.EarlyRead;
import dev.cardinal.ui.session.WorkspaceOpener;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workspace named on the command line is read while the toolkit starts; the window takes that read over once,
 * and gets what an open of its own would have read (issue 34: numbers within 2.5 s of the start).
 */
class EarlyReadTest {
    private static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    private static long rows(Sample sample) {
        return sample.eventKinds().stream().mapToLong(k -> k.rows()).sum();
    }

    @Test
    void theWindowTakesTheReadOverOnceAndGetsWhatItsOwnReadWouldHave() throws Exception {
        EarlyRead.start(ADS);
        assertTrue(EarlyRead.take(Path.of("sample-data/weather/weather.cardinal.json")).isEmpty(), "another file is read anew");
        EarlyRead read = EarlyRead.take(ADS.toAbsolutePath()).orElseThrow();
        assertTrue(EarlyRead.take(ADS).isEmpty(), "taken once: opening the file again reads it again");

        WorkspaceOpener.Loading loading = read.loading();
        WorkspaceOpener.Loading own = WorkspaceOpener.load(ADS, false);
        assertEquals(own.workspace(), loading.workspace());
        Sample early = read.sample(loading, ReadMonitor.NONE).orElseThrow();
        assertEquals(rows(own.readSample(SampleLimits.defaults(), ReadMonitor.NONE)), rows(early));
        assertEquals(20_000, rows(early));
        assertTrue(read.sample(own, ReadMonitor.NONE).isEmpty(), "a loading it did not make (the user said yes to more) is read by the window");
    }

    @Test
    void aFileThatIsNoWorkspaceFailsAsAnOpenWould(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.cardinal.json"), "{\"name\": ");
        EarlyRead.start(bad);
        EarlyRead read = EarlyRead.take(bad).orElseThrow();
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class, read::loading);
        assertFalse(e.problems().isEmpty());
    }

    @Test
    void samplesOutsideTheWorkspacesFolderAreNotReadBeforeTheUserIsAsked(@TempDir Path dir) throws Exception {
        Path file = OutsideSamplesTest.workspace(dir);
        EarlyRead.start(file);
        EarlyRead read = EarlyRead.take(file).orElseThrow();
        WorkspaceOpener.Loading loading = read.loading();
        assertEquals(1, loading.unread().size());
        assertTrue(read.sample(loading, ReadMonitor.NONE).isEmpty(), "the window asks, then reads");
        assertSame(loading, read.loading());
    }
}
