package dev.cardinal.engine.influxdb3;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.MigrationPace;
import dev.cardinal.engine.ProbingProxy;
import java.io.IOException;

/**
 * {@link RecordedInfluxV3} with the cost's probe answered beside it ({@link ProbingProxy}): what names the probe's table
 * ({@link MigrationPace#probeName}) is answered here: its lines written ({@code 204}), whether it exists
 * ({@code information_schema.tables}), its count as the old table's count of the same window once written, and
 * {@code DELETE /api/v3/configure/table?db=&table=} as "Delete a table using the HTTP API" documents it
 * (content/shared/influxdb3-admin/tables/delete.md in influxdata/docs-v2, commit 79332006): {@code 200} with no body, or
 * {@code 404} {@code {"error": "Table not found"}} for a table that is not there.
 */
public final class ProbingInfluxV3 implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    public final RecordedInfluxV3 recorded;
    public final ProbingProxy proxy;
    private final String probe;
    private final String old;
    private long lines;

    public ProbingInfluxV3(String table, String into) throws IOException {
        recorded = new RecordedInfluxV3(table, into);
        probe = MigrationPace.probeName(into);
        old = table;
        proxy = new ProbingProxy(recorded.url(), this::answer);
    }

    public java.net.URI url() {
        return proxy.url();
    }

    /** Lines written into the probe's table and not deleted since. */
    public synchronized long probeLines() {
        return lines;
    }

    private ProbingProxy.Answer answer(ProbingProxy.Request r, ProbingProxy p) throws IOException, InterruptedException {
        if (r.method().equals("DELETE") && r.pathAndQuery().startsWith("/api/v3/configure/table")) {
            if (!r.pathAndQuery().endsWith("&table=" + probe) || lines == 0) {
                return new ProbingProxy.Answer(404, "application/json", "{\"error\": \"Table not found\"}");
            }
            lines = 0;
            return new ProbingProxy.Answer(200, "application/json", "");
        }
        if (r.pathAndQuery().startsWith("/api/v3/write_lp")) {
            if (!r.body().startsWith(probe + ",") && !r.body().startsWith(probe + " ")) {
                return null;
            }
            lines += r.body().lines().count();
            return new ProbingProxy.Answer(204, "text/plain", "");
        }
        String q = r.pathAndQuery().startsWith("/api/v3/query") ? JSON.readTree(r.body()).path("q").asText() : "";
        if (!q.contains(probe)) {
            return null;
        }
        if (q.startsWith("SELECT table_name FROM information_schema.tables")) {
            return new ProbingProxy.Answer(200, "application/jsonl", lines == 0 ? "" : "{\"table_name\":\"" + probe + "\"}\n");
        }
        if (q.startsWith("SELECT count(*) AS \"n\"")) {
            if (lines == 0) {
                return new ProbingProxy.Answer(200, "application/jsonl", "{\"n\":0}\n");
            }
            String asOld = JSON.createObjectNode().put("db", JSON.readTree(r.body()).path("db").asText())
                .put("q", q.replace(Sql3.identifier(probe), Sql3.identifier(old))).put("format", "jsonl").toString();
            var up = p.forward(r, "application/json", asOld);
            return new ProbingProxy.Answer(up.statusCode(), "application/jsonl", up.body());
        }
        throw new AssertionError("no recorded answer for the probe's: " + q);
    }

    @Override
    public void close() {
        proxy.close();
        recorded.close();
    }
}
