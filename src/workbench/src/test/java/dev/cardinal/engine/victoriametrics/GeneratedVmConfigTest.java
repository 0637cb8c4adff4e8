package dev.cardinal.engine.victoriametrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.Artefact;
import dev.cardinal.engine.Artefacts;
import dev.cardinal.engine.CodeRequest;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated VictoriaMetrics configs loaded by the real binaries: every scenario layout's vmagent relabelling by
 * {@code vmagent -dryRun}, and rollup rules, with hostile label and metric names, by {@code vmalert -dryRun}; then
 * each rule's MetricsQL run on a real victoria-metrics holding the sample, grouping by exactly the hostile label.
 */
class GeneratedVmConfigTest {
    private static ScratchVictoriaMetrics vm;
    private static int cases;
    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        vm = ScratchVictoriaMetrics.start();
    }

    @AfterAll
    static void stop() {
        if (vm != null) {
            vm.close();
        }
    }

    static Stream<Arguments> layouts() {
        return Stream.of(Arguments.of("ad-marketplace", "ids-as-tags"), Arguments.of("ad-marketplace", "ids-as-fields"),
            Arguments.of("weather", "data-in-measurement"), Arguments.of("custom-metrics", "fixed-slots"));
    }

    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("layouts")
    void vmagentLoadsTheRelabelling(String scenario, String layoutId) throws Exception {
        Path file = Path.of("sample-data", scenario, scenario + WorkspaceFiles.EXTENSION);
        Workspace ws = WorkspaceFiles.load(file).workspace();
        Layout layout = ws.layout(layoutId).orElseThrow();
        Artefacts out = generate(ws, layout, null);
        Artefact relabel = out.artefacts().stream().filter(a -> a.file().endsWith(".vmagent-relabel.yml")).findFirst().orElseThrow();
        assertEquals(0, vmagentDryRun(relabel).exitCode(), vmagentDryRun(relabel).output() + relabel.text());
        Set<String> kept = layout.tags().stream().map(TagSpec::key).collect(Collectors.toSet());
        Pattern regex = regexOf(relabel);
        ws.eventKind(layout.eventKind()).orElseThrow().attributes().forEach(a ->
            assertEquals(!kept.contains(a.name()), regex.matcher(a.name()).matches(), a.name()));
    }

    @Test
    void hostileAttributeNamesStayLiteralInTheRelabelling() throws Exception {
        List<String> names = List.of("a.b", "x|y", "(?:.*)", "[a-z]", "q\"", "back\\slash", "- action: keep", "#c", "é\u202e",
            "\u2028", "^$", "{1}", "tab\there", "emoji\ud83d\ude00");
        List<Attribute> attributes = new ArrayList<>(names.stream().map(n -> new Attribute(n, ValueType.STRING)).toList());
        attributes.add(new Attribute("v", ValueType.FLOAT));
        EventKind kind = new EventKind("k", attributes);
        Layout layout = new Layout("l", "l", "k", Template.literal("m"), List.of(TagSpec.of("a.b")),
            List.of(FieldSpec.of("v")), RetentionPlan.AUTOGEN);
        Workspace ws = new Workspace("w", List.of(kind), List.of(layout), List.of(), List.of(), List.of(), Map.of());
        Artefact relabel = generate(ws, layout, null).artefacts().get(0);
        Run check = vmagentDryRun(relabel);
        assertEquals(0, check.exitCode(), check.output() + relabel.text());
        assertEquals(3, relabel.text().lines().count() - 1, "two comment lines and one rule of two lines: " + relabel.text());
        Pattern regex = regexOf(relabel);
        for (String n : names) {
            assertEquals(!n.equals("a.b"), regex.matcher(n).matches(), n);
            assertFalse(regex.matcher(n + "x").matches(), n + "x");
        }
        assertFalse(regex.matcher("axb").matches(), "a dot is a dot");
    }

    /** The relabelling's regex as vmagent reads it (anchored at both ends), from its YAML double-quoted scalar. */
    private static Pattern regexOf(Artefact relabel) {
        String quoted = relabel.text().lines().filter(line -> line.startsWith("  regex: ")).findFirst().orElseThrow()
            .substring("  regex: ".length());
        StringBuilder text = new StringBuilder();
        for (int i = 1; i < quoted.length() - 1; i++) {
            char c = quoted.charAt(i);
            if (c != '\\') {
                text.append(c);
            } else if (quoted.charAt(i + 1) == 'u' || quoted.charAt(i + 1) == 'U') {
                int len = quoted.charAt(i + 1) == 'u' ? 4 : 8;
                text.appendCodePoint(Integer.parseInt(quoted.substring(i + 2, i + 2 + len), 16));
                i += 1 + len;
            } else {
                text.append(quoted.charAt(++i));
            }
        }
        return Pattern.compile(text.toString());
    }

    @Test
    void aBrokenRelabellingFailsTheCheck() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.yml"), "- action: labeldrop\n  regex: \"(?:a\n");
        assertFalse(run("/usr/bin/vmagent", "-dryRun", "-promscrape.config=" + emptyScrapeConfig(),
            "-remoteWrite.relabelConfig=" + bad, "-loggerLevel=ERROR").exitCode() == 0, "the check can fail");
    }

    @ParameterizedTest
    @ValueSource(strings = {"crop", "cr\"op", "a\\b", "x y", "{}", "é\u202e", "sum", "by", "9lives", "a.b", "#", "- x: y"})
    void vmalertLoadsTheRulesAndTheyGroupByTheLabel(String tagKey) throws Exception {
        Path file = Path.of("sample-data/weather/weather.cardinal.json");
        Workspace weather = WorkspaceFiles.load(file).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(file, weather), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        String measurement = "m" + (cases++) + " " + tagKey;
        Layout layout = new Layout("odd", "odd", "weather", Template.literal(measurement),
            List.of(new TagSpec(tagKey, Template.ref("crop")), TagSpec.of("region")),
            // a double quote in a field key misleads the server's scan for quoted values (engine-victoriametrics.md)
            List.of(new FieldSpec(Template.literal("t"), "temp")), RetentionPlan.AUTOGEN);
        List<Rollup.AggregateSpec> aggregates = new ArrayList<>();
        for (Aggregate a : List.of(Aggregate.SUM, Aggregate.COUNT, Aggregate.MEAN, Aggregate.MIN, Aggregate.MAX, Aggregate.MEDIAN)) {
            aggregates.add(new Rollup.AggregateSpec("temp", a));
        }
        Rollup rollup = new Rollup("daily " + tagKey, "daily " + tagKey, "odd", Duration.ofDays(1), aggregates,
            List.of("crop", "region"), new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, "t", Duration.ZERO));
        Workspace ws = new Workspace("w", weather.eventKinds(), List.of(layout), List.of(), List.of(rollup), List.of(), Map.of());
        Artefacts out = generate(ws, layout, sample);
        Artefact rules = out.artefacts().stream().filter(a -> a.file().endsWith(".vmalert-rules.yml")).findFirst().orElseThrow();
        Path rulesFile = Files.writeString(dir.resolve(cases + ".rules.yml"), rules.text());
        Run check = run("/usr/bin/vmalert", "-dryRun", "-rule=" + rulesFile, "-loggerLevel=ERROR");
        assertEquals(0, check.exitCode(), check.output() + rules.text());
        assertTrue(out.notWritten().stream().anyMatch(n -> n.contains("temp median")), out.notWritten().toString());

        vm.write(null, new SampleLineProtocol(layout, sample, new SampleLineProtocol.Options(false)).batches(5_000));
        long end = sample.timestamp(sample.rows() - 1) / 1_000_000L;
        Set<String> crops = Set.of("blueberries", "raspberries", "strawberries");
        RuleGroup group = VmRules.of(rollup, layout);
        assertEquals(5, group.rules().size());
        for (RuleGroup.Rule r : group.rules()) {
            List<Map<String, String>> result = vm.query(r.expr(), end);
            assertEquals(12, result.size(), r.expr() + " -> " + result); // 3 crops x 4 regions written on the last day
            for (Map<String, String> labels : result) {
                assertEquals(Set.of(tagKey, "region"), labels.keySet(), r.expr());
                assertTrue(crops.contains(labels.get(tagKey)), labels.toString());
            }
        }
    }

    private static Artefacts generate(Workspace ws, Layout layout, EventKindSample sample) {
        Artefacts out = new Artefacts();
        CodeRequest request = new CodeRequest(ws, layout, ws.eventKind(layout.eventKind()).orElseThrow(), sample, "db", "o", "stem",
            Map.of());
        new VmCode().layoutCode(request, out);
        new VmCode().rollupCode(request, out);
        return out;
    }

    private record Run(int exitCode, String output) {
    }

    private static Run vmagentDryRun(Artefact relabel) throws Exception {
        Path file = Files.writeString(dir.resolve(relabel.file()), relabel.text());
        return run("/usr/bin/vmagent", "-dryRun", "-promscrape.config=" + emptyScrapeConfig(),
            "-remoteWrite.relabelConfig=" + file, "-loggerLevel=ERROR");
    }

    /** vmagent's dry run checks a scrape config too and needs one: this one scrapes nothing. */
    private static Path emptyScrapeConfig() throws Exception {
        return Files.writeString(dir.resolve("scrape.yml"), "scrape_configs: []\n");
    }

    private static Run run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), output);
    }
}
