package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.MigrationPace;
import dev.cardinal.engine.ProbingProxy;
import java.io.IOException;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link RecordedInfluxV2} with the cost's probe answered beside it ({@link ProbingProxy}): a script that names the
 * probe's measurement ({@link MigrationPace#probeName}) is answered here, a {@code to()} into it as the recorded server
 * answers one, its count as the old measurement's count of the same window once that window was written (else no
 * table), and {@code POST /api/v2/delete} as the v2 API reference documents it: {@code 204} with no body (influxdb-oss-v2-
 * openapi.yaml, "Delete data", in influxdata/docs-v2), after which the probe's measurement holds nothing.
 */
public final class ProbingInfluxV2 implements AutoCloseable {
    private static final Pattern RANGE = Pattern.compile("range\\(start: (\\S+), stop: (\\S+)\\)");

    public final RecordedInfluxV2 recorded;
    public final ProbingProxy proxy;
    private final String probe;
    private final String old;
    private final Set<Instant> written = new HashSet<>();

    public ProbingInfluxV2(String measurement, String into) throws IOException {
        recorded = new RecordedInfluxV2(measurement, into);
        probe = MigrationPace.probeName(into);
        old = measurement;
        proxy = new ProbingProxy(recorded.url(), this::answer);
    }

    public java.net.URI url() {
        return proxy.url();
    }

    /** Whether the probe's measurement holds points now. */
    public synchronized boolean probeHolds() {
        return !written.isEmpty();
    }

    private ProbingProxy.Answer answer(ProbingProxy.Request r, ProbingProxy p) throws IOException, InterruptedException {
        if (r.pathAndQuery().startsWith("/api/v2/delete")) {
            written.clear();
            return new ProbingProxy.Answer(204, "text/plain", "");
        }
        if (!r.body().contains(Flux.string(probe))) {
            return null;
        }
        Matcher range = RANGE.matcher(r.body());
        if (!range.find()) {
            throw new AssertionError("a probe's script without a range: " + r.body());
        }
        Instant start = Instant.parse(range.group(1));
        if (r.body().contains("|> to(")) {
            written.add(start);
            return new ProbingProxy.Answer(200, "text/csv; charset=utf-8", "#datatype,string,long,dateTime:RFC3339,string\r\n"
                + "#group,false,false,false,true\r\n#default,_result,,,\r\n,result,table,_time,_measurement\r\n,,0," + start + "," + probe
                + "\r\n\r\n");
        }
        if (r.body().contains("count(column: \"_time\")")) {
            if (!written.contains(start)) {
                return new ProbingProxy.Answer(200, "text/csv; charset=utf-8", "");
            }
            var up = p.forward(r, "application/vnd.flux", r.body().replace(Flux.string(probe), Flux.string(old)));
            return new ProbingProxy.Answer(up.statusCode(), "text/csv; charset=utf-8", up.body());
        }
        throw new AssertionError("no recorded answer for the probe's: " + r.body());
    }

    @Override
    public void close() {
        proxy.close();
        recorded.close();
    }
}
