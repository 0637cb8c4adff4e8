package dev.cardinal.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A server of recorded answers on a free loopback port, for an engine that cannot run here (InfluxDB 2.x, 3): every
 * request is kept as received (method, path and query, headers, body) for the test to check, and answered by the
 * engine's recording ({@link Answers}), which says where its answers come from. Requests are read on a small pool, so
 * a client may read a long answer on one connection while it writes on another.
 */
public final class RecordedHttp implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One request as received. */
    public record Request(String method, String pathAndQuery, String contentType, String authorization, String body) {
        /** Whether it writes: a v3 {@code /api/v3/write_lp}, or a Flux script that ends in {@code to(}. */
        public boolean writes() {
            return pathAndQuery.startsWith("/api/v3/write_lp") || body.contains("|> to(");
        }

        /** The query a JSON body carries ({@code q}: InfluxDB 3's query requests). */
        public String q() {
            try {
                return JSON.readTree(body).path("q").asText();
            } catch (IOException e) {
                throw new AssertionError(body, e);
            }
        }
    }

    /**
     * An answer: its status, its {@code Content-Type} (null: none), its body (empty: none).
     */
    public record Answer(int status, String type, String body) {
    }

    /** What the recording answers to a request; it keeps its own state, and locks it itself. */
    @FunctionalInterface
    public interface Answers {
        Answer answer(Request r) throws IOException;
    }

    private final HttpServer server;
    private final ExecutorService pool = Executors.newFixedThreadPool(4);
    /** Every request, in the order received. */
    public final List<Request> requests = new CopyOnWriteArrayList<>();

    public RecordedHttp(Answers answers) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", x -> {
            Request r = new Request(x.getRequestMethod(), x.getRequestURI().toString(), x.getRequestHeaders().getFirst("Content-Type"),
                x.getRequestHeaders().getFirst("Authorization"), new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            requests.add(r);
            send(x, answers.answer(r));
        });
        server.setExecutor(pool);
        server.start();
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The requests that wrote ({@link Request#writes}). */
    public List<Request> writes() {
        return requests.stream().filter(Request::writes).toList();
    }

    private static void send(HttpExchange x, Answer a) throws IOException {
        byte[] bytes = a.body().getBytes(StandardCharsets.UTF_8);
        if (a.type() != null) {
            x.getResponseHeaders().set("Content-Type", a.type());
        }
        x.sendResponseHeaders(a.status(), bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            x.getResponseBody().write(bytes);
        }
        x.close();
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
