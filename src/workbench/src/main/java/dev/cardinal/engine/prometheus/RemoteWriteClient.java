package dev.cardinal.engine.prometheus;

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
 * that takes remote write 1.0: {@code /api/v1/write}, the headers of https://prometheus.io/docs/concepts/remote_write_spec/).
 */
public final class RemoteWriteClient {
    private final HttpClient http;
    private final URI write;

    /** @param base the server's address, {@code http://127.0.0.1:9090} */
    public RemoteWriteClient(URI base) {
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        this.write = base.resolve("/api/v1/write");
    }

    /**
     * Sends one request. Prometheus answers 204 when it kept every sample; it answers 400 and keeps none of the
     * request's samples when one is out of order, out of bounds or a second value for a timestamp
     * (storage/remote/write_handler.go at v2.42.0), which this client never sends.
     *
     * @throws IOException when the server does not answer 2xx, with its status and reason
     */
    void send(List<WriteRequest.Series> series) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(write)
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/x-protobuf")
            .header("Content-Encoding", "snappy")
            .header("User-Agent", "cardinal")
            .header("X-Prometheus-Remote-Write-Version", "0.1.0")
            .POST(HttpRequest.BodyPublishers.ofByteArray(WriteRequest.body(series)))
            .build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("remote write to " + write + " interrupted", e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new IOException("remote write to " + write + " answered " + response.statusCode() + ": "
                + response.body().strip());
        }
    }
}
