package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.scenarios.Clock;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The points a layout keeps, against a count made here from the rows' text: distinct measurement, tag set and
 * timestamp. Every way the measurer counts (rows, and the interactive measurer's collapsed tags) gives it.
 */
class PointsKeptTest {

    @Test
    void theAdMarketplaceOnEveryClockKeepsTheDistinctSeriesAndTimestamps(@TempDir Path dir) throws Exception {
        for (Clock clock : Clock.values()) {
            Path file = Scenarios.write("ad-marketplace", dir.resolve(clock.optionName()), 20_000, clock);
            Workspace ws = WorkspaceFiles.load(file).workspace();
            EventKindSample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(),
                ReadMonitor.NONE).eventKinds().get(0);
            SampleIndex index = new SampleIndex(sample);
            for (Layout layout : ws.layouts()) {
                long expected = distinctSeriesAndTimestamps(sample, layout);
                for (LayoutMeasurer measurer : List.of(new LayoutMeasurer(index), LayoutMeasurer.interactive(index))) {
                    measurer.prepare(layout);
                    PointsKept kept = measurer.measure(layout).pointsKept();
                    assertEquals(expected, kept.kept(), clock + " " + layout.id());
                    assertEquals(20_000 - expected, kept.overwritten(), clock + " " + layout.id());
                }
                if (clock == Clock.EXACT) {
                    assertEquals(20_000, expected, "the shipped clock keeps every point apart: " + layout.id());
                }
            }
            if (clock == Clock.SECONDS) {
                PointsKept kept = new LayoutMeasurer(index).measure(ws.layout("ids-as-fields").orElseThrow()).pointsKept();
                assertEquals(PointsKept.EXAMPLES, kept.examples().size());
                PointsKept.Overwrite first = kept.examples().get(0);
                assertTrue(first.seriesKey().matches("listing_event,event=[a-z]+"), first.seriesKey());
                assertEquals(0, first.timestampNanos() % 1_000_000_000L, "a whole second");
                assertTrue(first.points() >= 2, first.toString());
            }
        }
    }

    @Test
    void anExampleShowsItsSeriesKeyEscaped() {
        var o = new PointsKept.Overwrite("m m", new java.util.TreeMap<>(java.util.Map.of("k", "a,b=c\nd\u202e")), 0, 2);
        assertEquals("m\\ m,k=a\\,b\\=c\\u000ad\\u202e", o.seriesKey());
    }

    private static long distinctSeriesAndTimestamps(EventKindSample s, Layout layout) {
        Set<String> points = new HashSet<>();
        for (int r = 0; r < s.rows(); r++) {
            StringBuilder key = new StringBuilder(layout.measurement().literalText());
            for (String t : layout.tags().stream().map(x -> x.key()).sorted().toList()) {
                key.append(',').append(t).append('=').append(s.column(t).present(r) ? s.column(t).text(r) : "");
            }
            points.add(key.append(' ').append(s.timestamp(r)).toString());
        }
        return points.size();
    }
}
