package dev.cardinal.engine.influxdb1;

import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.Layout;
import dev.cardinal.traffic.EventKindSample;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Test classes that share one throwaway influxd (default settings) and a client for it, per class. */
abstract class ScratchServerTest {
    static ScratchInfluxd server;
    static InfluxV1Client client;

    @BeforeAll
    static void startServer() throws Exception {
        InfluxdRequired.check();
        server = ScratchInfluxd.start();
        client = InfluxV1Client.of(server.url());
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
            server = null;
        }
    }

    private static final long WEEK_NS = 7L * 86_400 * 1_000_000_000L;

    /**
     * The sample rendered through the layout as line protocol, shifted by whole weeks so it ends near now (inside
     * any retention) and falls into the same shard groups.
     */
    static List<byte[]> linesNearNow(Layout layout, EventKindSample sample) {
        long lastTs = sample.timestamp(sample.rows() - 1);
        long shift = Math.floorDiv(System.currentTimeMillis() * 1_000_000L - lastTs, WEEK_NS) * WEEK_NS;
        List<byte[]> lines = new ArrayList<>();
        SampleLineProtocol lp = new SampleLineProtocol(layout, sample);
        for (String line = lp.nextLine(); line != null; line = lp.nextLine()) {
            int cut = line.lastIndexOf(' ');
            long ts = Long.parseLong(line.substring(cut + 1)) + shift;
            lines.add((line.substring(0, cut + 1) + ts).getBytes(StandardCharsets.UTF_8));
        }
        return lines;
    }
}
