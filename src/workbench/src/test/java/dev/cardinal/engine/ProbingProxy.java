package dev.cardinal.engine;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A recorded server with a migration probe's answers beside it: a loopback HTTP server in front of another recorded
 * server ({@code upstream}) that answers itself the requests its {@link Answers} claim (those that name the probe's own
 * measurement or table, and the probe's cleanup) and hands every other request on unchanged, status and body back
 * as they come. The recorded server behind it sees exactly what a migration without a probe sends.
 */
public final class ProbingProxy implements AutoCloseable {
    /** One request as received. */
    public record Request(String method, String pathAndQuery, String authorization, String body) {
    }

    /** An answer of the proxy's own. */
    public record Answer(int status, String contentType, String body) {
    }

    /** The answer to a request the probe sends, or null to hand it on. */
    public interface Answers {
        Answer answer(Request r, ProbingProxy proxy) throws IOException, InterruptedException;
    }

    private final HttpServer server;
    private final URI upstream;
    private final Answers answers;
    private final HttpClient http = HttpClient.newHttpClient();
    /** The requests the proxy answered itself, in order. */
    public final List<Request> answered = new ArrayList<>();

    public ProbingProxy(URI upstream, Answers answers) throws IOException {
        this.upstream = upstream;
        this.answers = answers;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void handle(HttpExchange x) throws IOException {
        Request r = new Request(x.getRequestMethod(), x.getRequestURI().toString(), x.getRequestHeaders().getFirst("Authorization"),
            new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        try {
            Answer a;
            synchronized (this) {
                a = answers.answer(r, this);
                if (a != null) {
                    answered.add(r);
                }
            }
            if (a == null) {
                HttpResponse<String> up = forward(r, x.getRequestHeaders().getFirst("Content-Type"), r.body());
                a = new Answer(up.statusCode(), up.headers().firstValue("Content-Type").orElse("text/plain"), up.body());
            }
            byte[] bytes = a.body().getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().set("Content-Type", a.contentType());
            x.sendResponseHeaders(a.status(), bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                x.getResponseBody().write(bytes);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            x.sendResponseHeaders(503, -1);
        } finally {
            x.close();
        }
    }

    /** Sends {@code r} to the recorded server behind, with {@code body} instead of its own. */
    public HttpResponse<String> forward(Request r, String contentType, String body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(upstream + r.pathAndQuery()))
            .method(r.method(), body.isEmpty() && !r.method().equals("POST") ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        if (r.authorization() != null) {
            b.header("Authorization", r.authorization());
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
