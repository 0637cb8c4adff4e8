package dev.cardinal.engine.influxdb3;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.RecordedHttp;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An InfluxDB 3 Core HTTP API from recorded answers ({@link RecordedHttp}: every request is kept for the test to
 * check); the three endpoints a migration uses are answered as influxdata/influxdb (commit d7834110b3, after tag
 * v3.9.6) answers them:
 * <ul>
 * <li>{@code POST /api/v3/query_sql} and {@code /api/v3/query_influxql} take the JSON body {@code {"db", "q", "format"}}
 * ({@code QueryRequest}, influxdb3_types/src/http.rs) and answer {@code "format": "jsonl"} with
 * {@code Content-Type: application/jsonl}, one JSON object per row, a timestamp as {@code "2065-01-07T17:28:51"} (no zone,
 * the fraction only when there is one: influxdb3/tests/server/query.rs {@code api_v3_query_jsonl_format}, and
 * influxdb3_server/src/tests.rs {@code write_lp_tests}, {@code 1970-01-01T00:00:00.000000155}), a null left out
 * (arrow_json's line writer), no row at all as an empty body ({@code test_jsonl_output_empty}, http/tests.rs);
 * {@code SHOW TAG KEYS} and {@code SHOW FIELD KEYS} as {@code {"iox::measurement":"cpu","tagKey":"host"}} and
 * {@code {"iox::measurement":"cpu","fieldKey":"usage","fieldType":"float"}} (the same jsonl test); the tables as
 * {@code information_schema.tables} lists them, schema {@code iox} (snapshot
 * lib__server__query__api_v3_query_show_tables_ordering.snap);</li>
 * <li>{@code POST /api/v3/write_lp?db=&precision=&accept_partial=} answers 204 with no body when every line is taken
 * ({@code write_lp_inner}, influxdb3_server/src/http.rs).</li>
 * </ul>
 * It holds one old table ({@link #points}); what is written becomes the new table, one point per series and time (a
 * point written again replaces itself, and is counted in {@link #writes}). No InfluxDB 3 server runs here, so these
 * answers are all that is checked.
 */
public final class RecordedInfluxV3 implements AutoCloseable {
    /** One point of the old table: its time and its columns' values (tags as strings). */
    public record Point(long nanos, Map<String, Object> columns) {
    }

    static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern TABLE = Pattern.compile("FROM \"((?:[^\"]|\"\")*)\"");
    private static final Pattern INFLUXQL_TABLE = Pattern.compile("FROM \"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern BOUND = Pattern.compile("\"time\" (>=|<|>|<=) '([^']*)'");
    private static final Pattern COLUMN = Pattern.compile("\"((?:[^\"]|\"\")*)\" AS \"(c\\d+)\"");

    private final RecordedHttp http;
    private final String table;
    private final String into;
    /** The old table's tags and fields (with the type SHOW FIELD KEYS gives). */
    public final Map<String, String> columns = new LinkedHashMap<>();
    public final List<Point> points = new ArrayList<>();
    /** The new table: each written line by its series and time (measurement and tags, then the time). */
    public final Map<String, String> copy = new TreeMap<>();
    /** How often each point of the new table was written. */
    public final Map<String, Integer> writes = new TreeMap<>();
    /** Points the server leaves out of the copy (by series and time), as if it lost them. */
    public final List<String> lose = new ArrayList<>();
    /** Every request, in the order received. */
    public final List<RecordedHttp.Request> requests;
    /** From the first request that matches on, the server is gone (503); a write that matches is still taken first. */
    public Predicate<RecordedHttp.Request> unavailable = r -> false;
    private boolean gone;
    public boolean intoExists;
    public int status = 200;

    public RecordedInfluxV3(String table, String into) throws IOException {
        this.table = table;
        this.into = into;
        http = new RecordedHttp(this::answer);
        requests = http.requests;
    }

    public URI url() {
        return http.url();
    }

    public synchronized void back() {
        unavailable = r -> false;
        gone = false;
    }

    /** The requests that wrote ({@code /api/v3/write_lp}). */
    public List<RecordedHttp.Request> writeRequests() {
        return http.writes();
    }

    /** One answer at a time; sent outside this lock ({@link RecordedHttp}), so a long answer is read while a write arrives. */
    private synchronized RecordedHttp.Answer answer(RecordedHttp.Request r) throws IOException {
        if (status == 401) {
            // http.rs: Error::Authentication and Unauthenticated answer 401 with an empty body
            return new RecordedHttp.Answer(401, null, "");
        }
        RecordedHttp.Answer away = new RecordedHttp.Answer(503, "text/plain", "service unavailable");
        if (gone) {
            return away;
        }
        gone = unavailable.test(r);
        if (r.writes()) {
            take(r.body()); // when the server goes away now, it took the lines but its answer never arrives
            return gone ? away : new RecordedHttp.Answer(204, null, "");
        }
        if (gone) {
            return away;
        }
        String q = r.q();
        StringBuilder out = new StringBuilder();
        for (ObjectNode row : r.pathAndQuery().equals("/api/v3/query_influxql") ? influxQl(q) : sql(q)) {
            out.append(JSON.writeValueAsString(row)).append('\n');
        }
        return new RecordedHttp.Answer(200, "application/jsonl", out.toString());
    }

    private void take(String body) {
        for (String line : body.split("\n")) {
            int space = line.lastIndexOf(' ');
            String key = seriesKey(line) + " " + line.substring(space + 1);
            if (lose.contains(key)) {
                continue;
            }
            copy.put(key, line);
            writes.merge(key, 1, Integer::sum);
            intoExists = true;
        }
    }

    /** The measurement and tags of a line: up to its first space not escaped. */
    static String seriesKey(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == '\\') {
                i++;
            } else if (line.charAt(i) == ' ') {
                return line.substring(0, i);
            }
        }
        throw new AssertionError("no fields: " + line);
    }

    private List<ObjectNode> influxQl(String q) {
        Matcher m = INFLUXQL_TABLE.matcher(q);
        if (!m.find() || !m.group(1).replaceAll("\\\\(.)", "$1").equals(table)) {
            throw new AssertionError("no recorded answer for: " + q);
        }
        List<ObjectNode> out = new ArrayList<>();
        columns.forEach((column, type) -> {
            ObjectNode row = JSON.createObjectNode().put("iox::measurement", table);
            if (q.startsWith("SHOW TAG KEYS") && type.equals("tag")) {
                out.add(row.put("tagKey", column));
            } else if (q.startsWith("SHOW FIELD KEYS") && !type.equals("tag")) {
                out.add(row.put("fieldKey", column).put("fieldType", type));
            }
        });
        return out;
    }

    private List<ObjectNode> sql(String q) {
        if (q.startsWith("SELECT table_name FROM information_schema.tables")) {
            return intoExists && q.endsWith("'" + into.replace("'", "''") + "'")
                ? List.of(JSON.createObjectNode().put("table_name", into)) : List.of();
        }
        Matcher t = TABLE.matcher(q);
        if (!t.find()) {
            throw new AssertionError("no recorded answer for: " + q);
        }
        String name = t.group(1).replace("\"\"", "\"");
        boolean old = name.equals(table);
        if (!old && !name.equals(into)) {
            throw new AssertionError("a query of an unknown table: " + q);
        }
        List<Long> times = old ? points.stream().map(Point::nanos).toList() : copy.keySet().stream()
            .map(k -> Long.parseLong(k.substring(k.lastIndexOf(' ') + 1))).toList();
        Predicate<Long> in = bounds(q);
        ObjectNode row = JSON.createObjectNode();
        if (q.startsWith("SELECT min(\"time\") AS \"first\"")) {
            times.stream().min(Long::compare).ifPresent(n -> row.put("first", time(n)));
            times.stream().max(Long::compare).ifPresent(n -> row.put("last", time(n)));
            return List.of(row);
        }
        if (q.startsWith("SELECT count(*) AS \"n\"")) {
            return List.of(row.put("n", times.stream().filter(in).count()));
        }
        if (q.startsWith("SELECT max(\"time\") AS \"t\"")) {
            times.stream().filter(in).max(Long::compare).ifPresent(n -> row.put("t", time(n)));
            return List.of(row);
        }
        if (old && q.startsWith("SELECT \"time\" AS \"c0\"") && q.endsWith(" ORDER BY \"time\"")) {
            return window(q, in);
        }
        throw new AssertionError("no recorded answer for: " + q);
    }

    private List<ObjectNode> window(String q, Predicate<Long> in) {
        Map<String, String> aliases = new LinkedHashMap<>();
        Matcher c = COLUMN.matcher(q);
        while (c.find()) {
            aliases.put(c.group(2), c.group(1).replace("\"\"", "\""));
        }
        List<ObjectNode> out = new ArrayList<>();
        points.stream().filter(p -> in.test(p.nanos())).sorted((a, b) -> Long.compare(a.nanos(), b.nanos())).forEach(p -> {
            ObjectNode row = JSON.createObjectNode().put("c0", time(p.nanos()));
            aliases.forEach((alias, column) -> {
                if (!column.equals("time") && p.columns().get(column) != null) {
                    row.set(alias, JSON.valueToTree(p.columns().get(column)));
                }
            });
            out.add(row);
        });
        return out;
    }

    private static Predicate<Long> bounds(String q) {
        Predicate<Long> in = n -> true;
        Matcher b = BOUND.matcher(q);
        while (b.find()) {
            long at = nanos(Instant.parse(b.group(2)));
            in = in.and(switch (b.group(1)) {
                case ">=" -> n -> n >= at;
                case "<" -> n -> n < at;
                case ">" -> n -> n > at;
                default -> n -> n <= at;
            });
        }
        return in;
    }

    /** A timestamp as arrow's JSON writer spells it: UTC without a zone, a fraction of 3, 6 or 9 digits when there is one. */
    static String time(long nanos) {
        Instant t = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
        String s = t.toString(); // ISO_INSTANT: seconds always, a fraction of 3, 6 or 9 digits when there is one
        return s.substring(0, s.length() - 1);
    }

    public static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    @Override
    public void close() {
        http.close();
    }
}
