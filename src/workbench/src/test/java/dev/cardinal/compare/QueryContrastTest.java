package dev.cardinal.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projector;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The same questions in two layouts: the queries each forces, or why it cannot answer. */
class QueryContrastTest {
    private record Scenario(Workspace ws, EventKindSample sample, Projector projector) {
        Projection project(String layout) {
            var l = ws.layout(layout).orElseThrow();
            return projector.project(ws.eventKind(l.eventKind()).orElseThrow(), l, dev.cardinal.engines.ServerFor.defaults());
        }

        List<QueryContrast.Question> contrast(String a, String b) {
            Projection pa = project(a);
            return QueryContrast.of(ws, ws.eventKind(pa.eventKind()).orElseThrow(), pa, project(b), sample, dev.cardinal.engines.Engines.queryLanguages());
        }
    }

    private static Scenario scenario(String name, String kind) throws Exception {
        Path file = Path.of("sample-data/" + name + "/" + name + ".cardinal.json");
        Workspace ws = WorkspaceFiles.load(file).workspace();
        Sample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE);
        EventKindSample k = sample.eventKind(kind).orElseThrow();
        return new Scenario(ws, k, new Projector(new SampleIndex(k)));
    }

    @Test
    void aTagFilterAgainstARegularExpressionOverMeasurementNames() throws Exception {
        List<QueryContrast.Question> q = scenario("weather", "weather").contrast("three-tags", "data-in-measurement");
        QueryContrast.Question filter = q.get(0);
        assertTrue(filter.text().startsWith("points of crop = "), filter.text());
        String crop = filter.text().substring("points of crop = ".length(), filter.text().indexOf(" over"));
        assertEquals("SELECT COUNT(\"temp\") FROM \"weather\" WHERE \"crop\" = '" + crop + "' AND time > now() - 1d", filter.a().query());
        assertTrue(filter.a().note().startsWith("a tag filter"));
        assertEquals("SELECT COUNT(\"temp\") FROM /^" + crop + "\\.plot-.*\\..*$/ WHERE time > now() - 1d", filter.b().query());
        assertTrue(filter.b().note().startsWith("a regular expression over measurement names"));
    }

    @Test
    void aRollupAgainstAGroupByOverAGrowingTag() throws Exception {
        List<QueryContrast.Question> q = scenario("ad-marketplace", "listing_event").contrast("ids-as-tags", "ids-as-fields");
        QueryContrast.Question daily = q.stream().filter(x -> x.text().startsWith("daily count of page_url per")).findFirst().orElseThrow();
        assertEquals("daily count of page_url per listing_id over a year", daily.text());
        assertEquals("SELECT COUNT(\"page_url\") FROM \"listing_event\" WHERE time > now() - 365d GROUP BY time(1d), \"listing_id\"",
            daily.a().query());
        assertTrue(daily.a().note().contains("1,410 values in the sample alone"), daily.a().note());
        assertFalse(daily.b().answered(), "the rollup sums one listing over the range: another question");
        assertTrue(daily.b().note().contains("rollup listing-daily is keyed by listing_id"), daily.b().note());

        QueryContrast.Question filter = q.get(0);
        assertTrue(filter.text().startsWith("points of device = "), "device is a tag in one and a field in the other: " + filter.text());
        assertTrue(filter.b().note().startsWith("a field filter"));
    }

    @Test
    void everyInfluxQlAnswerRunsOnARealInfluxd() throws Exception {
        dev.cardinal.engine.influxdb1.InfluxdRequired.check();
        Scenario weather = scenario("weather", "weather");
        Scenario ads = scenario("ad-marketplace", "listing_event");
        List<QueryContrast.Answer> answers = new java.util.ArrayList<>();
        for (String b : List.of("data-in-measurement", "data-in-field-keys", "several-facts-in-one-tag")) {
            weather.contrast("three-tags", b).forEach(q -> answers.addAll(List.of(q.a(), q.b())));
        }
        ads.contrast("ids-as-tags", "ids-as-fields").forEach(q -> answers.addAll(List.of(q.a(), q.b())));
        try (dev.cardinal.engine.influxdb1.ScratchInfluxd server = dev.cardinal.engine.influxdb1.ScratchInfluxd.start()) {
            var client = dev.cardinal.engine.influxdb1.InfluxV1Client.of(server.url());
            client.query("CREATE DATABASE \"review\"", null);
            int ran = 0;
            for (QueryContrast.Answer a : answers) {
                if (a.answered() && a.query().startsWith("SELECT") && !a.note().startsWith("SQL")) {
                    client.query(a.query(), "review"); // a syntax error is a QUERY_ERROR
                    ran++;
                }
            }
            assertTrue(ran >= 6, ran + " queries ran");
        }
    }

    @Test
    void aLayoutThatCannotAnswerSaysWhy() throws Exception {
        Scenario s = scenario("weather", "weather");
        List<QueryContrast.Question> q = s.contrast("three-tags", "data-in-field-keys");
        QueryContrast.Question filter = q.get(0);
        assertFalse(filter.b().answered());
        assertEquals("crop is only written into field keys: each of its values is a different field", filter.b().note());
    }
}
