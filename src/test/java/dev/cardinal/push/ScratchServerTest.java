package dev.cardinal.push;

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
}
