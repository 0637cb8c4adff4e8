package dev.cardinal.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Credentials;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.model.Target;
import dev.cardinal.projection.Server;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Every kind of target is planned, applied and imported through its engine's {@link Pushing}, which the front ends
 * ask {@link Engines} for; InfluxDB 3 through the 1.x API's client that the list of engines hands it.
 */
class PushingSeamTest {

    @Test
    void everyKindOfTargetHasItsEnginesClient() {
        for (Target.Kind kind : Target.Kind.values()) {
            Pushing p = Engines.pushing(kind).orElseThrow(() -> new AssertionError(kind + " has no client behind the seam"));
            assertTrue(p.kinds().contains(kind), kind.toString());
            assertFalse(p.exampleUrl().isBlank(), kind.toString());
        }
    }

    @Test
    void aJdbcUrlNamesItsKindAndAnHttpUrlNone() {
        assertEquals(Target.Kind.MARIADB, Engines.kindOfUrl("jdbc:mysql://127.0.0.1:3306/test").orElseThrow());
        assertEquals(Target.Kind.POSTGRESQL, Engines.kindOfUrl("jdbc:postgresql://127.0.0.1/test").orElseThrow());
        assertTrue(Engines.kindOfUrl("http://127.0.0.1:8086").isEmpty());
    }

    /** The v1 API's version header decides the server, whichever engine's kind was asked for: one client, two engines. */
    @Test
    void influxDb3IsReachedThroughTheV1ApiAndCountedAsTheServerSaysItIs() throws Exception {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        String[] version = {"3.1.0"};
        http.createContext("/ping", ex -> {
            if (version[0] != null) {
                ex.getResponseHeaders().add("X-Influxdb-Version", version[0]);
            }
            ex.sendResponseHeaders(204, -1);
            ex.close();
        });
        http.start();
        try {
            URI url = URI.create("http://127.0.0.1:" + http.getAddress().getPort());
            Pushing three = Engines.pushing(Target.Kind.INFLUXDB_3).orElseThrow();
            assertNotSame(Engines.pushing(Target.Kind.INFLUXDB_1).orElseThrow(), three, "a Pushing of its own, for kind 3");
            assertEquals(Server.SeriesCount.NONE, answering(three, Target.Kind.INFLUXDB_3, url).seriesCount());
            version[0] = "1.8.10";
            assertEquals("1.8.10", answering(three, Target.Kind.INFLUXDB_3, url).version().text());
            version[0] = null;
            Server assumed = answering(three, Target.Kind.INFLUXDB_3, url);
            assertTrue(assumed.assumed());
            assertEquals(3, assumed.version().major(), "a kind-3 target whose server names no version is taken for a 3");
            assertEquals(1, answering(Engines.pushing(Target.Kind.INFLUXDB_1).orElseThrow(), Target.Kind.INFLUXDB_1, url)
                .version().major());
        } finally {
            http.stop(0);
        }
    }

    private static Server answering(Pushing p, Target.Kind kind, URI url) throws Exception {
        try (PushTarget t = p.connect(new Connection(kind, url, "db", Duration.ofSeconds(5), Credentials.NONE))) {
            return t.server().orElseThrow();
        }
    }

    @Test
    void aSecretIsNeverShownAndTheCallersCopyIsCleared() {
        char[] password = "s3cret-pw".toCharArray();
        Credentials login = Credentials.user("ann", password);
        assertEquals("\0\0\0\0\0\0\0\0\0", new String(password), "the caller's array is cleared once handed over");
        assertEquals("s3cret-pw", new String(login.password()));
        Connection c = new Connection(Target.Kind.INFLUXDB_2, URI.create("https://example.test"), "b", Duration.ofSeconds(1), login)
            .withOrganisation("org");
        assertFalse(c.toString().contains("s3cret"), c.toString());
        assertFalse(login.toString().contains("s3cret"), login.toString());
        assertTrue(c.authorization().startsWith("Basic "));
        assertEquals("Bearer t0k", Credentials.token("t0k".toCharArray()).header());
        assertEquals("ApiKey k3y", Credentials.apiKey("k3y".toCharArray()).header());
    }

    @Test
    void aRelationalTargetRefusesAnHttpUrlAndImportSaysWhyItIsNotOffered() {
        Pushing sql = Engines.pushing(Target.Kind.POSTGRESQL).orElseThrow();
        assertTrue(sql.urlProblem(URI.create("http://127.0.0.1:5432")).orElseThrow().contains("is not a JDBC URL"));
        assertTrue(sql.readsSample());
        Connection c = new Connection(Target.Kind.POSTGRESQL, URI.create("jdbc:postgresql://127.0.0.1:5432/test"), "public",
            Duration.ofSeconds(1), Credentials.NONE);
        assertTrue(assertThrows(java.io.IOException.class, () -> sql.read(c)).getMessage().contains("rollup tables"));
    }
    /**
     * Every engine reached over HTTP refuses a URL of another scheme: the front end is told why before it connects,
     * and a client asked anyway refuses it too, sending nothing (a listener on the URL's port sees no connection).
     */
    @Test
    void everyHttpEngineRefusesAJdbcOrFtpUrlBeforeConnecting() throws Exception {
        int checked = 0;
        try (java.net.ServerSocket listener = new java.net.ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            listener.setSoTimeout(200);
            for (Target.Kind kind : Target.Kind.values()) {
                Pushing p = Engines.pushing(kind).orElseThrow();
                if (p.kindOf("jdbc:postgresql://127.0.0.1/test").isPresent()) {
                    continue; // reached through a database driver: aRelationalTargetRefusesAnHttpUrl...
                }
                checked++;
                assertTrue(p.urlProblem(URI.create("http://127.0.0.1:8086")).isEmpty(), kind.toString());
                assertTrue(p.urlProblem(URI.create("https://search.example:9200")).isEmpty(), kind.toString());
                for (String url : new String[] {"jdbc:postgresql://127.0.0.1:" + listener.getLocalPort() + "/test",
                    "ftp://127.0.0.1:" + listener.getLocalPort() + "/"}) {
                    assertEquals("'" + url + "' is not an http(s) URL", p.urlProblem(URI.create(url)).orElse("accepted"), kind + " " + url);
                    // every other part of the connection is what the engine takes: only the URL is wrong
                    Connection c = new Connection(kind, URI.create(url), p.database().isPresent() ? "db" : null, Duration.ofSeconds(2),
                        Credentials.token("t0k".toCharArray())).withOrganisation("org");
                    String connect = assertThrows(IllegalArgumentException.class, () -> p.connect(c).close(), kind + " " + url)
                        .getMessage();
                    assertTrue(connect.contains("http(s)") && connect.contains(url.substring(0, 4)), kind + ": " + connect);
                    String read = assertThrows(IllegalArgumentException.class, () -> p.read(c), kind + " " + url).getMessage();
                    assertTrue(read.contains("http(s)"), kind + ": " + read);
                }
            }
            assertThrows(java.net.SocketTimeoutException.class, listener::accept, "nothing was sent to the URL's port");
        }
        assertTrue(checked >= 7, "the HTTP engines: InfluxDB 1.x, 2.x, 3, OpenSearch, Elasticsearch, VictoriaMetrics, Prometheus");
    }
}
