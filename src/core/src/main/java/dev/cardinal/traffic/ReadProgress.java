package dev.cardinal.traffic;

import java.io.IOException;

/** Counts bytes as they are read, for progress and cancellation. */
final class ReadProgress extends java.io.FilterInputStream {
    private final String name;
    private final long total;
    private final ReadMonitor monitor;
    private long done;

    ReadProgress(java.io.InputStream in, String name, long total, ReadMonitor monitor) {
        super(in);
        this.name = name;
        this.total = total;
        this.monitor = monitor;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            advance(1);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            advance(n);
        }
        return n;
    }

    private void advance(int n) {
        done += n;
        monitor.progress(name, done, total);
        if (monitor.cancelled()) {
            throw new java.util.concurrent.CancellationException("reading " + name + " was cancelled");
        }
    }
}
