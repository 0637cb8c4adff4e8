package dev.cardinal.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxV1Result;
import dev.cardinal.engine.influxdb1.InfluxdRequired;
import dev.cardinal.engine.influxdb1.SampleWrite;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import dev.cardinal.engine.sql.RollupRows;
import dev.cardinal.engine.sql.SqlGenerator;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A review compares like with like: each question is answered with the same grouping and range in both layouts, and
 * the answers are the same rows on a real influxd; a layout that cannot answer alike says so; the verdict weighs every
 * move, a closed tag made a field too.
 */
class LikeForLikeTest {
    private static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    private static Review review(Workspace ws, String a, String b) throws Exception {
        return review(ADS, ws, a, b);
    }

    private static Review review(Path file, Workspace ws, String a, String b) throws Exception {
        Sample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE);
        return Review.of(ws, ws.layout(a).orElseThrow(), ws.layout(b).orElseThrow(),
            sample.eventKind(ws.layout(a).orElseThrow().eventKind()).orElseThrow(), sample.report(), dev.cardinal.engines.ServerFor.defaults(), dev.cardinal.engines.Engines.queryLanguages());
    }

    private static QueryContrast.Question question(Review r, String startsWith) {
        return r.questions().stream().filter(q -> q.text().startsWith(startsWith)).findFirst()
            .orElseThrow(() -> new AssertionError("no question \"" + startsWith + "…\" in " + r.questions()));
    }

    private static boolean influxQl(QueryContrast.Answer a) {
        return a.answered() && a.query().startsWith("SELECT") && !a.note().startsWith("SQL");
    }

    @Test
    void bothLayoutsAnswerTheDailyCountPerListingAlikeWithTheSameRowsOnARealInfluxd() throws Exception {
        InfluxdRequired.check();
        Workspace ws = WorkspaceFiles.load(ADS).workspace();
        Review r = review(ws, "ids-as-tags", "ids-as-fields");
        EventKindSample sample = SampleReader.read(SampleReader.sources(ADS, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKind("listing_event").orElseThrow();

        QueryContrast.Question one = question(r, "daily count of page_url for listing_id = ");
        String listing = one.text().substring("daily count of page_url for listing_id = ".length(), one.text().indexOf(" over"));
        assertTrue(influxQl(one.a()) && influxQl(one.b()), one.toString());
        assertTrue(one.a().query().endsWith("GROUP BY time(1d)") && one.b().query().endsWith("GROUP BY time(1d)"), one.toString());
        assertTrue(one.a().note().startsWith("a tag filter"), one.a().note());
        assertTrue(one.b().note().startsWith("a field filter: every point"), one.b().note());
        assertTrue(one.b().note().contains("retention policy raw keeps 30d of raw points"), one.b().note());

        // every listing at once: InfluxQL cannot group by a field, and the rollup does not count page_url
        QueryContrast.Question every = question(r, "daily count of page_url per listing_id");
        assertTrue(influxQl(every.a()), every.a().toString());
        assertFalse(every.b().answered(), "a sum over the whole range for one listing is another question: " + every.b());
        assertTrue(every.b().note().startsWith("not answered alike: InfluxQL groups by tags only and listing_id is a field"),
            every.b().note());
        assertTrue(every.b().note().contains("rollup listing-daily is keyed by listing_id but keeps sum(count), count_distinct(user_id),"
            + " not a daily count of page_url"), every.b().note());

        long listingPoints = 0;
        for (int row = 0; row < sample.rows(); row++) {
            listingPoints += listing.equals(sample.column("listing_id").text(row)) ? 1 : 0;
        }
        try (ScratchInfluxd server = ScratchInfluxd.start()) {
            InfluxV1Client client = InfluxV1Client.of(server.url());
            long shift = SampleWrite.timeShiftToNow(sample, Duration.ofDays(1), System.currentTimeMillis() * 1_000_000L);
            for (Layout l : List.of(r.a().layout(), r.b().layout())) {
                String db = database(l);
                client.query("CREATE DATABASE \"" + db + "\"", null);
                if (!l.retention().isInfinite()) {
                    client.query("CREATE RETENTION POLICY \"" + l.retention().name() + "\" ON \"" + db + "\" DURATION 30d REPLICATION 1"
                        + " SHARD DURATION 1d DEFAULT", null);
                }
                SampleWrite.Result written = new SampleWrite(client, db, l.retention().name(), shift).write(l, sample, 0, PushMonitor.NONE);
                assertEquals(sample.rows(), written.linesSent());
                assertEquals(0, written.pointsDropped(), written.serverReasons().toString());
            }
            int compared = 0;
            for (QueryContrast.Question q : r.questions()) {
                if (influxQl(q.a()) && influxQl(q.b())) {
                    List<Row> a = rows(client, q.a().query(), database(r.a().layout()));
                    List<Row> b = rows(client, q.b().query(), database(r.b().layout()));
                    assertEquals(a, b, q.text());
                    compared++;
                }
            }
            assertEquals(2, compared, "the device filter and one listing's daily count are answerable in both");
            long counted = rows(client, one.b().query(), database(r.b().layout())).stream()
                .mapToLong(x -> x.count() == null ? 0 : x.count()).sum();
            assertEquals(listingPoints, counted, "the answer holds every point of " + listing + ", not two empty answers alike");
        }
    }

    private static String database(Layout l) {
        return "review_" + l.id().replace('-', '_');
    }

    /** One row of an answer: its series' tags, the window (null without one) and the count. */
    private record Row(java.util.Map<String, String> tags, Object time, Long count) {
    }

    private static List<Row> rows(InfluxV1Client client, String query, String db) throws Exception {
        InfluxV1Result result = client.query(query, db);
        // without GROUP BY time the row's time is the start of the range, now() at the moment each query ran
        boolean windowed = query.contains("GROUP BY time(");
        List<Row> out = new java.util.ArrayList<>();
        for (InfluxV1Result.Series s : result.series()) {
            for (int i = 0; i < s.values().size(); i++) {
                Object c = s.value(i, "count");
                out.add(new Row(s.tags(), windowed ? s.value(i, "time") : null, c == null ? null : ((Number) c).longValue()));
            }
        }
        return out;
    }

    /**
     * With a daily summary table that counts page_url, ids-as-fields answers every listing at once too: its SQL (on a
     * real PostgreSQL) gives the rows the GROUP BY over ids-as-tags' tag gives on a real influxd.
     */
    @Test
    void aSummaryTableThatCountsTheFieldAnswersEveryListingWithTheTagLayoutsRows() throws Exception {
        InfluxdRequired.check();
        Workspace ads = WorkspaceFiles.load(ADS).workspace();
        Rollup daily = ads.rollups().get(0);
        String table = "listing_daily_alike_" + Long.toHexString(System.nanoTime());
        List<Rollup.AggregateSpec> aggregates = new java.util.ArrayList<>(daily.aggregates());
        aggregates.add(new Rollup.AggregateSpec("page_url", Aggregate.COUNT));
        Rollup counting = new Rollup(daily.id(), daily.name(), daily.layout(), daily.window(), aggregates, daily.groupBy(),
            new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, table, daily.destination().retention()));
        Workspace ws = new Workspace(ads.name(), ads.eventKinds(), ads.layouts(), ads.samples(), List.of(counting), ads.targets(),
            ads.canvas());
        Review r = review(ws, "ids-as-tags", "ids-as-fields");
        QueryContrast.Question every = question(r, "daily count of page_url per listing_id");
        assertTrue(influxQl(every.a()), every.a().toString());
        assertTrue(every.b().answered() && every.b().note().startsWith("SQL on the daily summary table " + table), every.b().toString());
        assertTrue(every.b().note().contains("one row per listing_id and day, summed over event"), every.b().note());

        EventKindSample sample = SampleReader.read(SampleReader.sources(ADS, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKind("listing_event").orElseThrow();
        SqlGenerator.Script script = SqlGenerator.generate(SqlDialect.POSTGRESQL, counting, ws.eventKind("listing_event").orElseThrow(),
            sample);
        java.util.Map<String, Long> fromSql = new java.util.TreeMap<>();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test", "postgres", "");
             java.sql.Statement st = c.createStatement()) {
            st.execute(script.createTable());
            try {
                try (java.sql.PreparedStatement ps = c.prepareStatement(script.upsert())) {
                    for (Object[] row : RollupRows.compute(script, counting, sample).rows()) {
                        for (int i = 0; i < row.length; i++) {
                            ps.setObject(i + 1, row[i]);
                        }
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
                try (java.sql.PreparedStatement ps = c.prepareStatement(every.b().query())) {
                    ps.setObject(1, LocalDate.of(2000, 1, 1));
                    ps.setObject(2, LocalDate.of(2100, 1, 1));
                    try (java.sql.ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            assertEquals(null, fromSql.put(rs.getString(1) + " " + rs.getObject(2, LocalDate.class), rs.getLong(3)),
                                "one row per listing and day");
                        }
                    }
                }
            } finally {
                st.execute("DROP TABLE " + SqlDialect.POSTGRESQL.identifier(table));
            }
        }

        java.util.Map<String, Long> fromInflux = new java.util.TreeMap<>();
        try (ScratchInfluxd server = ScratchInfluxd.start()) {
            InfluxV1Client client = InfluxV1Client.of(server.url());
            long shift = SampleWrite.timeShiftToNow(sample, Duration.ofDays(1), System.currentTimeMillis() * 1_000_000L);
            Layout tags = r.a().layout();
            client.query("CREATE DATABASE \"" + database(tags) + "\"", null);
            new SampleWrite(client, database(tags), tags.retention().name(), shift).write(tags, sample, 0, PushMonitor.NONE);
            for (InfluxV1Result.Series s : client.query(every.a().query(), database(tags)).series()) {
                for (int i = 0; i < s.values().size(); i++) {
                    long n = ((Number) s.value(i, "count")).longValue();
                    if (n > 0) {
                        // the shift is whole days, so each point keeps its day, moved by the shift
                        LocalDate day = java.time.Instant.ofEpochSecond(0, ((Number) s.value(i, "time")).longValue() - shift)
                            .atZone(java.time.ZoneOffset.UTC).toLocalDate();
                        fromInflux.put(s.tags().get("listing_id") + " " + day, n);
                    }
                }
            }
        }
        assertEquals(fromInflux, fromSql);
        assertEquals(sample.rows(), fromSql.values().stream().mapToLong(Long::longValue).sum(), "every point, once");
    }

    @Test
    void aClosedTagMadeAFieldIsWeighedAgainstTheSeriesItSaves() throws Exception {
        Workspace ads = WorkspaceFiles.load(ADS).workspace();
        Layout tags = ads.layout("ids-as-tags").orElseThrow();
        Layout moved = new Layout("device-as-field", "device-as-field", tags.eventKind(), tags.measurement(), tags.tags(),
            tags.fields(), tags.retention()).withRole("device", Role.FIELD);
        Review r = review(ads.withLayout(moved), "ids-as-tags", "device-as-field");
        assertEquals(List.of(new LayoutComparison.Difference("device", "tag", "field")), r.comparison().differences());

        // the review's own query contrast shows the cost
        QueryContrast.Question filter = question(r, "points of device = ");
        assertTrue(filter.a().note().startsWith("a tag filter"), filter.a().note());
        assertTrue(filter.b().note().startsWith("a field filter"), filter.b().note());

        // device goes with the session, which stays a tag: the move saves nothing and costs the filter
        assertEquals(r.a().seriesAtHorizon(), r.b().seriesAtHorizon());
        String weighed = "device-as-field makes device a field where ids-as-tags indexes it, a closed set of 5 values: a tag filter"
            + " on device, an index lookup, becomes a field filter, a scan of every point in the range; that buys at most 5x fewer"
            + " series: here it is the only move and saves none, 27,808 series at 30d in both.";
        assertTrue(r.comparison().verdict().contains(weighed), r.comparison().verdict().toString());
        assertTrue(ReviewMarkdown.render(r).contains("- " + weighed + "\n"));
    }

    @Test
    void everyOtherMoveIsWeighedToo() throws Exception {
        Path weather = Path.of("sample-data/weather/weather.cardinal.json");
        Workspace ws = WorkspaceFiles.load(weather).workspace();
        assertTrue(review(weather, ws, "three-tags", "data-in-measurement").comparison().verdict().contains("data-in-measurement"
            + " writes crop in measurement {crop}.plot-{plot}.{region} where three-tags writes it as a tag: a filter on it becomes a"
            + " regular expression over measurement names."));
        assertTrue(review(weather, ws, "three-tags", "several-facts-in-one-tag").comparison().verdict().contains(
            "several-facts-in-one-tag writes plot in tag location = plot-{plot}.{region} where three-tags writes it as a tag: a filter"
                + " on it becomes a regular expression over the values of tag location."));
        // B against A: the move is named from the layout that makes it, whichever side that is
        List<String> keys = review(weather, ws, "data-in-field-keys", "three-tags").comparison().verdict();
        assertTrue(keys.contains("data-in-field-keys writes region in field key {crop}.plot-{plot}.{region}.temp where three-tags"
            + " writes it as a tag: each of its values is a field key of its own, and no query can filter on it."), keys.toString());

        Workspace ads = WorkspaceFiles.load(ADS).workspace();
        Layout tags = ads.layout("ids-as-tags").orElseThrow();
        Layout dropped = new Layout("no-session", "no-session", tags.eventKind(), tags.measurement(), tags.tags(), tags.fields(),
            tags.retention()).withRole("session_id", Role.DROPPED);
        List<String> verdict = review(ads.withLayout(dropped), "ids-as-tags", "no-session").comparison().verdict();
        assertTrue(verdict.contains("no-session drops session_id, which ids-as-tags writes as a tag: no question about session_id can"
            + " be asked of it."), verdict.toString());
    }
}
