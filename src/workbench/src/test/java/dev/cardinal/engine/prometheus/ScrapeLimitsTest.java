package dev.cardinal.engine.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.LimitCheck;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The per-scrape limits: unset by default, checked as the user gives them, refused when malformed. */
class ScrapeLimitsTest {
    private static final Path WEATHER = Path.of("sample-data", "weather", "weather" + WorkspaceFiles.EXTENSION);

    @Test
    void unsetLimitsAreNotCheckedButSaid() throws Exception {
        EngineCount c = count(new Prometheus());
        assertEquals(List.of(), c.limits());
        assertTrue(c.notes().stream().anyMatch(n -> n.contains("0 (no limit)")), c.notes().toString());
    }

    @Test
    void labelLimitCountsNameTagsJobAndInstance() throws Exception {
        // three-tags: crop, plot, region and __name__, plus the target's job and instance
        EngineCount tight = count(new Prometheus().configured(Map.of("label_limit", "5", "sample_limit", "71")));
        LimitCheck labels = check(tight, "label_limit");
        assertEquals(6, labels.atHorizon());
        assertTrue(labels.crossed());
        assertTrue(check(tight, "sample_limit").crossed(), "72 series in one scrape");
        EngineCount roomy = count(new Prometheus().configured(Map.of("label_limit", "6", "sample_limit", "72",
            "label_name_length_limit", "8", "label_value_length_limit", "100")));
        roomy.limits().forEach(l -> assertFalse(l.crossed(), l.toString()));
        assertEquals(8, check(roomy, "label_name_length_limit").atHorizon(), "__name__ is the longest name");
    }

    @Test
    void malformedSettingsSayWhichAndWhy() {
        Prometheus p = new Prometheus();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.configured(Map.of("sample_limit", "-1")))
            .getMessage().contains("sample_limit must be 0 (no limit) or more"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.configured(Map.of("label_limit", "ten")))
            .getMessage().contains("label_limit must be a whole number, not 'ten'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.configured(Map.of("scrape_timeout", "1")))
            .getMessage().contains("unknown scrape limit 'scrape_timeout'"));
    }

    private static LimitCheck check(EngineCount c, String setting) {
        return c.limits().stream().filter(l -> l.setting().equals(setting)).findFirst().orElseThrow();
    }

    private static EngineCount count(dev.cardinal.engine.Engine engine) throws Exception {
        Workspace ws = WorkspaceFiles.load(WEATHER).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(WEATHER, ws), SampleLimits.defaults(),
            ReadMonitor.NONE).eventKinds().get(0);
        return engine.counting().orElseThrow().count(new SeriesEngine.Request(ws, sample, ws.layout("three-tags").orElseThrow(),
            dev.cardinal.engines.ServerFor.defaults(), Optional.empty()));
    }
}
