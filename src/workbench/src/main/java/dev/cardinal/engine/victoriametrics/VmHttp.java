package dev.cardinal.engine.victoriametrics;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.SeriesApi;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/** Requests to a VictoriaMetrics over HTTP, with the connection's authorization (never shown) and timeout. */
final class VmHttp implements SeriesApi.Transport {
    private final Connection server;
    private final HttpClient http;

    VmHttp(Connection server) {
        this.server = server;
        this.http = HttpClient.newBuilder().connectTimeout(server.timeout()).build();
    }

    @Override
    public SeriesApi.Answer exchange(String method, String pathAndQuery, String contentType, byte[] body)
        throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.url().resolve(pathAndQuery)).timeout(server.timeout())
            .header("User-Agent", "cardinal");
        if (server.authorization() != null) {
            b.header("Authorization", server.authorization());
        }
        if (body != null) {
            b.header("Content-Type", contentType).method(method, HttpRequest.BodyPublishers.ofByteArray(body));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return new SeriesApi.Answer(r.statusCode(), r.body());
    }
}
