package dev.cardinal.ui.projection;

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
import javafx.scene.chart.XYChart;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The series chart's lines, without the toolkit: they end where the projection's numbers are. */
class SeriesChartTest {
    @Test
    void measuredEndsAtTheSampleProjectedAtTheHorizonAndNearbyLimitsAreDrawn() throws Exception {
        Path file = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");
        Workspace ws = WorkspaceFiles.load(file).workspace();
        Sample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE);
        Projection p = new Projector(new SampleIndex(sample.eventKind("listing_event").orElseThrow()))
            .project(ws.eventKind("listing_event").orElseThrow(), ws.layout("ids-as-tags").orElseThrow(), dev.cardinal.engines.ServerFor.defaults());

        List<XYChart.Series<Number, Number>> lines = SeriesChart.lines(p);
        XYChart.Series<Number, Number> measured = lines.get(0);
        XYChart.Series<Number, Number> projected = lines.get(1);
        assertEquals(p.now().series(), measured.getData().get(measured.getData().size() - 1).getYValue().longValue());
        assertEquals(30.0, projected.getData().get(projected.getData().size() - 1).getXValue().doubleValue(), 1e-9, "30d horizon");
        assertEquals(p.seriesAtHorizon(), Math.round(projected.getData().get(projected.getData().size() - 1).getYValue().doubleValue()));
        assertEquals(SeriesChart.PROJECTED_POINTS + 1, projected.getData().size());
        // 27,808 series at the horizon: the Cloud free plan's 10,000 is drawn, the 1,000,000 of InfluxDB 1.x is not
        List<String> limitLines = lines.subList(2, lines.size()).stream().map(XYChart.Series::getName).toList();
        assertTrue(limitLines.stream().anyMatch(n -> n.contains("Free Plan") && n.endsWith("10,000")), limitLines.toString());
        assertTrue(limitLines.stream().noneMatch(n -> n.endsWith("1,000,000")), limitLines.toString());
    }
}
