package dev.cardinal.capture;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** Hostile and careless clients of the capture endpoint over real sockets, for its tests and the abuse bench. */
public final class Abusers {
    private Abusers() {
    }

    /**
     * One gzip member that inflates to {@code mib} MiB of zeros and is about a thousandth of that: 1 MiB of zeros is
     * deflated once up to a full flush (which resets the dictionary and ends on a byte boundary), that piece is
     * repeated, and the stream ends with an empty final block and the true CRC and size. A 10 GiB bomb takes a second
     * to make instead of deflating 10 GiB.
     */
    public static byte[] gzipBomb(int mib) {
        Deflater d = new Deflater(9, true);
        byte[] buf = new byte[1 << 20];
        d.setInput(new byte[1 << 20]);
        byte[] piece = Arrays.copyOf(buf, d.deflate(buf, 0, buf.length, Deflater.FULL_FLUSH));
        d.finish();
        int last = d.deflate(buf);
        d.end();
        ByteArrayOutputStream out = new ByteArrayOutputStream(piece.length * mib + 64);
        out.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff});
        CRC32 crc = new CRC32();
        byte[] zeros = new byte[1 << 20];
        for (int i = 0; i < mib; i++) {
            out.writeBytes(piece);
            crc.update(zeros);
        }
        out.write(buf, 0, last);
        long size = (long) mib << 20;
        for (int i = 0; i < 8; i++) {
            out.write((int) ((i < 4 ? crc.getValue() : size) >>> (8 * (i % 4))));
        }
        return out.toByteArray();
    }

    /** One answer as it came on the wire. */
    public record Response(int status, Map<String, String> headers, String body) {
    }

    /** A raw connection: sends bytes as given, reads answers as they come. */
    public static final class Raw implements AutoCloseable {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;

        public Raw(URI url) throws IOException {
            socket = new Socket();
            socket.connect(new InetSocketAddress(url.getHost(), url.getPort()), 5_000);
            in = socket.getInputStream();
            out = socket.getOutputStream();
        }

        public Raw send(String ascii) throws IOException {
            return send(ascii.getBytes(StandardCharsets.ISO_8859_1));
        }

        public Raw send(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
            return this;
        }

        /** Sends {@code bytes} from a thread of its own, as a client still sending its body when the answer comes. */
        public Thread sendInBackground(byte[] bytes) {
            Thread t = new Thread(() -> {
                try {
                    send(bytes);
                } catch (IOException stopped) {
                    // the server closed the connection: the rest is not wanted
                }
            }, "raw-sender");
            t.setDaemon(true);
            t.start();
            return t;
        }

        /** The next answer, waiting at most {@code timeout} for it; null when the server closed the connection first. */
        public Response read(Duration timeout) throws IOException {
            socket.setSoTimeout((int) timeout.toMillis());
            String status = line();
            if (status == null) {
                return null;
            }
            Map<String, String> headers = new LinkedHashMap<>();
            for (String h = line(); h != null && !h.isEmpty(); h = line()) {
                int colon = h.indexOf(':');
                headers.put(h.substring(0, colon).toLowerCase(Locale.ROOT), h.substring(colon + 1).strip());
            }
            byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
            return new Response(Integer.parseInt(status.split(" ")[1]), headers, new String(body, StandardCharsets.UTF_8));
        }

        /** Whether the server closes the connection within {@code timeout} (what it still sends first is skipped). */
        public boolean closedWithin(Duration timeout) throws IOException {
            socket.setSoTimeout((int) timeout.toMillis());
            try {
                while (in.read() >= 0) {
                    // an answer before the close
                }
                return true;
            } catch (SocketTimeoutException stillOpen) {
                return false;
            } catch (IOException reset) {
                return true;
            }
        }

        private String line() throws IOException {
            StringBuilder b = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    return b.length() == 0 ? null : b.toString();
                }
                b.append((char) c);
            }
            return b.toString().strip();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /**
     * Slowloris: a connection that starts a request and then sends one more header line every {@code every}, never
     * ending the head; it notes when the server closed it and the status it answered, if any.
     */
    public static final class Slowloris implements AutoCloseable {
        private final Socket socket = new Socket();
        private final long opened = System.nanoTime();
        private volatile long closedAfter = -1;
        private volatile String answer;

        public Slowloris(URI url, Duration every) throws IOException {
            socket.connect(new InetSocketAddress(url.getHost(), url.getPort()), 5_000);
            socket.setSoTimeout((int) Math.max(1, every.toMillis()));
            Thread t = new Thread(this::drip, "slowloris");
            t.setDaemon(true);
            t.start();
        }

        /** How long the server kept it open, or null while it still does. */
        public Duration keptOpen() {
            return closedAfter < 0 ? null : Duration.ofNanos(closedAfter);
        }

        /** The first line of what the server answered before it closed, or null. */
        public String answer() {
            return answer;
        }

        private void drip() {
            try {
                OutputStream out = socket.getOutputStream();
                InputStream in = socket.getInputStream();
                out.write("POST /write?db=loris HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.ISO_8859_1));
                ByteArrayOutputStream seen = new ByteArrayOutputStream();
                for (int i = 0; ; i++) {
                    out.write(("X-Drip-" + i + ": " + i + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    try {
                        byte[] b = new byte[512];
                        int n = in.read(b);
                        if (n < 0) {
                            break;
                        }
                        seen.write(b, 0, n);
                        answer = seen.toString(StandardCharsets.ISO_8859_1).lines().findFirst().orElse(null);
                    } catch (SocketTimeoutException stillOpen) {
                        // nothing yet: drip on
                    }
                }
            } catch (IOException closedByTheServer) {
                // reset or broken pipe: the server closed it
            }
            closedAfter = System.nanoTime() - opened;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
