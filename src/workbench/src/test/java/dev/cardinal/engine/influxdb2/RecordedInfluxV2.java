package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.RecordedHttp;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An InfluxDB 2.x query endpoint from recorded answers ({@link RecordedHttp}: every request is kept for the test to
 * check), {@code POST /api/v2/query} answered as the server answers it. It holds one old measurement: its points per window ({@link #points}); a window's rewrite script (a {@code to(} call)
 * copies them, after which the new measurement's count of that window answers the same number (or what
 * {@link #lose} takes away). No 2.x server can be installed here, so these answers are all that is checked.
 */
public final class RecordedInfluxV2 implements AutoCloseable {
    private static final Pattern RANGE = Pattern.compile("range\\(start: (\\S+), stop: (\\S+)\\)");

    private final RecordedHttp http;
    private final String measurement;
    private final String into;
    /** Points of the old measurement by window start. */
    public final Map<Instant, Long> points = new TreeMap<>();
    /** Points the copy of a window loses, by window start. */
    public final Map<Instant, Long> lose = new TreeMap<>();
    /** Every request, in the order received. */
    public final List<RecordedHttp.Request> requests;
    private final Set<Instant> copied = new HashSet<>();
    /** Requests answered 503 (a server going away mid-run) from the first that matches on. */
    public Predicate<RecordedHttp.Request> unavailable = r -> false;
    private boolean gone;
    public int status = 200;

    public RecordedInfluxV2(String measurement, String into) throws IOException {
        this.measurement = measurement;
        this.into = into;
        http = new RecordedHttp(this::answer);
        requests = http.requests;
    }

    /** The server is back after {@link #unavailable} took it away. */
    public synchronized void back() {
        unavailable = r -> false;
        gone = false;
    }

    public URI url() {
        return http.url();
    }

    /** The Flux scripts that wrote (a {@code to(} call). */
    public List<RecordedHttp.Request> writes() {
        return http.writes();
    }

    private synchronized RecordedHttp.Answer answer(RecordedHttp.Request r) {
        gone = gone || unavailable.test(r);
        if (status == 401) {
            // influxdb http/authentication_middleware.go answers a missing or unknown token with UnauthorizedError (http/
            // errors.go): code EUnauthorized ("unauthorized"), message "unauthorized access", as JSON {"code", "message"}
            // (the v2 API reference's 401 response)
            return new RecordedHttp.Answer(401, "application/json; charset=utf-8",
                "{\"code\":\"unauthorized\",\"message\":\"unauthorized access\"}");
        } else if (gone) {
            return new RecordedHttp.Answer(503, "application/json; charset=utf-8",
                "{\"code\":\"unavailable\",\"message\":\"service unavailable\"}");
        }
        return new RecordedHttp.Answer(200, "text/csv; charset=utf-8", csv(r.body()));
    }

    /**
     * The answers, in the annotated CSV of docs.influxdata.com/influxdb/v2/reference/syntax/annotated-csv/ (the
     * {@code #datatype}, {@code #group} and {@code #default} rows, then the header with the leading empty annotation
     * column, {@code result} and {@code table}); a query that yields no table (a count of nothing) answers no rows.
     */
    private String csv(String flux) {
        Matcher range = RANGE.matcher(flux);
        if (flux.contains("|> to(") && range.find()) { // to() answers the rows it wrote; one shown, the rest alike
            copied.add(Instant.parse(range.group(1)));
            return "#datatype,string,long,dateTime:RFC3339,string\r\n#group,false,false,false,true\r\n#default,_result,,,\r\n"
                + ",result,table,_time,_measurement\r\n,,0," + range.group(1) + "," + quoted(into) + "\r\n\r\n";
        }
        if (flux.contains("count(column: \"_time\")") && range.find()) {
            Instant start = Instant.parse(range.group(1));
            long n;
            if (flux.contains("r._measurement == " + Flux.string(measurement) + ")")) {
                n = points.getOrDefault(start, 0L);
            } else if (flux.contains("r._measurement == " + Flux.string(into) + ")")) {
                n = copied.contains(start) ? points.getOrDefault(start, 0L) - lose.getOrDefault(start, 0L) : 0;
            } else {
                throw new AssertionError("a count of an unknown measurement: " + flux);
            }
            return n == 0 ? "" : "#datatype,string,long,long\r\n#group,false,false,false\r\n#default,_result,,\r\n,result,table,_time\r\n,,0," + n + "\r\n\r\n";
        }
        if (flux.contains("|> first()") || flux.contains("|> last()")) {
            if (points.isEmpty()) {
                return "";
            }
            List<Instant> starts = new ArrayList<>(points.keySet());
            // the first point an hour into the first window, the last an hour into the last
            Instant t = (flux.contains("first()") ? starts.get(0) : starts.get(starts.size() - 1)).plusSeconds(3600);
            return "#datatype,string,long,dateTime:RFC3339\r\n#group,false,false,false\r\n#default,_result,,\r\n"
                + ",result,table,_time\r\n,,0," + t + "\r\n\r\n";
        }
        throw new AssertionError("no recorded answer for: " + flux);
    }

    private static String quoted(String cell) {
        return "\"" + cell.replace("\"", "\"\"") + "\"";
    }

    @Override
    public void close() {
        http.close();
    }
}
