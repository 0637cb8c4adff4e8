package dev.cardinal.capture;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * One request's body as it comes off the connection, framed by Content-Length or chunked, and held to a deadline
 * that grows with what has arrived: {@code bodyTimeout} plus one second per {@code minBodyBytesPerSecond} bytes
 * received. A stalled client, or one trickling slower than that rate, is cut off ({@link java.net.SocketTimeoutException});
 * a large body sent at a fair rate is not. It never reads past the body's end, so the next request on the
 * connection is intact. A client that closes mid-body gives {@link ClientLeft}; bad chunk framing {@link BadFraming}.
 */
final class RequestBody extends InputStream {
    /** Chunked framing that is not HTTP/1.1's. */
    static final class BadFraming extends IOException {
        private static final long serialVersionUID = 1L;

        BadFraming(String message) {
            super(message);
        }
    }

    /** The client closed its connection before the body was whole. */
    static final class ClientLeft extends EOFException {
        private static final long serialVersionUID = 1L;

        ClientLeft() {
            super("the client closed the connection in the middle of a body");
        }
    }

    private static final int MAX_CHUNK_LINE = 1024;

    private final HttpInput in;
    private final boolean chunked;
    private final long start = System.nanoTime();
    private final long graceNanos;
    private final long minRate;
    private final int maxTrailerBytes;
    private long left;
    private boolean firstChunk = true;
    private boolean done;
    private long received;

    RequestBody(HttpHead head, HttpInput in, ConnectionLimits limits) {
        this.in = in;
        this.chunked = head.chunked();
        this.left = chunked ? 0 : Math.max(0, head.contentLength());
        this.done = !chunked && left == 0;
        this.graceNanos = limits.bodyTimeout().toNanos();
        this.minRate = Math.max(1, limits.minBodyBytesPerSecond());
        this.maxTrailerBytes = limits.maxHeaderBytes();
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (chunked && left == 0 && !done) {
            nextChunk();
        }
        if (done) {
            return -1;
        }
        extendDeadline();
        int n = in.read(b, off, (int) Math.min(len, left));
        if (n < 0) {
            throw new ClientLeft();
        }
        received += n;
        left -= n;
        done = !chunked && left == 0;
        return n;
    }

    /** More to come: lets a gzip reader look for a next member (as Go's, and so influxd's, reads them) only within the body. */
    @Override
    public int available() {
        return done ? 0 : 1;
    }

    /** The connection is the caller's to close, not a gzip reader's. */
    @Override
    public void close() {
    }

    boolean done() {
        return done;
    }

    /** Reads and drops the rest of the body, at most {@code max} bytes of it: true when its end was reached. */
    boolean discard(long max) throws IOException {
        byte[] skip = new byte[64 * 1024];
        long dropped = 0;
        while (!done && dropped <= max) {
            int n = read(skip, 0, skip.length);
            if (n < 0) {
                break;
            }
            dropped += n;
        }
        return done;
    }

    private void extendDeadline() {
        in.deadline(start + graceNanos + received * 1_000_000_000L / minRate);
    }

    private void nextChunk() throws IOException {
        try {
            extendDeadline();
            if (!firstChunk && !line().isEmpty()) {
                throw new BadFraming("chunk data longer than its size");
            }
            firstChunk = false;
            String size = line();
            int semi = size.indexOf(';'); // chunk extensions are allowed and ignored
            String hex = (semi < 0 ? size : size.substring(0, semi)).strip();
            if (hex.isEmpty() || hex.length() > 15 || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                throw new BadFraming("malformed chunk size '" + size + "'");
            }
            left = Long.parseLong(hex, 16);
            if (left == 0) {
                int trailers = 0;
                for (String t = line(); !t.isEmpty(); t = line()) {
                    trailers += t.length() + 2;
                    if (trailers > maxTrailerBytes) {
                        throw new BadFraming("trailers over " + maxTrailerBytes + " bytes");
                    }
                }
                done = true;
            }
        } catch (HttpProblem p) {
            throw new BadFraming(p.getMessage());
        }
    }

    private String line() throws IOException, HttpProblem {
        String line;
        try {
            line = in.line(MAX_CHUNK_LINE);
        } catch (EOFException midLine) {
            throw new ClientLeft();
        }
        if (line == null) {
            throw new ClientLeft();
        }
        return line;
    }
}
