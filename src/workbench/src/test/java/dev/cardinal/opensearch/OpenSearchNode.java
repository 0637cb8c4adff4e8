package dev.cardinal.opensearch;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.opensearch.common.settings.Settings;
import org.opensearch.env.Environment;
import org.opensearch.http.HttpServerTransport;
import org.opensearch.node.Node;
import org.opensearch.transport.Netty4Plugin;

/**
 * A real OpenSearch 2.19.6 node in this JVM, for tests: single node, loopback only, ephemeral HTTP and transport
 * ports, its home and data in a temporary folder that {@link #close()} removes. Tests talk to it over HTTP only,
 * as Cardinal talks to a cluster.
 */
public final class OpenSearchNode implements AutoCloseable {
    private final Path home;
    private final Node node;
    private final URI uri;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** Node's constructor that takes plugins is protected: this is the one way to hand it the HTTP transport. */
    private static final class PluginNode extends Node {
        PluginNode(Environment environment) {
            super(environment, List.of(Netty4Plugin.class), true);
        }
    }

    private OpenSearchNode(Path home, Node node, URI uri) {
        this.home = home;
        this.node = node;
        this.uri = uri;
    }

    /** Starts a node; a cold start takes a few seconds. */
    public static OpenSearchNode start() throws Exception {
        Path home = Files.createTempDirectory("cardinal-opensearch");
        Settings settings = Settings.builder()
            .put("cluster.name", "cardinal-test")
            .put("node.name", "cardinal-test-node")
            .put("path.home", home.toString())
            .put("path.data", home.resolve("data").toString())
            .put("path.logs", home.resolve("logs").toString())
            .put("discovery.type", "single-node")
            .put("network.host", "127.0.0.1")
            .put("http.port", "0")
            .put("transport.port", "0")
            .put("http.type", "netty4")
            .put("transport.type", "netty4")
            .put("cluster.routing.allocation.disk.threshold_enabled", false)
            .put("action.auto_create_index", true)
            .build();
        Node node = new PluginNode(new Environment(settings, home.resolve("config")));
        try {
            node.start();
            InetSocketAddress bound = node.injector().getInstance(HttpServerTransport.class).boundAddress()
                .publishAddress().address();
            URI uri = URI.create("http://127.0.0.1:" + bound.getPort());
            OpenSearchNode n = new OpenSearchNode(home, node, uri);
            n.waitForYellow();
            return n;
        } catch (Exception | Error e) {
            node.close();
            deleteTree(home);
            throw e;
        }
    }

    /** {@code http://127.0.0.1:PORT} */
    public URI uri() {
        return uri;
    }

    /** The status and body of one request; a body is sent as JSON, or as NDJSON for {@code _bulk}. */
    public Response call(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri.resolve(path)).timeout(Duration.ofSeconds(120));
        HttpRequest.BodyPublisher p = body == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8);
        b.method(method, p);
        if (body != null) {
            b.header("Content-Type", path.contains("_bulk") ? "application/x-ndjson" : "application/json");
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return new Response(r.statusCode(), r.body());
    }

    /** A request that must succeed (2xx): its body. */
    public String ok(String method, String path, String body) throws IOException, InterruptedException {
        Response r = call(method, path, body);
        if (r.status() / 100 != 2) {
            throw new IllegalStateException(method + " " + path + " -> " + r.status() + ": " + r.body());
        }
        return r.body();
    }

    /** Creates an index with one shard and no replica, so that documents are indexed in the order sent. */
    public void createIndex(String index, String mappingJson) throws IOException, InterruptedException {
        String settings = "\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0}";
        ok("PUT", "/" + index, "{" + settings + (mappingJson == null ? "" : ",\"mappings\":" + mappingJson) + "}");
    }

    public void deleteIndex(String index) throws IOException, InterruptedException {
        call("DELETE", "/" + index, null);
    }

    private void waitForYellow() throws IOException, InterruptedException {
        ok("GET", "/_cluster/health?wait_for_status=yellow&timeout=60s", null);
    }

    @Override
    public void close() throws IOException {
        try {
            node.close();
        } finally {
            deleteTree(home);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    public record Response(int status, String body) {
    }
}
