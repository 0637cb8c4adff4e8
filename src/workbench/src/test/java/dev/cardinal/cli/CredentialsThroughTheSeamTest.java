package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code cardinal plan} hands each engine the log-in its server takes, through the seam's Credentials: the header the
 * server receives is that engine's, and the secret is in no output, even when the server refuses it. The server here
 * answers 401 to everything, as a server does to a rejected log-in.
 */
class CredentialsThroughTheSeamTest {
    private static final String ADS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";
    private static final String SECRET = "s3cret-Value";
    private HttpServer server;
    private final List<String> received = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            String auth = ex.getRequestHeaders().getFirst("Authorization");
            received.add(auth == null ? "" : auth);
            byte[] body = "{\"code\":\"unauthorized\",\"message\":\"unauthorized access\"}".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(401, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private CliRun plan(Map<String, String> env, String... args) {
        PlanCommand plan = new PlanCommand();
        plan.secrets = new Secrets(env, null);
        List<String> all = new ArrayList<>(List.of(ADS, "--url", "http://127.0.0.1:" + server.getAddress().getPort()));
        all.addAll(List.of(args));
        return CliRun.ofCommand(plan, all.toArray(String[]::new));
    }

    private void refusedAndNeverShown(CliRun r, String header) {
        assertEquals(3, r.code(), r.out() + r.err());
        assertFalse((r.out() + r.err()).contains(SECRET), r.err());
        assertFalse(received.isEmpty(), "the server was asked");
        assertTrue(received.stream().allMatch(header::equals), received.toString());
    }

    @Test
    void influxDb1GetsBasicAuthenticationFromTheUserAndPassword() {
        CliRun r = plan(Map.of("INFLUX_PASSWORD", SECRET), "--kind", "influxdb-1", "--database", "ads", "--user", "ann");
        refusedAndNeverShown(r, "Basic " + Base64.getEncoder().encodeToString(("ann:" + SECRET).getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void influxDb3GetsInfluxDbsTokenThroughTheV1Api() {
        CliRun r = plan(Map.of("INFLUX_TOKEN", SECRET), "--kind", "influxdb-3", "--database", "ads");
        refusedAndNeverShown(r, "Token " + SECRET);
    }

    @Test
    void influxDb2GetsItsTokenAndNeedsAnOrganisation() {
        CliRun noOrg = plan(Map.of("INFLUX_TOKEN", SECRET), "--kind", "influxdb-2", "--database", "ads");
        assertEquals(2, noOrg.code(), noOrg.err());
        assertTrue(noOrg.err().contains("InfluxDB 2.x needs --org"), noOrg.err());
        CliRun r = plan(Map.of("INFLUX_TOKEN", SECRET), "--kind", "influxdb-2", "--database", "ads", "--org", "o");
        refusedAndNeverShown(r, "Token " + SECRET);
    }

    @Test
    void anIndexGetsItsApiKeyAndNeverInfluxDbsToken() {
        CliRun r = plan(Map.of("INFLUX_TOKEN", "influx-token", "ES_KEY", SECRET), "--kind", "opensearch", "--index", "ads",
            "--api-key-env", "ES_KEY");
        refusedAndNeverShown(r, "ApiKey " + SECRET);
    }

    @Test
    void aSkippedCertificateCheckIsRefusedWhereTheEngineDoesNotOfferIt() {
        CliRun r = plan(Map.of(), "--kind", "opensearch", "--index", "ads", "--insecure-skip-verify");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--insecure-skip-verify is not offered for OpenSearch"), r.err());
        assertTrue(received.isEmpty(), "nothing was sent");
    }
}
