package dev.cardinal.lineprotocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LpFixture;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generated Java writer is compiled against the real influxdb-client-java and run over every sample row: its
 * points are the lines Cardinal itself renders through the layout. The JavaScript writer passes Node's syntax check,
 * and the line protocol shape shows tags and typed fields.
 */
class WriterSnippetsTest {

    static Stream<Arguments> layouts() {
        return Stream.of(Arguments.of("ad-marketplace", "ids-as-tags"), Arguments.of("ad-marketplace", "ids-as-fields"),
            Arguments.of("weather", "data-in-measurement"), Arguments.of("weather", "several-facts-in-one-tag"),
            Arguments.of("weather", "data-in-field-keys"), Arguments.of("custom-metrics", "fixed-slots"));
    }

    /** The same points: event kinds, rows, and every attribute's text and time per row. */
    private static void assertSamePoints(String expected, String actual) throws Exception {
        Sample a = LpFixture.read(expected);
        Sample b = LpFixture.read(actual);
        assertTrue(a.rows() > 1000, "the comparison covers the sample");
        assertEquals(a.rows(), b.rows());
        assertEquals(a.eventKinds().size(), b.eventKinds().size());
        for (EventKindSample ka : a.eventKinds()) {
            EventKindSample kb = b.eventKinds().stream().filter(k -> k.name().equals(ka.name())).findFirst().orElseThrow();
            assertEquals(ka.rows(), kb.rows(), ka.name());
            for (var attr : ka.attributes()) {
                for (int r = 0; r < ka.rows(); r++) {
                    assertEquals(ka.column(attr.name()).text(r), kb.column(attr.name()).text(r), ka.name() + " " + attr.name() + " row " + r);
                    assertEquals(ka.timestamp(r), kb.timestamp(r));
                }
            }
            assertEquals(ka.attributes().size(), kb.attributes().size(), ka.name());
        }
    }

    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("layouts")
    void theJavaWriterWritesWhatTheLayoutSays(String scenario, String layoutId, @TempDir Path dir) throws Exception {
        Path file = Path.of("sample-data", scenario, scenario + WorkspaceFiles.EXTENSION);
        Workspace ws = WorkspaceFiles.load(file).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Layout layout = ws.layout(layoutId).orElseThrow();
        EventKind kind = ws.eventKind(layout.eventKind()).orElseThrow();
        String source = WriterSnippets.java(kind, layout, "GeneratedWriter");
        Files.writeString(dir.resolve("GeneratedWriter.java"), source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "-d", dir.toString(), "-cp", System.getProperty("java.class.path"),
            dir.resolve("GeneratedWriter.java").toString());
        assertEquals(0, rc, source);
        try (var loader = new java.net.URLClassLoader(new java.net.URL[]{dir.toUri().toURL()}, getClass().getClassLoader())) {
            Method point = java.util.Arrays.stream(loader.loadClass("GeneratedWriter").getMethods())
                .filter(m -> m.getName().equals("point")).findFirst().orElseThrow();
            List<WriterSnippets.Parameter> params = WriterSnippets.parameters(kind, layout);
            RowTemplates templates = new RowTemplates(sample);
            StringBuilder generated = new StringBuilder();
            StringBuilder expected = new StringBuilder();
            SampleLineProtocol own = new SampleLineProtocol(layout, sample);
            int rows = Math.min(sample.rows(), 3000);
            for (int r = 0; r < rows; r++) {
                Object[] args = new Object[params.size() + 1];
                for (int i = 0; i < params.size(); i++) {
                    WriterSnippets.Parameter p = params.get(i);
                    if (p.slot()) {
                        Template.SlotRef ref = slotRef(layout, p.attribute());
                        String slot = templates.render(new Template("{slot}", List.of(ref)), r);
                        args[i] = slot.isEmpty() ? 0 : Integer.parseInt(slot);
                        continue;
                    }
                    var c = sample.column(p.attribute());
                    String text = c.present(r) ? c.text(r) : null;
                    args[i] = text == null ? null : switch (p.type()) {
                        case STRING -> text;
                        case INTEGER, UNSIGNED -> Long.parseLong(text);
                        case FLOAT -> Double.parseDouble(text);
                        case BOOLEAN -> Boolean.parseBoolean(text);
                    };
                }
                long ts = sample.timestamp(r);
                args[params.size()] = Instant.ofEpochSecond(Math.floorDiv(ts, 1_000_000_000L), Math.floorMod(ts, 1_000_000_000L));
                Object p = point.invoke(null, args);
                String line = (String) p.getClass().getMethod("toLineProtocol").invoke(p);
                if (line != null && !line.isEmpty()) {
                    generated.append(line).append('\n');
                }
                String mine = own.nextLine();
                if (mine != null) {
                    expected.append(mine).append('\n');
                }
            }
            assertSamePoints(expected.toString(), generated.toString());
        }
    }

    private static Template.SlotRef slotRef(Layout layout, String attribute) {
        List<Template> all = new ArrayList<>();
        all.add(layout.measurement());
        layout.tags().forEach(t -> all.add(t.value()));
        layout.fields().forEach(f -> all.add(f.key()));
        return all.stream().flatMap(t -> t.parts().stream()).filter(x -> x instanceof Template.SlotRef s && s.attribute().equals(attribute))
            .map(x -> (Template.SlotRef) x).findFirst().orElseThrow();
    }

    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("layouts")
    void theJavaScriptWriterPassesNodesCheck(String scenario, String layoutId, @TempDir Path dir) throws Exception {
        Path file = Path.of("sample-data", scenario, scenario + WorkspaceFiles.EXTENSION);
        Workspace ws = WorkspaceFiles.load(file).workspace();
        Layout layout = ws.layout(layoutId).orElseThrow();
        String js = WriterSnippets.javascript(ws.eventKind(layout.eventKind()).orElseThrow(), layout, "eventPoint");
        Path f = Files.writeString(dir.resolve("writer.mjs"), js);
        Process p = new ProcessBuilder("node", "--check", f.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out + "\n" + js);
        assertTrue(js.contains("export function eventPoint("), js);
    }

    @org.junit.jupiter.api.Test
    void theLineProtocolShapeShowsTagsAndTypedFields() throws Exception {
        Path file = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");
        Workspace ws = WorkspaceFiles.load(file).workspace();
        Layout layout = ws.layout("ids-as-fields").orElseThrow();
        assertEquals("listing_event,event={event} listing_id=\"{listing_id}\",user_id=\"{user_id}\",device=\"{device}\","
                + "session_id=\"{session_id}\",page_url=\"{page_url}\",count={count}i <time in ns>\n",
            WriterSnippets.lineProtocol(ws.eventKind("listing_event").orElseThrow(), layout));
    }

    @org.junit.jupiter.api.Test
    void literalTextIsNeverRewrittenForTheOtherLanguage() throws Exception {
        Path file = Path.of("sample-data/weather/weather.cardinal.json");
        Workspace ws = WorkspaceFiles.load(file).workspace();
        Layout odd = ws.layout("three-tags").orElseThrow().withMeasurement(Template.literal("String.valueOf(x)"));
        String js = WriterSnippets.javascript(ws.eventKind("weather").orElseThrow(), odd, "p");
        assertTrue(js.contains("new Point(\"String.valueOf(x)\")"), js);
        assertTrue(js.contains("String(crop)"), js);
    }
}
