package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ?u=admin&p=SECRET} on --url is refused before any connection, as {@code admin:SECRET@} is, and never echoed. */
class CredentialsInTheQueryTest {
    private static final String ADS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";

    private static String closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return "http://127.0.0.1:" + s.getLocalPort();
        }
    }

    @Test
    void planRefusesThemAndSaysWhereTheyGo() throws Exception {
        CliRun r = CliRun.of("plan", ADS, "--url", closedPort() + "/?u=admin&p=SECRET", "--database", "ads");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("the URL must not carry credentials (u= in its query): use --user with --password-env"),
            r.err());
        assertFalse((r.out() + r.err()).contains("SECRET"), r.err());
    }

    @Test
    void importRefusesThemForEveryKind(@TempDir Path dir) throws Exception {
        for (String kind : new String[] {"influxdb-1", "influxdb-2", "opensearch"}) {
            CliRun r = CliRun.of("import", "--url", closedPort() + "?db=ads&password=SECRET", "--kind", kind, "--database", "ads",
                "-o", dir.resolve("w.cardinal.json").toString());
            assertEquals(2, r.code(), kind + ": " + r.err());
            assertTrue(r.err().contains("must not carry credentials (password= in its query)"), kind + ": " + r.err());
            assertFalse((r.out() + r.err()).contains("SECRET"), kind + ": " + r.err());
        }
    }
}
