package dev.cardinal.capture;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The capture endpoint's HTTP/1.1 server: a small, strict one for this one endpoint. It takes Content-Length and
 * chunked bodies, {@code Expect: 100-continue}, keep-alive and {@code Connection: close}, gzip bodies, and nothing
 * else (no TLS, no HTTP/2: clients that offer h2c get HTTP/1.1). Each connection has a thread of its own
 * ({@link CaptureConnection}) that reads heads and bodies under deadlines; whole bodies go to a separate, bounded
 * pool of workers ({@link CaptureWorkers}) that check and spool them. Connections are capped: beyond
 * {@code ConnectionLimits.max} a client gets 503 at once.
 *
 * <p>Why our own server. The JDK's {@code com.sun.net.httpserver} parses heads on the worker threads (two slow
 * clients stopped every write), has only JVM-wide timeout properties, and cannot tell whether a request's client is
 * still connected. Jetty 12 has the deadlines and caps, but not that last question at the moment a body is spooled
 * (it notices a closed connection only when it next reads or writes), and it would add about 2.5 MB of jars and its
 * start-up to a desktop application for one endpoint of a few routes. Here each rule of the endpoint is a few lines
 * that say exactly what they do: deadlines are totals, not per read ({@link HttpInput}); bodies are held to a
 * minimum rate ({@link RequestBody}); bytes in flight are counted as read ({@link InFlight}); and a body is spooled
 * only while its client is still there to be answered ({@link HttpInput#gone}). None of it is loaded until a
 * capture starts.
 */
final class CaptureHttp implements AutoCloseable {
    /** What the HTTP side asks of the write endpoint, which words every answer as the InfluxDB APIs do and counts it. */
    interface Endpoint {
        /** The answer to give at once (a ping, an error, a full capture), or null when the body is to be read and written. */
        Answer answer(HttpHead head);

        /** Checks a whole body and keeps its good lines, but only if {@code answerable} still says its client is there. */
        Answer write(HttpHead head, byte[] body, BooleanSupplier answerable);

        /** A request the HTTP side refuses with this status (400, 408, 413, 429, 503...); {@code head} is null when none was read. */
        Answer refuse(HttpHead head, int status, String why);

        /** A request whose client left before its body was whole. */
        void abandoned();
    }

    private static final Logger LOG = Logger.getLogger(CaptureHttp.class.getName());
    /** Refused connections waiting for their delayed close; beyond this many they are closed at once. */
    private static final int MAX_REFUSING = 256;

    final CaptureServer.Settings settings;
    final Endpoint endpoint;
    final CaptureWorkers workers;
    final InFlight inFlight;
    private final ServerSocketChannel listener;
    private final ScheduledThreadPoolExecutor watchdog;
    private final Set<CaptureConnection> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger refusing = new AtomicInteger();
    private final Thread acceptor;
    private volatile boolean closing;

    /** Binds the listening socket (so a port in use fails here, before anything else exists); {@link #start} accepts. */
    CaptureHttp(CaptureServer.Settings settings, Endpoint endpoint) throws IOException {
        this.settings = settings;
        this.endpoint = endpoint;
        this.listener = ServerSocketChannel.open();
        try {
            listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            listener.bind(new InetSocketAddress(settings.bind(), settings.port()), 128);
        } catch (IOException e) {
            listener.close();
            throw e;
        }
        this.workers = new CaptureWorkers(settings.threads(), settings.maxWaiting());
        this.inFlight = new InFlight(settings.inFlightBytes());
        this.watchdog = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "cardinal-capture-watchdog");
            t.setDaemon(true);
            return t;
        });
        watchdog.setRemoveOnCancelPolicy(true);
        this.acceptor = new Thread(this::accept, "cardinal-capture-accept");
        acceptor.setDaemon(true);
    }

    void start() {
        acceptor.start();
    }

    InetSocketAddress address() throws IOException {
        return (InetSocketAddress) listener.getLocalAddress();
    }

    boolean closing() {
        return closing;
    }

    /** Closes the channel after {@code d} unless cancelled: the deadline of a write, which a blocking socket does not have. */
    ScheduledFuture<?> closeLater(SocketChannel channel, Duration d) {
        return watchdog.schedule(() -> closeQuietly(channel), d.toNanos(), TimeUnit.NANOSECONDS);
    }

    void closed(CaptureConnection c) {
        if (open.remove(c)) {
            connections.decrementAndGet();
        }
    }

    private void accept() {
        while (!closing) {
            SocketChannel channel;
            try {
                channel = listener.accept();
            } catch (ClosedChannelException stopped) {
                return;
            } catch (IOException e) {
                // out of file descriptors, say: wait a moment rather than spin on the error
                LOG.log(Level.WARNING, "capture: cannot accept a connection", e);
                pause();
                continue;
            }
            if (connections.incrementAndGet() > settings.connections().max()) {
                connections.decrementAndGet();
                refuse(channel);
                continue;
            }
            try {
                CaptureConnection c = new CaptureConnection(this, channel);
                open.add(c);
                Thread t = new Thread(null, c, "cardinal-capture-connection", 256 * 1024);
                t.setDaemon(true);
                t.start();
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                connections.decrementAndGet();
                closeQuietly(channel);
                LOG.log(Level.WARNING, "capture: cannot serve a connection", e);
            }
        }
    }

    /**
     * Beyond the connection cap: a 503 with Retry-After at once, without reading the request, then the sending side
     * shut and the socket closed a second later (closing at once could reset the connection before the client has
     * read the answer). Done on the accepting thread, without blocking, so a flood of connections costs no threads.
     */
    private void refuse(SocketChannel channel) {
        Answer busy = endpoint.refuse(null, 503, "too many connections (" + settings.connections().max() + " open); retry later");
        try {
            channel.configureBlocking(false);
            channel.write(ByteBuffer.wrap(busy.bytes(true, false, false, settings.version().toString())));
            channel.shutdownOutput();
        } catch (IOException e) {
            closeQuietly(channel);
            return;
        }
        if (refusing.incrementAndGet() > MAX_REFUSING) {
            refusing.decrementAndGet();
            closeQuietly(channel);
            return;
        }
        watchdog.schedule(() -> {
            closeQuietly(channel);
            refusing.decrementAndGet();
        }, 1, TimeUnit.SECONDS);
    }

    /**
     * Stops listening, closes the connections that are not in the middle of a write (their requests were never
     * acknowledged, so their clients send them again), lets the writes under way be spooled and answered, then
     * closes what is left.
     */
    @Override
    public void close() throws IOException {
        closing = true;
        listener.close();
        try {
            acceptor.join(1_000);
            open.forEach(CaptureConnection::closeUnlessAnswering);
            workers.close();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (!open.isEmpty() && System.nanoTime() - until < 0) {
                Thread.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            open.forEach(CaptureConnection::closeNow);
            watchdog.shutdownNow().forEach(Runnable::run); // the refused connections' delayed closes, now
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // closed already
        }
    }
}
