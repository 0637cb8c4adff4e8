package dev.cardinal.capture;

import java.time.Duration;

/**
 * How a capture's connections are held to account ({@link CaptureServer.Settings#connections}), so a slow, stalled
 * or hostile client costs one connection and no worker.
 *
 * @param max                   open connections; a connection beyond them gets 503 at once and is closed
 * @param maxHeaderBytes        largest request head (request line and headers); beyond it, 431
 * @param headerTimeout         a request's head must arrive whole within this (in all, not per read), counted from
 *                              the connection's start or from the first byte of a request on a kept-alive one; 408
 * @param bodyTimeout           a body must arrive within this plus one second per {@code minBodyBytesPerSecond}
 *                              bytes it has sent, so one stalled or trickling slower than that rate is cut off; 408
 * @param minBodyBytesPerSecond see {@code bodyTimeout}
 * @param idleTimeout           a kept-alive connection without a request for this long is closed
 * @param workerWait            a whole body waits at most this long for a worker before it gets 503
 */
public record ConnectionLimits(int max, int maxHeaderBytes, Duration headerTimeout, Duration bodyTimeout,
                               long minBodyBytesPerSecond, Duration idleTimeout, Duration workerWait) {
    public static ConnectionLimits defaults() {
        return new ConnectionLimits(512, 16 << 10, Duration.ofSeconds(10), Duration.ofSeconds(10), 64 << 10,
            Duration.ofSeconds(60), Duration.ofSeconds(2));
    }

    public ConnectionLimits withMax(int connections) {
        return new ConnectionLimits(connections, maxHeaderBytes, headerTimeout, bodyTimeout, minBodyBytesPerSecond, idleTimeout,
            workerWait);
    }

    public ConnectionLimits withTimeouts(Duration header, Duration body, Duration idle) {
        return new ConnectionLimits(max, maxHeaderBytes, header, body, minBodyBytesPerSecond, idle, workerWait);
    }

    public ConnectionLimits withWorkerWait(Duration wait) {
        return new ConnectionLimits(max, maxHeaderBytes, headerTimeout, bodyTimeout, minBodyBytesPerSecond, idleTimeout,
            wait);
    }
}
