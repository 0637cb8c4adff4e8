package dev.cardinal.engine.victoriametrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.LimitCheck;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The silent label rules on a real VictoriaMetrics started with small limits ({@code -maxLabelsPerTimeseries=2},
 * {@code -maxLabelValueLen=10}): labels beyond the first two of a line are dropped and long values and metric names
 * cut, so series merge, exactly as projected; and a tag named {@code db} takes the place of the {@code ?db=} label.
 * One fresh server per case, so that every series it lists is the case's own.
 */
class VmLabelLimitsTest {
    static Stream<Arguments> cases() {
        // three tags and db are over two labels; data-in-measurement writes db alone, its metric names are cut
        return Stream.of(Arguments.of("weather", "three-tags", false, true), Arguments.of("weather", "data-in-measurement", false, false),
            Arguments.of("ad-marketplace", "ids-as-tags", false, true), Arguments.of("weather", "three-tags", true, false));
    }

    @ParameterizedTest(name = "{0} / {1}, tag named db: {2}, over the labels: {3}")
    @MethodSource("cases")
    void droppedAndCutLabelsMergeSeriesAsProjected(String scenario, String layoutId, boolean dbTag, boolean overLabels)
        throws Exception {
        Path file = Path.of("sample-data", scenario, scenario + WorkspaceFiles.EXTENSION);
        Workspace ws = WorkspaceFiles.load(file).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Layout layout = ws.layout(layoutId).orElseThrow();
        VmFlags flags = VmFlags.defaults().withDb("written-db").withLabelLimits(2, 10);
        if (dbTag) {
            List<TagSpec> tags = new ArrayList<>(List.of(new TagSpec("db", Template.ref("region"))));
            layout = layout.withTags(tags);
            flags = flags.withLabelLimits(30, 16 * 1024);
        }
        SeriesEngine.Request request = new SeriesEngine.Request(ws, sample, layout, dev.cardinal.engines.ServerFor.defaults(), Optional.empty());
        VmCounting counting = new VmCounting(flags, System.currentTimeMillis());
        VmTally projected = counting.tally(request);
        EngineCount count = counting.count(request);

        try (ScratchVictoriaMetrics vm = ScratchVictoriaMetrics.start("-maxLabelsPerTimeseries=" + flags.maxLabelsPerTimeseries(),
            "-maxLabelValueLen=" + flags.maxLabelValueLen())) {
            vm.write("written-db", new SampleLineProtocol(layout, sample, new SampleLineProtocol.Options(false)).batches(5_000));
            Set<Object> expected = new HashSet<>();
            projected.series().forEach(s -> expected.add(s.asMap()));
            assertEquals(expected, new HashSet<>(vm.series("{__name__=~\".+\"}", projected.firstMs(), projected.lastMs())));
        }
        LimitCheck labels = count.limits().get(0);
        assertEquals("-maxLabelsPerTimeseries", labels.setting());
        assertEquals(overLabels, labels.crossed(), "labels beyond the limit are reported");
        assertEquals(!dbTag, count.limits().get(1).crossed(), "-maxLabelValueLen=10 cuts a metric name or a value");
        if (dbTag) {
            assertTrue(projected.series().stream().allMatch(s -> s.labels().stream()
                .anyMatch(l -> l.name().equals("db") && !l.value().equals("written-db"))), "the tag named db wins");
        }
    }
}
