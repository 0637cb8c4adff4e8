package dev.cardinal.capture;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

/**
 * The read side of one capture connection: a buffer over a blocking socket whose reads end at a deadline. The
 * deadline is set for a whole head or a whole body, not per read: each read waits only for what is left of it, so a
 * client that sends a byte every few seconds is cut off as surely as one that sends nothing. {@link #gone} looks,
 * without blocking, whether the client has closed its side, which is how a request is known to be still answerable.
 */
final class HttpInput {
    private final SocketChannel channel;
    private final InputStream socket;
    private final byte[] buf = new byte[16 * 1024];
    private int pos;
    private int end;
    private long deadline;

    HttpInput(SocketChannel channel) throws IOException {
        this.channel = channel;
        this.socket = channel.socket().getInputStream();
    }

    /** Reads from now on end at this {@link System#nanoTime} (with {@link SocketTimeoutException}). */
    void deadline(long nanoTime) {
        deadline = nanoTime;
    }

    /** Up to {@code len} bytes, at least one; -1 at the end of the stream. */
    int read(byte[] b, int off, int len) throws IOException {
        if (pos == end) {
            if (len >= buf.length) {
                return fromSocket(b, off, len); // a large body is read straight into its own array
            }
            if (!fill()) {
                return -1;
            }
        }
        int n = Math.min(len, end - pos);
        System.arraycopy(buf, pos, b, off, n);
        pos += n;
        return n;
    }

    int read() throws IOException {
        return pos < end || fill() ? buf[pos++] & 0xff : -1;
    }

    /**
     * One line of a head or of chunked framing, without its CR LF (a bare LF ends a line too, as RFC 9112 lets a
     * server take it); null at the end of the stream before its first byte. Longer than {@code max} bytes is a 431.
     */
    String line(int max) throws IOException, HttpProblem {
        StringBuilder line = new StringBuilder(64);
        for (int c = read(); c != '\n'; c = read()) {
            if (c < 0) {
                if (line.length() == 0) {
                    return null;
                }
                throw new EOFException("the client closed in the middle of a line");
            }
            if (line.length() >= max) {
                throw new HttpProblem(431, "request head over " + max + " bytes");
            }
            line.append((char) c);
        }
        int n = line.length();
        if (n > 0 && line.charAt(n - 1) == '\r') {
            line.setLength(n - 1);
        }
        return line.toString();
    }

    /** Waits until {@code until} for the first byte of a next request: false when the client closed or stayed idle. */
    boolean awaitByte(long until) throws IOException {
        if (pos < end) {
            return true;
        }
        deadline = until;
        try {
            return fill();
        } catch (SocketTimeoutException idle) {
            return false;
        }
    }

    /**
     * Whether the client has closed its side or reset the connection, seen without blocking. Bytes it has sent
     * meanwhile (a pipelined request) are kept for the next read. A client that only shut down its sending side
     * counts as gone too: it cannot be told apart from one that left, and it is answered all the same.
     */
    boolean gone() {
        try {
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, end - pos);
                end -= pos;
                pos = 0;
            }
            if (end == buf.length) {
                return false; // it is still sending
            }
            channel.configureBlocking(false);
            try {
                int n = channel.read(ByteBuffer.wrap(buf, end, buf.length - end));
                if (n < 0) {
                    return true;
                }
                end += n;
                return false;
            } finally {
                channel.configureBlocking(true);
            }
        } catch (IOException e) {
            return true;
        }
    }

    private boolean fill() throws IOException {
        pos = 0;
        end = 0;
        int n = fromSocket(buf, 0, buf.length);
        if (n < 0) {
            return false;
        }
        end = n;
        return true;
    }

    private int fromSocket(byte[] b, int off, int len) throws IOException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new SocketTimeoutException("deadline passed");
        }
        channel.socket().setSoTimeout((int) Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toMillis(left) + 1));
        return socket.read(b, off, len);
    }
}
