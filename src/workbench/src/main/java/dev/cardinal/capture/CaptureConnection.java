package dev.cardinal.capture;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * One client connection to the capture endpoint, on a thread of its own: it reads each request's head and body
 * under their deadlines, hands the whole body to a worker, writes the answer, and keeps the connection for the next
 * request until the client closes it, asks to, or stays idle past {@code idleTimeout}. A slow or stalled client holds
 * this thread and nothing else; a refused body is never inflated or kept further than the limit it broke.
 */
final class CaptureConnection implements Runnable {
    private static final Logger LOG = Logger.getLogger(CaptureConnection.class.getName());
    private static final int READING = 0;
    private static final int ANSWERING = 1;
    private static final int CLOSED = 2;
    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
    /** How long, and how much, a closing connection still reads so its answer is not lost to a reset (RFC 9112 9.6). */
    private static final long LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final long LINGER_BYTES = 256 * 1024;
    private static final int FIRST_BUFFER = 64 * 1024;

    /** A body refused while it was read: the answer, and whether the rest of it may still be read and dropped. */
    private static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient Answer answer;
        private final boolean drain;

        Refused(Answer answer, boolean drain) {
            super(null, null, false, false);
            this.answer = answer;
            this.drain = drain;
        }
    }

    private final CaptureHttp http;
    private final SocketChannel channel;
    private final HttpInput in;
    private final long accepted = System.nanoTime();
    private final AtomicInteger state = new AtomicInteger(READING);

    CaptureConnection(CaptureHttp http, SocketChannel channel) throws IOException {
        this.http = http;
        this.channel = channel;
        channel.socket().setTcpNoDelay(true);
        this.in = new HttpInput(channel);
    }

    @Override
    public void run() {
        try {
            serve();
        } catch (IOException e) {
            // the client went away, or the endpoint closed the connection under it while stopping: no one to answer
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeNow();
            http.closed(this);
        }
    }

    /** Closes the connection unless a request on it is being written or answered (that one finishes first). */
    void closeUnlessAnswering() {
        if (state.compareAndSet(READING, CLOSED)) {
            closeNow();
        }
    }

    void closeNow() {
        state.set(CLOSED);
        try {
            channel.close();
        } catch (IOException e) {
            // closed already
        }
    }

    private void serve() throws IOException, InterruptedException {
        ConnectionLimits limits = http.settings.connections();
        in.deadline(accepted + limits.headerTimeout().toNanos());
        for (boolean first = true; ; first = false) {
            if (!first) {
                if (!in.awaitByte(System.nanoTime() + limits.idleTimeout().toNanos())) {
                    return;
                }
                in.deadline(System.nanoTime() + limits.headerTimeout().toNanos());
            }
            HttpHead head;
            try {
                head = HttpHead.read(in, limits.maxHeaderBytes());
            } catch (HttpProblem p) {
                finish(null, http.endpoint.refuse(null, p.status(), p.getMessage()));
                return;
            } catch (SocketTimeoutException t) {
                send(null, http.endpoint.refuse(null, 408, "the request head did not arrive within " + seconds(limits.headerTimeout())), true);
                return;
            }
            if (head == null || !exchange(head) || http.closing()) {
                return;
            }
        }
    }

    /** One request, from its head to its answer: false when the connection is to be closed after it. */
    private boolean exchange(HttpHead head) throws IOException, InterruptedException {
        CaptureServer.Settings s = http.settings;
        Answer early = http.endpoint.answer(head);
        if (early == null && !head.gzip() && head.contentLength() > s.maxBodyBytes()) {
            early = refuse(head, 413, "body of " + head.contentLength() + " bytes is over the limit of " + s.maxBodyBytes());
        }
        if (early == null && http.inFlight.full()) {
            early = refuse(head, 429, "too many bytes of bodies in flight; retry later");
        }
        RequestBody raw = new RequestBody(head, in, s.connections());
        if (early != null) {
            return answerUnread(head, raw, early);
        }
        if (head.expectsContinue()) {
            write(CONTINUE);
        }
        long[] held = {0};
        try {
            byte[] body;
            try {
                body = readBody(head, raw, held);
            } catch (Refused r) {
                http.inFlight.release(held[0]);
                held[0] = 0;
                if (r.drain && raw.discard(4 * s.maxBodyBytes())) {
                    return answer(head, r.answer);
                }
                finish(head, r.answer);
                return false;
            }
            return handOver(head, body);
        } catch (RequestBody.ClientLeft | RequestBody.BadFraming | SocketTimeoutException e) {
            if (e instanceof RequestBody.ClientLeft) {
                http.endpoint.abandoned();
            } else if (e instanceof SocketTimeoutException) {
                send(head, refuse(head, 408, "the body did not arrive within its deadline (" + seconds(s.connections().bodyTimeout())
                    + " plus a second per " + s.connections().minBodyBytesPerSecond() + " bytes)"), true);
            } else {
                finish(head, refuse(head, 400, e.getMessage()));
            }
            return false;
        } finally {
            http.inFlight.release(held[0]);
        }
    }

    /**
     * A request answered before its body was read. The body is read and dropped (at most four times the size limit,
     * within its deadline), so the writer reads the answer on a healthy connection that stays open; a body announced
     * larger than that, or one the client is waiting for a 100 Continue to send, is not read, and the connection closes.
     */
    private boolean answerUnread(HttpHead head, RequestBody raw, Answer a) throws IOException {
        if (!head.hasBody()) {
            return answer(head, a);
        }
        if (!head.expectsContinue() && head.contentLength() <= 4 * http.settings.maxBodyBytes()) {
            try {
                if (raw.discard(4 * http.settings.maxBodyBytes())) {
                    return answer(head, a);
                }
            } catch (RequestBody.ClientLeft | RequestBody.BadFraming | SocketTimeoutException e) {
                return false;
            }
        }
        finish(head, a);
        return false;
    }

    /**
     * The whole body in memory, counted in the bytes in flight as it arrives (after gzip, as it is inflated). Going
     * over the size limit stops the reading at once, and the rest is never inflated or read.
     */
    private byte[] readBody(HttpHead head, RequestBody raw, long[] held) throws IOException, Refused {
        long max = http.settings.maxBodyBytes();
        boolean plainLength = !head.gzip() && !head.chunked();
        long grow = plainLength ? head.contentLength() : max + 1;
        byte[] out = new byte[(int) Math.min(FIRST_BUFFER, Math.max(0, grow))];
        int size = 0;
        InputStream src = raw;
        try {
            if (head.gzip() && head.hasBody()) {
                src = new GZIPInputStream(raw, 16 * 1024);
            }
            while (src != raw || !raw.done()) {
                if (size == out.length) {
                    out = Arrays.copyOf(out, (int) Math.min(grow, 2L * out.length));
                }
                int n = src.read(out, size, out.length - size);
                if (n < 0) {
                    break;
                }
                if (!http.inFlight.take(held[0], n)) {
                    throw new Refused(refuse(head, 429, "too many bytes of bodies in flight; retry later"), true);
                }
                held[0] += n;
                size += n;
                if (size > max) {
                    // a gzip body that inflates past the limit: when what is left to send is known and bounded, read
                    // and drop it so the writer reads the 413 (closing on a writer still sending made curl see a
                    // broken pipe and no answer, now and then); an unbounded one closes the connection
                    boolean bounded = head.contentLength() >= 0 && head.contentLength() <= 4L * http.settings.maxBodyBytes();
                    throw new Refused(refuse(head, 413, "body is over the limit of " + max + " bytes"), bounded);
                }
            }
            if (src != raw && !raw.done() && raw.read() >= 0) {
                throw new Refused(refuse(head, 400, "data after the end of the gzip body"), true);
            }
        } catch (ZipException | java.io.EOFException e) {
            if (e instanceof RequestBody.ClientLeft left) {
                throw left;
            }
            throw new Refused(refuse(head, 400, "body is not gzip: " + e.getMessage()), true);
        } finally {
            if (src != raw) {
                src.close(); // frees the inflater now, not when the collector finds it
            }
        }
        return size == out.length ? out : Arrays.copyOf(out, size);
    }

    /** Hands a whole body to a worker and answers what it says; the state keeps {@link #closeUnlessAnswering} off it meanwhile. */
    private boolean handOver(HttpHead head, byte[] body) throws IOException, InterruptedException {
        if (!state.compareAndSet(READING, ANSWERING)) {
            return false; // the endpoint is stopping
        }
        try {
            Duration wait = http.settings.connections().workerWait();
            Answer a;
            try {
                a = http.workers.run(() -> http.endpoint.write(head, body, () -> !in.gone()), wait,
                    () -> refuse(head, 503, "too many writes waiting for a worker; retry later"),
                    () -> refuse(head, 503, "no worker was free within " + seconds(wait) + "; retry later"));
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "a capture worker failed", e);
                a = refuse(head, 500, "the body could not be kept: " + e);
            }
            boolean keep = head.keepAlive() && !http.closing();
            send(head, a, !keep);
            return keep;
        } finally {
            state.compareAndSet(ANSWERING, READING);
        }
    }

    private boolean answer(HttpHead head, Answer a) throws IOException {
        boolean keep = head.keepAlive() && !http.closing();
        send(head, a, !keep);
        return keep;
    }

    /** Answers and closes: the sending side is shut first and, for a moment, what the client still sends is read and dropped. */
    private void finish(HttpHead head, Answer a) {
        try {
            send(head, a, true);
            channel.shutdownOutput();
            in.deadline(System.nanoTime() + LINGER_NANOS);
            byte[] skip = new byte[16 * 1024];
            long read = 0;
            for (int n = in.read(skip, 0, skip.length); n >= 0 && read < LINGER_BYTES; n = in.read(skip, 0, skip.length)) {
                read += n;
            }
        } catch (IOException e) {
            // the client has gone, or the moment is over
        }
    }

    private Answer refuse(HttpHead head, int status, String why) {
        return http.endpoint.refuse(head, status, why);
    }

    private void send(HttpHead head, Answer a, boolean close) throws IOException {
        boolean keepAlive10 = head != null && !head.http11() && !close;
        write(a.bytes(close, keepAlive10, head != null && head.method().equals("HEAD"), http.settings.version().toString()));
    }

    /** Writes all of it, or closes the connection when the client does not take it within the body timeout. */
    private void write(byte[] bytes) throws IOException {
        ScheduledFuture<?> guard = http.closeLater(channel, http.settings.connections().bodyTimeout());
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) {
                channel.write(b);
            }
        } finally {
            guard.cancel(false);
        }
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
