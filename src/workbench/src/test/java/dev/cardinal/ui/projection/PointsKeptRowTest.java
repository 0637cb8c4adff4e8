package dev.cardinal.ui.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projector;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.scenarios.Clock;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Projection panel's "points kept" row: the count, red when points are overwritten, and what it means on hover. */
class PointsKeptRowTest {

    @Test
    void theRowSaysHowManyPointsTheServerKeepsAndWhy(@TempDir Path dir) throws Exception {
        Path file = Scenarios.write("ad-marketplace", dir, 20_000, Clock.SECONDS);
        Workspace ws = WorkspaceFiles.load(file).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Projector projector = new Projector(new SampleIndex(sample));
        var kind = ws.eventKinds().get(0);

        ProjectionRows.Row fields = row(projector.project(kind, ws.layout("ids-as-fields").orElseThrow(), dev.cardinal.engines.ServerFor.defaults()));
        assertEquals("19,887", fields.now());
        assertTrue(fields.alarm(), "points vanish");
        assertTrue(fields.explain().contains("measurement, tag set and timestamp"), fields.explain());
        assertTrue(fields.explain().contains("113 of the sample's points"), fields.explain());

        ProjectionRows.Row tags = row(projector.project(kind, ws.layout("ids-as-tags").orElseThrow(), dev.cardinal.engines.ServerFor.defaults()));
        assertEquals("20,000", tags.now());
        assertFalse(tags.alarm());
    }

    private static ProjectionRows.Row row(dev.cardinal.projection.Projection p) {
        return ProjectionRows.of(p).stream().filter(r -> r.what().equals("points kept")).findFirst().orElseThrow();
    }
}
