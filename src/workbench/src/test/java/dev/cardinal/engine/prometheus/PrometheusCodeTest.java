package dev.cardinal.engine.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.Artefacts;
import dev.cardinal.engine.CodeRequest;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated scrape job and recording rules pass the real {@code promtool}, for the scenarios and hostile names. */
class PrometheusCodeTest {
    private final PrometheusCode code = new PrometheusCode();

    @Test
    void everyScenarioLayoutsFilesPassPromtool(@TempDir Path dir) throws Exception {
        int rules = 0;
        for (String s : Scenarios.names()) {
            Workspace ws = WorkspaceFiles.load(Path.of("sample-data", s, s + WorkspaceFiles.EXTENSION)).workspace();
            for (Layout l : ws.layouts()) {
                rules += check(ws, l, dir);
            }
        }
        assertTrue(rules > 0, "a scenario's rollup gives recording rules");
    }

    @Test
    void hostileNamesStayInsideTheirScalars(@TempDir Path dir) throws Exception {
        String hostile = "x\"\n- job_name: injected\n\\ #: {a: [b]} \u2028\u0000'";
        Layout l = new Layout("l", "l", "k", Template.literal(hostile),
            List.of(new TagSpec(hostile, Template.ref("host"))),
            List.of(FieldSpec.of("value"), FieldSpec.of(hostile + "id")), RetentionPlan.AUTOGEN);
        Rollup r = new Rollup("r", hostile, "l", Duration.ofHours(1),
            List.of(new Rollup.AggregateSpec("value", Aggregate.SUM, null), new Rollup.AggregateSpec("value", Aggregate.MEAN, null)),
            List.of("host"), new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, "t", Duration.ZERO));
        Workspace ws = new Workspace(hostile, List.of(), List.of(l), List.of(), List.of(r), List.of(), Map.of());
        assertEquals(2, check(ws, l, dir));
        String config = Files.readString(dir.resolve("hostile.prometheus.yml"));
        assertEquals(1, config.lines().filter(s -> s.strip().startsWith("- job_name:")).count(), config);
    }

    /** Writes the layout's files, runs promtool on each, and answers how many recording rules there are. */
    private int check(Workspace ws, Layout l, Path dir) throws Exception {
        Artefacts out = new Artefacts();
        String stem = l.id().equals("l") ? "hostile" : l.id();
        CodeRequest request = new CodeRequest(ws, l, null, null, "db", "org", stem, Map.of());
        code.layoutCode(request, out);
        code.rollupCode(request, out);
        int rules = 0;
        for (var a : out.artefacts()) {
            Path file = Files.writeString(dir.resolve(a.file()), a.text());
            Promtool.check(file);
            rules += (int) a.text().lines().filter(s -> s.contains("- record:")).count();
        }
        return rules;
    }
}
