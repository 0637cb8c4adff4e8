package dev.cardinal.engine.prometheus;

import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.SeriesApi;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * Posts remote-write requests to a Prometheus started with {@code --web.enable-remote-write-receiver} (or anything
 * that takes remote write 1.0: {@code /api/v1/write}, the headers of https://prometheus.io/docs/concepts/remote_write_spec/),
 * and carries the reads of its HTTP API ({@link SeriesApi}) with the same authorization and timeout.
 */
public final class RemoteWriteClient implements SeriesApi.Transport {
    private final HttpClient http;
    private final URI base;
    private final Duration timeout;
    private final String authorization;

    /** @param base the server's address, {@code http://127.0.0.1:9090} */
    public RemoteWriteClient(URI base) {
        this(base, Duration.ofSeconds(60), null);
    }

    /** @param authorization the {@code Authorization} header, or null: in memory only, never shown */
    RemoteWriteClient(URI base, Duration timeout, String authorization) {
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        this.base = base;
        this.timeout = timeout;
        this.authorization = authorization;
    }

    /**
     * Sends one request. Prometheus answers 204 when it kept every sample; it answers 400 and keeps none of the
     * request's samples when one is out of order, out of bounds or a second value for a timestamp
     * (storage/remote/write_handler.go at v2.42.0), which this client never sends.
     *
     * @throws IOException when the server does not answer 2xx, with its status and reason
     */
    void send(List<WriteRequest.Series> series) throws IOException {
        URI write = base.resolve("/api/v1/write");
        SeriesApi.Answer response;
        try {
            response = request("POST", "/api/v1/write", "application/x-protobuf", WriteRequest.body(series),
                "Content-Encoding", "snappy", "X-Prometheus-Remote-Write-Version", "0.1.0");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("remote write to " + write + " interrupted", e);
        }
        if (response.status() / 100 != 2) {
            throw new IOException("remote write to " + write + " answered " + response.status() + ": "
                + CommentText.shown(response.body().strip()));
        }
    }

    @Override
    public SeriesApi.Answer exchange(String method, String pathAndQuery, String contentType, byte[] body)
        throws IOException, InterruptedException {
        return request(method, pathAndQuery, contentType, body);
    }

    private SeriesApi.Answer request(String method, String pathAndQuery, String contentType, byte[] body, String... headers)
        throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(timeout).header("User-Agent", "cardinal");
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        if (body == null) {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", contentType).method(method, HttpRequest.BodyPublishers.ofByteArray(body));
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return new SeriesApi.Answer(r.statusCode(), r.body());
    }
}
