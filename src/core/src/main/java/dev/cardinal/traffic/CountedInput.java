package dev.cardinal.traffic;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Counts the bytes read through it, so that a reader that decodes text (CSV, NDJSON) can tell the sample builder
 * how far through the file it is ({@link SampleBuilder#inputRead}). The count runs ahead of the rows by what the
 * decoder has buffered, which is fine for the estimate it feeds.
 */
final class CountedInput extends FilterInputStream {
    private long count;

    CountedInput(InputStream in) {
        super(in);
    }

    long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        count += skipped;
        return skipped;
    }
}
