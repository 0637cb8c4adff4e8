package dev.cardinal.compare;

import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projector;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ad marketplace's good and bad layouts compared: differences, numbers and the verdict. */
class LayoutComparisonTest {
    @Test
    void idsAsTagsAgainstIdsAsFields() throws Exception {
        Path file = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");
        Workspace ws = WorkspaceFiles.load(file).workspace();
        Sample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE);
        Projector projector = new Projector(new SampleIndex(sample.eventKind("listing_event").orElseThrow()));
        var kind = ws.eventKind("listing_event").orElseThrow();
        Projection bad = projector.project(kind, ws.layout("ids-as-tags").orElseThrow(), dev.cardinal.engines.ServerFor.defaults());
        Projection good = projector.project(kind, ws.layout("ids-as-fields").orElseThrow(), dev.cardinal.engines.ServerFor.defaults());

        LayoutComparison c = LayoutComparison.of(kind, bad, good);

        assertEquals(List.of(
            new LayoutComparison.Difference("listing_id", "tag", "field"),
            new LayoutComparison.Difference("user_id", "tag", "field"),
            new LayoutComparison.Difference("device", "tag", "field"),
            new LayoutComparison.Difference("session_id", "tag", "field"),
            new LayoutComparison.Difference("retention", "autogen INF, shard groups 1w", "raw 30d, shard groups 1d")), c.differences());

        LayoutComparison.Metric series = c.metrics().stream().filter(m -> m.name().equals("series")).findFirst().orElseThrow();
        assertEquals(bad.now().series(), series.a());
        assertEquals(good.now().series(), series.b());
        assertEquals(5 - 12_934, series.delta());
        LayoutComparison.Metric userTag = c.metrics().stream().filter(m -> m.name().equals("values of tag user_id")).findFirst().orElseThrow();
        assertEquals(1_413, userTag.a());
        assertEquals(-1, userTag.b(), "not a tag in ids-as-fields");

        assertEquals("ids-as-fields holds 5 series at 30d where ids-as-tags holds 27,808: 5,562x fewer.", c.verdict().get(0));
        assertTrue(c.verdict().stream().anyMatch(v -> v.startsWith("ids-as-tags breaks InfluxDB Cloud (TSM) Free Plan series 10,000 (ALREADY within the sample")),
            c.verdict().toString());
        assertTrue(c.verdict().stream().anyMatch(v -> v.startsWith("ids-as-tags indexes user_id, which grows with traffic; ids-as-fields"
            + " makes it a field")), c.verdict().toString());
        assertTrue(c.verdict().stream().noneMatch(v -> v.startsWith("ids-as-fields indexes")));
    }
}
