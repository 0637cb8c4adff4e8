package dev.cardinal.engine.victoriametrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random hostile names (quotes, backslashes, spaces, commas, equals, braces, {@code __name__}, {@code db}, unicode)
 * for the measurement, a tag key, a tag value's literal part and two field keys (one of them a string field, which
 * VictoriaMetrics keeps as a series of zeros), written to a real VictoriaMetrics: the series it lists are exactly
 * the projected ones, names and labels as the server spells them back.
 */
class VmHostileNamesTest {
    private static ScratchVictoriaMetrics vm;
    private static Workspace weather;
    private static EventKindSample sample;
    private static int tries;
    private static int triesWithSeries;

    @BeforeContainer
    static void start() throws Exception {
        vm = ScratchVictoriaMetrics.start();
        Path file = Path.of("sample-data/weather/weather.cardinal.json");
        weather = WorkspaceFiles.load(file).workspace();
        sample = SampleReader.read(SampleReader.sources(file, weather), SampleLimits.defaults().withMaxRows(3_000), ReadMonitor.NONE).eventKinds().get(0);
    }

    @AfterContainer
    static void stop() {
        if (vm != null) {
            vm.close();
        }
        // the property must not pass by writing nothing: many random names are refused as unwritable (on purpose), so
        // ask for a fifth of the tries to have written series (a half failed at 25 of 50 on a rare seed)
        assertTrue(triesWithSeries >= Math.max(1, tries / 5), triesWithSeries + " of " + tries + " tries wrote series");
    }

    @Provide
    Arbitrary<String> names() {
        Arbitrary<String> odd = Arbitraries.strings().withChars("ab Z9_\"'\\,= {}$.-/#;:`ü✓\t").ofMinLength(1).ofMaxLength(12);
        return Arbitraries.oneOf(odd, Arbitraries.of("__name__", "db", "a\\ b", "a\\\\,b", "\"q\"", "a,b=c", "nan", "x y=z,w",
            "{}", "\\", "é\u202e"));
    }

    @Property(tries = 50)
    void theServerHoldsTheProjectedSeriesWhateverTheNames(@ForAll("names") String measurement, @ForAll("names") String tagKey,
                                                         @ForAll("names") String tagValue, @ForAll("names") String fieldKey,
                                                         @ForAll("names") String stringFieldKey) throws Exception {
        String db = "hostile-" + tries++;
        String key = tagKey.equals("db") ? "db " : tagKey; // a tag named db replaces the label that tells tries apart
        Template value = Template.parse(tagValue.replace("{", "{{").replace("}", "}}") + "{crop}");
        Layout layout = new Layout("odd", "odd", "weather", Template.literal(measurement),
            List.of(new TagSpec(key, value), TagSpec.of("region")),
            List.of(new FieldSpec(Template.literal(fieldKey), "temp"), new FieldSpec(Template.literal(stringFieldKey), "plot")),
            RetentionPlan.AUTOGEN);
        VmTally projected = new VmCounting(VmFlags.defaults().withDb(db), System.currentTimeMillis())
            .tally(new SeriesEngine.Request(weather, sample, layout, dev.cardinal.engines.ServerFor.defaults(), Optional.empty()));

        vm.write(db, new SampleLineProtocol(layout, sample, new SampleLineProtocol.Options(false)).batches(1_000));

        Set<Map<String, String>> expected = new HashSet<>();
        projected.series().forEach(s -> expected.add(s.asMap()));
        // a line whose timestamp the server loses is stored at the time of the write: the range reaches it
        long fromMs = Math.min(projected.firstMs(), sample.timestamp(0) / 1_000_000L);
        long toMs = Math.max(projected.lastMs(), sample.timestamp(sample.rows() - 1) / 1_000_000L);
        List<Map<String, String>> measured = vm.series("{db=\"" + db + "\"}", fromMs, toMs);
        String names = List.of(measurement, key, tagValue, fieldKey, stringFieldKey).toString();
        // a line the server cannot read is counted, not lost
        assertTrue(projected.lines() == 0 || !expected.isEmpty() || projected.badLines() > 0, names + ": lines, no series");
        if (!expected.isEmpty()) {
            triesWithSeries++;
        }
        assertEquals(expected.size(), measured.size(), names);
        assertEquals(expected, new HashSet<>(measured), names);
    }
}
