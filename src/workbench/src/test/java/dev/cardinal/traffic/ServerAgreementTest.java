package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxV1Exception;
import dev.cardinal.engine.influxdb1.InfluxV1Result;
import dev.cardinal.engine.influxdb1.InfluxdRequired;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hostile lines of influxdb-1x-line-protocol.md section 12, written to a real influxd: Cardinal keeps exactly the
 * points the server keeps. Each case is one write to a database of its own; every disagreement is listed.
 */
class ServerAgreementTest {

    /** One write: what it shows, and its body ({@code %XX} a byte, see {@link LpFixture#bytes}). */
    private record Write(String name, String body) {
    }

    private static List<Write> writes() {
        String key = "m,a=x,b=";
        return List.of(
            new Write("a string left open", "m,t=a usage=\"ok\" 1\nm,t=a usage=\"oops 2\nm,t=b usage=\"fine\" 3\nm,t=c f=1 4\n"),
            new Write("a string closed lines later", "m s=\"oops 1\nm f=2 2\nm s=x\" 3\nm f=4 4\n"),
            new Write("quotes that pair across lines", "m s=\"oops 1\nm s=\"x\" 2\nm f=3 3\n"),
            new Write("multi-line text", "m s=\"line1\nline2\" 1\nm f=2 2\n"),
            new Write("a string left open without a last newline", "m f=1 1\nm s=\"oops 2\nm f=3 3"),
            new Write("key of 65530 and field f", key + "v".repeat(65530 - key.length()) + " f=1 1\n"),
            new Write("key of 65531 and field f", key + "v".repeat(65531 - key.length()) + " f=1 1\n"),
            new Write("key of 65529 and field ff", key + "v".repeat(65529 - key.length()) + " ff=1 1\n"),
            new Write("key of 65530 and field ff", key + "v".repeat(65530 - key.length()) + " ff=1 1\n"),
            new Write("a field key of 65531", "m " + "f".repeat(65531) + "=1 1\n"),
            new Write("a duplicate tag in a long key", "m,a=x,a=" + "v".repeat(70_000) + " f=1 1\n"),
            // the server fails the whole write for these two (HTTP 500): alone in theirs, they show the point dropped
            new Write("a measurement name that is not UTF-8", "m%FF,t=a f=1 1\n"),
            new Write("a field key that is not UTF-8", "m,t=a f%FF=1 1\n"),
            new Write("a tag key that is not UTF-8", "m,t%FF=a f=1 1\nm,t=b f=1 2\n"),
            new Write("a tag value that is not UTF-8", "m,t=a%FF f=1 1\nm,t=b f=1 2\n"),
            new Write("a surrogate in a tag value", "m,t=%ED%A0%80 f=1 1\nm,t=b f=1 2\n"),
            new Write("a string value that is not UTF-8", "m,t=c s=\"a%FFb\" 1\nm,t=b f=1 2\n"),
            new Write("a NUL in a measurement name", "m%00x,t=a f=1 1\nm,t=b f=1 2\n"),
            new Write("a NUL in a tag key", "m,t%00=a f=1 1\nm,t=b f=1 2\n"),
            new Write("a NUL in a tag value", "m,t=a%00 f=1 1\nm,t=b f=1 2\n"),
            new Write("a NUL in a field key", "m,t=d f%00=1 1\nm,t=b f=1 2\n"),
            new Write("a NUL in a string value", "m,t=e s=\"a%00b\" 1\nm,t=b f=1 2\n"),
            new Write("a NUL before the measurement", "%00m,t=f f=1 1\nm,t=b f=1 2\n"),
            new Write("a NUL before the timestamp", "m,t=h f=1 %001\nm,t=b f=1 2\n"),
            new Write("a NUL after a number", "m,t=g f=1%00 1\nm,t=b f=1 2\n"));
    }

    @Test
    void cardinalKeepsThePointsTheServerKeeps() throws Exception {
        InfluxdRequired.check();
        List<String> disagreements = new ArrayList<>();
        try (ScratchInfluxd server = ScratchInfluxd.start()) {
            InfluxV1Client client = InfluxV1Client.of(server.url());
            List<Write> writes = writes();
            for (int i = 0; i < writes.size(); i++) {
                String name = writes.get(i).name();
                byte[] body = LpFixture.bytes(writes.get(i).body());
                long kept = pointsKeptByTheServer(client, "agree" + i, body);
                long cardinal = LpFixture.readBytes(body, "ns", SampleLimits.defaults()).rows();
                if (kept != cardinal) {
                    disagreements.add(name + ": the server kept " + kept + " points, Cardinal " + cardinal);
                }
            }
        }
        assertEquals(List.of(), disagreements);
    }

    /** Writes the body to a new database and counts the points stored (each case's points have distinct times). */
    private static long pointsKeptByTheServer(InfluxV1Client client, String db, byte[] body) throws Exception {
        client.query("CREATE DATABASE " + db, null);
        try {
            client.write(db, null, null, body);
        } catch (InfluxV1Exception e) {
            // refused in part or whole: what was kept is counted below
        }
        long points = 0;
        for (InfluxV1Result.Series s : client.query("SELECT * FROM /.*/", db).series()) {
            points += s.values().size();
        }
        return points;
    }
}
