package dev.cardinal.lineprotocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SchemaInference;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SampleLineProtocolTest {
    @TempDir
    Path tmp;

    record Scenario(Workspace workspace, EventKindSample kind) {
        Layout layout(String id) {
            return workspace.layout(id).orElseThrow();
        }
    }

    static Scenario scenario(String name) throws Exception {
        Path file = Path.of("sample-data", name, name + WorkspaceFiles.EXTENSION);
        Workspace ws = WorkspaceFiles.load(file).workspace();
        Sample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE);
        return new Scenario(ws, sample.eventKinds().get(0));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "three-tags|weather,crop=blueberries,plot=1,region=north temp=-1.2 1767571211000000000",
        "data-in-measurement|blueberries.plot-1.north temp=-1.2 1767571211000000000",
        "data-in-field-keys|weather blueberries.plot-1.north.temp=-1.2 1767571211000000000",
        "several-facts-in-one-tag|weather,crop=blueberries,location=plot-1.north temp=-1.2 1767571211000000000"})
    void weatherLayoutsRenderAsAClientWouldWriteThem(String layout, String firstLine) throws Exception {
        Scenario s = scenario("weather");
        SampleLineProtocol lp = new SampleLineProtocol(s.layout(layout), s.kind());
        assertEquals(firstLine, lp.nextLine());
        StringWriter rest = new StringWriter();
        assertEquals(s.kind().rows() - 1, lp.writeTo(rest));
        assertEquals(new SampleLineProtocol.Counts(s.kind().rows(), s.kind().rows(), java.util.Map.of()), lp.counts());
    }

    @Test
    void fixedSlotsNumberEachTenantsMetricsInOrderOfFirstSight() throws Exception {
        Scenario s = scenario("custom-metrics");
        SampleLineProtocol lp = new SampleLineProtocol(s.layout("fixed-slots"), s.kind());
        List<String> t01 = new ArrayList<>();
        for (String l = lp.nextLine(); l != null && t01.size() < 4; l = lp.nextLine()) {
            if (l.startsWith("custom_metrics,tenant=t01 ")) {
                t01.add(l);
            }
        }
        // Lines 47, 87, 92 of the traffic are t01's first three rows, three different metrics.
        assertEquals("custom_metrics,tenant=t01 slot_1=725.12 1767573948465000000", t01.get(0));
        assertEquals("custom_metrics,tenant=t01 slot_2=415.95 1767577041581000000", t01.get(1));
        assertEquals("custom_metrics,tenant=t01 slot_3=10363.08 1767577421092000000", t01.get(2));
        SampleLineProtocol first = new SampleLineProtocol(s.layout("fixed-slots"), s.kind());
        assertEquals("custom_metrics,tenant=t06 slot_1=104.92 1767571200000000000", first.nextLine());
    }

    @Test
    void userNamedMetricsAreEscapedAsFieldKeys() throws Exception {
        Scenario s = scenario("custom-metrics");
        SampleLineProtocol lp = new SampleLineProtocol(s.layout("metric-names-as-field-keys"), s.kind());
        assertEquals("custom_metrics,tenant=t06 BF25\\ login\\ failures\\,\\ gross=104.92 1767571200000000000", lp.nextLine());
    }

    @Test
    void stringsAndIntegersAreTyped() throws Exception {
        Scenario s = scenario("ad-marketplace");
        SampleLineProtocol lp = new SampleLineProtocol(s.layout("ids-as-fields"), s.kind());
        assertEquals("listing_event,event=view count=1i,device=\"desktop\",listing_id=\"L000639\","
            + "page_url=\"/listing/L000639?ref=category\",session_id=\"6578fda1-98c1-485d-b280-2d5913f0be0a\","
            + "user_id=\"u0001\" 1767571200000000000", lp.nextLine());
    }

    @ParameterizedTest
    @ValueSource(strings = {"weather", "custom-metrics", "ad-marketplace"})
    void aLayoutAsWrittenReadsBackToTheSameValues(String name) throws Exception {
        EventKindSample original = scenario(name).kind();
        Layout asWritten = SchemaInference.asWritten(original, "as-written");
        EventKindSample back = roundTrip(asWritten, original, 1000);
        assertSameRows(original, back);
    }

    /** Reads back what the renderer wrote, through Cardinal's own reader (which follows the 1.x parser). */
    EventKindSample roundTrip(Layout layout, EventKindSample sample, int batch) throws Exception {
        Path file = tmp.resolve(layout.id() + ".lp");
        try (var out = Files.newOutputStream(file)) {
            for (var it = new SampleLineProtocol(layout, sample).batches(batch); it.hasNext(); ) {
                out.write(it.next());
            }
        }
        Sample back = SampleReader.read(List.of(new SampleReader.Source(file, SampleBinding.lineProtocol("b", file.toString(), "ns"))),
            SampleLimits.defaults(), ReadMonitor.NONE);
        assertEquals(0, back.report().badLines(), () -> back.report().problems().toString());
        return back.eventKinds().get(0);
    }

    static void assertSameRows(EventKindSample expected, EventKindSample actual) {
        assertEquals(expected.rows(), actual.rows());
        for (int r = 0; r < expected.rows(); r++) {
            assertEquals(expected.timestamp(r), actual.timestamp(r));
            for (var a : expected.attributes()) {
                String want = expected.column(a.name()).text(r);
                int row = r;
                assertEquals(want, actual.column(a.name()).text(r), () -> a.name() + " in row " + row);
            }
        }
    }

    /** Hostile values arrive through NDJSON, which can carry any string, then go out as line protocol. */
    EventKindSample hostile(String... jsonRows) throws Exception {
        Path file = tmp.resolve("hostile.ndjson");
        Files.writeString(file, String.join("\n", jsonRows) + "\n", StandardCharsets.UTF_8);
        SampleBinding b = new SampleBinding("h", file.toString(), SampleFormat.NDJSON, "hostile", "ns", "t", "epoch",
            List.of("host"));
        Sample s = SampleReader.read(List.of(new SampleReader.Source(file, b)), SampleLimits.defaults(), ReadMonitor.NONE);
        assertEquals(0, s.report().badLines(), () -> s.report().problems().toString());
        return s.eventKinds().get(0);
    }

    static Layout layout(String measurement, List<TagSpec> tags, List<FieldSpec> fields) throws Exception {
        return new Layout("l", "l", "hostile", Template.parse(measurement), tags, fields, RetentionPlan.AUTOGEN);
    }

    @Test
    void hostileValuesAreEscapedPerSection() throws Exception {
        EventKindSample k = hostile(
            "{\"t\":1,\"m\":\"my m,x=y\\\"z\",\"host\":\"a b,c=d\\\"e\\\\f\",\"note\":\"say \\\"hi\\\" \\\\ bye\\nnext\",\"n\":-5,\"f\":0.1,\"ok\":true}",
            "{\"t\":2,\"m\":\"Zürich ☃\",\"host\":\"𝄞 \",\"note\":\"\",\"n\":1,\"f\":1e300,\"ok\":false}");
        Layout l = layout("{m}", List.of(TagSpec.of("host")), List.of(FieldSpec.of("note"), FieldSpec.of("n"),
            FieldSpec.of("f"), FieldSpec.of("ok"), new FieldSpec(Template.parse("k {m}"), "n")));
        SampleLineProtocol lp = new SampleLineProtocol(l, k);
        assertEquals("my\\ m\\,x=y\"z,host=a\\ b\\,c\\=d\"e\\f f=0.1,k\\ my\\ m\\,x\\=y\"z=-5i,n=-5i,"
            + "note=\"say \\\"hi\\\" \\\\ bye\nnext\",ok=true 1", lp.nextLine());
        assertEquals("Zürich\\ ☃,host=𝄞\\  f=1.0E300,k\\ Zürich\\ ☃=1i,n=1i,note=\"\",ok=false 2", lp.nextLine());
        assertNull(lp.nextLine());
        // And back through the reader: the same values arrive.
        Layout plain = layout("hostile", List.of(TagSpec.of("host")), List.of(FieldSpec.of("m"), FieldSpec.of("note"),
            FieldSpec.of("n"), FieldSpec.of("f"), FieldSpec.of("ok")));
        EventKindSample back = roundTrip(plain, k, 1);
        for (String a : List.of("m", "host", "note", "n", "f", "ok")) {
            for (int r = 0; r < 2; r++) {
                assertEquals(k.column(a).text(r), back.column(a).text(r), a);
            }
        }
    }

    @Test
    void whatThe1xParserCannotTakeIsSkippedAndCounted() throws Exception {
        EventKindSample k = hostile(
            "{\"t\":1,\"m\":\"fine\",\"host\":\"ends in \\\\\",\"v\":1}",     // tag value ending in a backslash
            "{\"t\":2,\"m\":\"#comment\",\"host\":\"h\",\"v\":2}",             // measurement would be a comment
            "{\"t\":3,\"m\":\"a\\\\,b\",\"host\":\"h\",\"v\":3}",              // backslash before a comma in a measurement
            "{\"t\":4,\"m\":\"fine\",\"host\":\"\",\"v\":4}",                  // empty tag: left out
            "{\"t\":5,\"m\":\"fine\",\"host\":\"h\"}",                         // no field at all
            "{\"t\":6,\"m\":\"fine\",\"host\":\"line\\nbreak\",\"v\":6}");     // newline in a tag
        Layout l = layout("{m}", List.of(TagSpec.of("host")), List.of(FieldSpec.of("v")));
        SampleLineProtocol lp = new SampleLineProtocol(l, k);
        StringWriter out = new StringWriter();
        assertEquals(1, lp.writeTo(out));
        assertEquals("fine v=4i 4\n", out.toString());
        SampleLineProtocol.Counts c = lp.counts();
        assertEquals(6, c.rowsRead());
        assertEquals(2, c.skipped(SkipReason.TAG_UNWRITABLE));
        assertEquals(2, c.skipped(SkipReason.MEASUREMENT_UNWRITABLE));
        assertEquals(1, c.skipped(SkipReason.NO_FIELDS));
        assertEquals(1, c.skipped(SkipReason.FIELD_ABSENT));
        assertEquals(5, c.rowsSkipped());
    }

    @Test
    void timeAsATagDropsTheRowAndAsAFieldDropsTheField() throws Exception {
        EventKindSample k = hostile("{\"t\":1,\"host\":\"h\",\"v\":1,\"w\":2}");
        SampleLineProtocol tag = new SampleLineProtocol(layout("m", List.of(new TagSpec("time", Template.ref("host"))),
            List.of(FieldSpec.of("v"))), k);
        assertNull(tag.nextLine());
        assertEquals(1, tag.counts().skipped(SkipReason.TIME_TAG));
        SampleLineProtocol field = new SampleLineProtocol(layout("m", List.of(),
            List.of(new FieldSpec(Template.literal("time"), "v"), FieldSpec.of("w"))), k);
        assertEquals("m w=2i 1", field.nextLine());
        assertEquals(1, field.counts().skipped(SkipReason.TIME_FIELD));
    }

    @Test
    void unsignedIsWrittenAsIntegerFor1xUnlessAskedOtherwise() throws Exception {
        Path file = tmp.resolve("u.lp");
        Files.writeString(file, "m u=5u 1\nm u=18446744073709551615u 2\n");
        EventKindSample k = SampleReader.read(List.of(new SampleReader.Source(file, SampleBinding.lineProtocol("u",
            file.toString(), "ns"))), SampleLimits.defaults(), ReadMonitor.NONE).eventKinds().get(0);
        Layout l = SchemaInference.asWritten(k, "u");
        SampleLineProtocol v1 = new SampleLineProtocol(l, k);
        assertEquals("m u=5i 1", v1.nextLine());
        assertNull(v1.nextLine());
        assertEquals(1, v1.counts().skipped(SkipReason.UNSIGNED_TOO_LARGE));
        assertEquals(1, v1.counts().skipped(SkipReason.NO_FIELDS));
        SampleLineProtocol v2 = new SampleLineProtocol(l, k, new SampleLineProtocol.Options(false));
        assertEquals("m u=5u 1", v2.nextLine());
        assertEquals("m u=18446744073709551615u 2", v2.nextLine());
    }

    @Test
    void batchesHoldAtMostTheAskedNumberOfLines() throws Exception {
        Scenario s = scenario("weather");
        var it = new SampleLineProtocol(s.layout("three-tags"), s.kind()).batches(5_000);
        int batches = 0;
        long lines = 0;
        while (it.hasNext()) {
            String body = new String(it.next(), StandardCharsets.UTF_8);
            long n = body.chars().filter(c -> c == '\n').count();
            lines += n;
            batches++;
            assertEquals(true, n <= 5_000);
        }
        assertEquals(s.kind().rows(), lines);
        assertEquals((s.kind().rows() + 4_999) / 5_000, batches);
    }
}
