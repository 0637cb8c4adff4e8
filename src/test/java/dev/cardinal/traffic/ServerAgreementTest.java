package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.push.InfluxV1Client;
import dev.cardinal.push.InfluxV1Exception;
import dev.cardinal.push.InfluxV1Result;
import dev.cardinal.push.InfluxdRequired;
import dev.cardinal.push.ScratchInfluxd;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hostile lines of influxdb-1x-line-protocol.md section 12, written to a real influxd: Cardinal keeps exactly the
 * points the server keeps. Each case is one write to a database of its own; every disagreement is listed.
 */
class ServerAgreementTest {

    /** One write: what it shows, and its body. */
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
            new Write("a duplicate tag in a long key", "m,a=x,a=" + "v".repeat(70_000) + " f=1 1\n"));
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
                byte[] body = writes.get(i).body().getBytes(StandardCharsets.UTF_8);
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
