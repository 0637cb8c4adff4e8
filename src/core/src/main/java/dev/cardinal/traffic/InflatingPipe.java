package dev.cardinal.traffic;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Decompresses on a second thread while the caller parses: gzip inflation and line protocol parsing take about as
 * long as each other, so overlapping them nearly halves the time to read a {@code .gz} sample. At most
 * {@link #CHUNKS} chunks of {@link #CHUNK_BYTES} wait between the two threads. Whatever the source throws (a corrupt
 * or truncated stream, a cancellation) is thrown again to the reader, in order, after the bytes before it.
 */
final class InflatingPipe extends InputStream {
    static final int CHUNK_BYTES = 1 << 20;
    static final int CHUNKS = 4;

    /** One piece of the stream: bytes, or the end (with the failure that ended it, if any). */
    private record Chunk(byte[] bytes, int length, Throwable failure) {
        boolean end() {
            return bytes == null;
        }
    }

    private final BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(CHUNKS);
    private final Thread inflater;
    private Chunk current;
    private int pos;
    private boolean ended;

    InflatingPipe(InputStream source, String name) {
        inflater = new Thread(() -> pump(source), "inflate " + name);
        inflater.setDaemon(true);
        inflater.start();
    }

    private void pump(InputStream source) {
        try {
            while (true) {
                byte[] buf = new byte[CHUNK_BYTES];
                int n = 0;
                try {
                    for (int r = 0; n < buf.length && r >= 0; n += Math.max(r, 0)) {
                        r = source.read(buf, n, buf.length - n);
                    }
                } catch (IOException | RuntimeException | Error e) {
                    // the bytes before the fault first, as a reader in place would have had them
                    if (n > 0) {
                        queue.put(new Chunk(buf, n, null));
                    }
                    queue.put(new Chunk(null, 0, e));
                    return;
                }
                if (n > 0) {
                    queue.put(new Chunk(buf, n, null));
                }
                if (n < buf.length) {
                    queue.put(new Chunk(null, 0, null));
                    return;
                }
            }
        } catch (InterruptedException e) {
            // the reader closed the pipe: nobody waits for more
        }
    }

    /** The next chunk with bytes left, or null at the end; rethrows the source's failure at its place. */
    private Chunk chunk() throws IOException {
        if (ended) {
            return null;
        }
        if (current != null && pos < current.length()) {
            return current;
        }
        try {
            current = queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading");
        }
        pos = 0;
        if (current.end()) {
            ended = true;
            Throwable f = current.failure();
            if (f instanceof IOException io) {
                throw io;
            }
            if (f instanceof RuntimeException re) {
                throw re;
            }
            if (f instanceof Error err) {
                throw err;
            }
            return null;
        }
        return current;
    }

    @Override
    public int read() throws IOException {
        Chunk c = chunk();
        return c == null ? -1 : c.bytes()[pos++] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        Chunk c = chunk();
        if (c == null) {
            return -1;
        }
        int n = Math.min(len, c.length() - pos);
        System.arraycopy(c.bytes(), pos, b, off, n);
        pos += n;
        return n;
    }

    @Override
    public void close() {
        ended = true;
        inflater.interrupt();
        queue.clear();
    }
}
