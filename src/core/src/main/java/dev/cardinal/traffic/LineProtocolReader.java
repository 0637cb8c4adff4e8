package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongSupplier;

/**
 * Reads InfluxDB line protocol, streaming through a byte buffer: each line is parsed into offsets
 * ({@link LineParser}), checked as a whole (duplicate tags, field type conflicts, the server's rules about
 * {@code time}), and only then written to the sample. Two deliberate departures from a 1.x server, both in the
 * user's favour for a sample file: CRLF line endings are accepted, and unsigned {@code u} values are read (2.x
 * and 3.x accept them; 1.x OSS rejects them).
 */
public final class LineProtocolReader implements TrafficReader {
    /** The one-thread read's buffer, as long as it holds no longer line. */
    static final int CHUNK = 1 << 20;
    /**
     * The longest line held; a longer one is read through and reported. More than the 25,000,000 bytes influxd
     * takes in one write by default, so every line a server takes so is read.
     */
    static final int MAX_LINE_BYTES = 1 << 25;

    /** Null for a file; for a write's body, who hears of each point and problem. */
    private final WriteListener listener;
    /** The time given to points without a timestamp, or -1 for the time the read starts. */
    private final long readTimeNanos;
    /** For a pipelined read ({@link LinePipeline}), its buffers and their size; 0 buffers for a read on one thread. */
    private final int pipelineBuffers;
    private final int pipelineBufferBytes;

    /** A reader for sample files. */
    public LineProtocolReader() {
        this(null, -1, 0, 0);
    }

    /** A reader for sample files that gives points without a timestamp {@code readTimeNanos} (for tests). */
    LineProtocolReader(long readTimeNanos) {
        this(null, readTimeNanos, 0, 0);
    }

    private LineProtocolReader(WriteListener listener, long readTimeNanos, int pipelineBuffers, int pipelineBufferBytes) {
        this.listener = listener;
        this.readTimeNanos = readTimeNanos;
        this.pipelineBuffers = pipelineBuffers;
        this.pipelineBufferBytes = pipelineBufferBytes;
    }

    /**
     * A reader for sample files that finds and parses the lines on a second thread, {@code buffers} buffers of {@code
     * bufferBytes} ahead of the thread that takes them ({@link LinePipeline}); {@code readTimeNanos} as above, or -1.
     */
    static LineProtocolReader pipelined(long readTimeNanos, int buffers, int bufferBytes) {
        return new LineProtocolReader(null, readTimeNanos, buffers, bufferBytes);
    }

    /**
     * A reader for the body of one write request, read as a server reads one: every line on its own, whatever the
     * others are (a body is not refused for starting like JSON or for its first 20 lines all being malformed, as a
     * file is), and {@code listener} told of each point taken, with where its text and timestamp are, and of every
     * problem. To keep every problem in the report too, read with {@link SampleLimits#maxProblems()} at
     * {@code Integer.MAX_VALUE}; what the problems hold grows with the body (some 150 bytes a bad line), so bound
     * the body first.
     */
    public static LineProtocolReader forWrites(WriteListener listener) {
        return new LineProtocolReader(java.util.Objects.requireNonNull(listener), -1, 0, 0);
    }

    @Override
    public void read(InputStream in, String file, SampleBinding binding, SampleBuilder into, ReadMonitor monitor)
        throws IOException, SampleFormatException {
        long now = readTimeNanos >= 0 ? readTimeNanos : System.currentTimeMillis() * 1_000_000L;
        LineTaker taker = taker(file, binding, into, monitor, listener, now, null, true);
        into.fileStarted();
        if (pipelineBuffers == 0) {
            new BufferedLines(taker, into).read(in);
        } else {
            new PipelinedLines(taker, into, new LinePipeline(pipelineBufferBytes, pipelineBuffers)).read(in);
        }
    }

    /**
     * Reads one chunk of a file, which starts a line: as the whole file's read would read those lines, except that
     * only the chunk at the file's start ({@code fileStart}) looks at how the file starts (JSON, the first lines all
     * malformed). The lines of its problems, warnings and cap and where each attribute was first seen ({@link
     * EventKindBuilder#firstSeenLine}) are counted from the chunk's start, for the merge to place; the chunk's first
     * physical line is asked of {@code firstLine} only when a message's text names a line (a string left open, a
     * type conflict), which may wait for the chunks before to be read.
     */
    static ChunkEnd readChunk(InputStream in, String file, SampleBinding binding, SampleBuilder into,
        ReadMonitor monitor, long readTimeNanos, LongSupplier firstLine, boolean fileStart)
        throws IOException, SampleFormatException {
        LineTaker taker = taker(file, binding, into, monitor, null, readTimeNanos, firstLine, fileStart);
        into.fileStarted();
        new BufferedLines(taker, into).read(in);
        return new ChunkEnd(taker.endedAtNewline, taker.at.goodLines, taker.check.conflicts, taker.at.line - 1);
    }

    private static LineTaker taker(String file, SampleBinding binding, SampleBuilder into, ReadMonitor monitor,
        WriteListener listener, long readTimeNanos, LongSupplier firstLine, boolean fileStart) {
        return new LineTaker(new LineAt(new byte[CHUNK]), new LineProblems.Setup(file, listener, fileStart, firstLine),
            into, monitor, LineProtocolSyntax.precisionMultiplier(binding.precision()), readTimeNanos);
    }
}

