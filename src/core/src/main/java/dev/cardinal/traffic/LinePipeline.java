package dev.cardinal.traffic;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;

/**
 * The first stage of a pipelined line protocol read: a thread of its own reads the input into a small ring of buffers
 * and finds each line's end, parsing the usual line (no backslash, a point) into offsets, while the reading thread
 * takes the lines of the buffer before in file order (keys, dictionaries, columns, problems), as it takes its own
 * lines on one thread. A line not complete at a buffer's end starts the next buffer (copied there); a buffer goes
 * back to this thread only when the reading thread is done with it, so no byte it may still read is overwritten.
 * Where a line does not fit a buffer, or the input fails, this thread stops, and the reading thread reads on from
 * that line on its own with what is left ({@link Batch#rest}). The buffers and the offsets beside them are outside the
 * memory budget, as the one-thread read's buffer is (but for its growth, which {@code windowTo} tells as that read
 * would).
 */
final class LinePipeline {
    /** The usual line, parsed here; else the reading thread scans and parses it itself. */
    static final int PARSED = 1;
    /** With {@link #PARSED}: a byte before the newline may be a NUL or not ASCII (see {@code LineScan.odd}). */
    static final int ODD = 2;

    private final int bufferBytes;
    private final BlockingQueue<Batch> free;
    private final BlockingQueue<Batch> full;
    private volatile Thread thread;

    /**
     * {@code buffers} buffers of {@code bufferBytes} each (at least two, and at most half the longest line a read
     * holds, so that a line of one buffer fits the one-thread read's buffer after it doubled at most a few times).
     */
    LinePipeline(int bufferBytes, int buffers) {
        if (buffers < 2 || bufferBytes < 16 || bufferBytes > LineProtocolReader.MAX_LINE_BYTES / 2) {
            throw new IllegalArgumentException(buffers + " buffers of " + bufferBytes + " bytes");
        }
        this.bufferBytes = bufferBytes;
        this.free = new ArrayBlockingQueue<>(buffers);
        this.full = new ArrayBlockingQueue<>(buffers);
        for (int i = 0; i < buffers; i++) {
            free.add(new Batch(bufferBytes));
        }
    }

    /** Starts finding lines in {@code in}, parsing at most {@code maxFields} fields a line (as the reader's parser). */
    void start(InputStream in, int maxFields, String name) {
        Thread t = new Thread(() -> tokenize(in, maxFields), "cardinal-lines " + name);
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** The next buffer in file order, once its lines are found. */
    Batch next() {
        try {
            Batch b = full.take();
            if (b.crash != null) {
                throw new IllegalStateException("finding lines failed", b.crash);
            }
            return b;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("the read was interrupted");
        }
    }

    /** Gives a buffer back once none of its bytes will be read again. */
    void recycle(Batch b) {
        free.add(b);
    }

    /** Ends the line-finding thread, wherever it is, and waits for it. */
    void stop() {
        Thread t = thread;
        if (t == null) {
            return;
        }
        t.interrupt();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void tokenize(InputStream in, int maxFields) {
        LineParser parser = new LineParser();
        parser.maxFields = maxFields;
        LineProtocolSyntax.LineScan scan = new LineProtocolSyntax.LineScan();
        byte[] carried = null;
        int carryFrom = 0;
        int carryTo = 0;
        long base = 0;
        try {
            while (true) {
                Batch b = free.take();
                int keep = carryTo - carryFrom;
                if (keep > 0) {
                    // the reading thread may be reading the batch before: it is only read here
                    System.arraycopy(carried, carryFrom, b.bytes, 0, keep);
                }
                b.reset(base, keep);
                b.fill(in);
                if (b.failure != null || base == 0 && handsOverTheStart(b)) {
                    b.handOverAt = 0;
                    full.put(b);
                    return;
                }
                int rest = lines(b, parser, scan);
                if (rest == 0 && !b.eof) {
                    // a line longer than a buffer
                    b.handOverAt = 0;
                    full.put(b);
                    return;
                }
                full.put(b);
                if (rest < 0) {
                    return;
                }
                carried = b.bytes;
                carryFrom = rest;
                carryTo = b.limit;
                base += rest;
            }
        } catch (InterruptedException e) {
            // stopped by the reading thread
        } catch (RuntimeException | Error e) {
            Batch crash = new Batch(0);
            crash.crash = e;
            full.offer(crash);
        }
    }

    /**
     * True when the first buffer holds whitespace only and is shorter than the one-thread read's: that read would
     * look further to tell whether the input starts like JSON.
     */
    private static boolean handsOverTheStart(Batch b) {
        return !b.eof && b.limit < LineProtocolReader.CHUNK && LineProtocolSyntax.textStart(b.bytes, b.limit) == b.limit;
    }

    /**
     * Finds the lines of {@code b}, as {@code BufferedLines#readFrom} would in a buffer holding them: where
     * the line starts that does not end in it (to be carried to the next buffer), or -1 when the input ended.
     */
    private static int lines(Batch b, LineParser parser, LineProtocolSyntax.LineScan scan) {
        byte[] bytes = b.bytes;
        int limit = b.limit;
        int pos = 0;
        while (true) {
            if (parser.parsePlainPoint(bytes, pos, limit, scan)) {
                int nl = scan.end;
                b.putInts(pos, nl, PARSED | (scan.odd ? ODD : 0));
                ParsedPoints.save(parser, b);
                b.lines++;
                pos = nl + 1;
                continue;
            }
            if (!LineProtocolSyntax.scanLine(bytes, pos, limit, b.eof, scan)) {
                return pos;
            }
            b.putInts(pos, scan.end, 0);
            b.lines++;
            if (pos == limit && b.eof || scan.end >= limit) {
                return -1;
            }
            pos = scan.end + 1;
        }
    }

    /** One buffer of the input and its lines as found, in {@link #ints} and {@link #longs} one after another. */
    static final class Batch {
        final byte[] bytes;
        int limit;
        boolean eof;
        /** Where {@code bytes[0]} is in the input. */
        long base;
        int lines;
        /** Where the one-thread read takes over, after the lines found; -1 when this thread goes on. */
        int handOverAt;
        /** What failed while reading the input into this buffer; thrown by {@link #rest} when read so far. */
        IOException failure;
        Throwable crash;
        private InputStream in;
        private int[] ints = new int[1 << 12];
        private int intsUsed;
        private int intsRead;
        private long[] longs = new long[1 << 10];
        private int longsUsed;
        private int longsRead;

        Batch(int bytes) {
            this.bytes = new byte[bytes];
        }

        private void reset(long base, int kept) {
            this.base = base;
            limit = kept;
            eof = false;
            lines = 0;
            handOverAt = -1;
            intsUsed = 0;
            intsRead = 0;
            longsUsed = 0;
            longsRead = 0;
        }

        /** Reads until full or the input ends, as the one-thread read fills its buffer. */
        private void fill(InputStream in) {
            this.in = in;
            while (limit < bytes.length) {
                int n;
                try {
                    n = in.read(bytes, limit, Math.min(1 << 16, bytes.length - limit));
                } catch (IOException e) {
                    failure = e;
                    return;
                }
                if (n < 0) {
                    eof = true;
                    return;
                }
                limit += n;
            }
        }

        /** The input from {@code at} on: this buffer's bytes, then the rest, or the failure that ended it. */
        InputStream rest(int at) {
            InputStream after = failure == null ? in : new InputStream() {
                @Override
                public int read() throws IOException {
                    throw failure;
                }
            };
            return new SequenceInputStream(new ByteArrayInputStream(bytes, at, limit - at), after);
        }

        void putInts(int a, int b, int c) {
            if (intsUsed + 3 > ints.length) {
                ints = Arrays.copyOf(ints, ints.length * 2);
            }
            ints[intsUsed] = a;
            ints[intsUsed + 1] = b;
            ints[intsUsed + 2] = c;
            intsUsed += 3;
        }

        void putInts(int a, int b, int c, int d) {
            putInts(a, b, c);
            putInt(d);
        }

        void putInts(int a, int b, int c, int d, int e) {
            putInts(a, b, c);
            putInt(d);
            putInt(e);
        }

        void putInts(int a, int b, int c, int d, int e, int f, int g, int h, int i) {
            putInts(a, b, c);
            putInts(d, e, f);
            putInts(g, h, i);
        }

        private void putInt(int a) {
            if (intsUsed == ints.length) {
                ints = Arrays.copyOf(ints, ints.length * 2);
            }
            ints[intsUsed++] = a;
        }

        void putLong(long a) {
            if (longsUsed == longs.length) {
                longs = Arrays.copyOf(longs, longs.length * 2);
            }
            longs[longsUsed++] = a;
        }

        int nextInt() {
            return ints[intsRead++];
        }

        long nextLong() {
            return longs[longsRead++];
        }
    }
}
