package dev.cardinal.engine.influxdb2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.compare.QueryContrast;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projector;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Flux side of the review's query contrast, for every scenario's pairs, accepted by the Flux language service. */
class QueryContrastFluxTest {
    @Test
    void everyFluxAnswerIsAcceptedByTheFluxLanguageService(@TempDir Path dir) throws Exception {
        List<Path> files = new ArrayList<>();
        String[][] pairs = {{"ad-marketplace", "ids-as-tags", "ids-as-fields"}, {"weather", "three-tags", "data-in-measurement"},
            {"weather", "three-tags", "data-in-field-keys"}, {"weather", "three-tags", "several-facts-in-one-tag"}};
        String tagFilter = null;
        for (String[] p : pairs) {
            Path file = Path.of("sample-data/" + p[0] + "/" + p[0] + ".cardinal.json");
            Workspace ws = WorkspaceFiles.load(file).workspace();
            var sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE);
            var la = ws.layout(p[1]).orElseThrow();
            EventKindSample k = sample.eventKind(la.eventKind()).orElseThrow();
            Projector projector = new Projector(new SampleIndex(k));
            var kind = ws.eventKind(la.eventKind()).orElseThrow();
            Projection a = projector.project(kind, la, dev.cardinal.engines.ServerFor.defaults());
            Projection b = projector.project(kind, ws.layout(p[2]).orElseThrow(), dev.cardinal.engines.ServerFor.defaults());
            for (QueryContrast.Question q : QueryContrast.of(ws, kind, a, b, k, dev.cardinal.engines.Engines.queryLanguages())) {
                for (QueryContrast.Answer an : List.of(q.a(), q.b())) {
                    if (an.flux() != null) {
                        files.add(Files.writeString(dir.resolve("q" + files.size() + ".flux"), an.flux() + "\n"));
                        if (tagFilter == null && an.note().startsWith("a tag filter")) {
                            tagFilter = an.flux();
                        }
                    }
                }
            }
        }
        assertTrue(files.size() >= 8, files.size() + " Flux answers");
        assertTrue(tagFilter != null && tagFilter.startsWith("from(bucket: \"cardinal_ads/autogen\")"), tagFilter);
        FluxLanguageService.Result r = FluxLanguageService.check(files);
        assertEquals(0, r.exitCode(), r.lines() + r.err());
        assertEquals(files.size(), r.lines().size());
    }

    /** The query 2.x import reads recent points with (its pivot makes each record a point). */
    @Test
    void theRecentPointsQueryOfImportIsAcceptedByTheFluxLanguageService(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("recent.flux"),
            dev.cardinal.engine.influxdb2.InfluxV2Push.recentPointsFlux("farm/raw", "weather \"north\"", 1000) + "\n");
        FluxLanguageService.Result r = FluxLanguageService.check(List.of(file));
        assertEquals(0, r.exitCode(), r.lines() + r.err());
    }
}
