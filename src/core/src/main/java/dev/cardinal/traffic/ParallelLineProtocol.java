package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads one plain line protocol file on several threads, with exactly the result of reading it on one: the file is
 * cut into chunks at newlines, each chunk is read on its own into its own dictionaries and columns (counting its
 * lines from its own start: a chunk learns its first line's number from the chunks before only when a message's
 * text names a line, so no thread counts newlines), and the chunks are merged in file order by {@link ChunkMerge} while later
 * ones are still being read.
 *
 * <p>What a one-thread read decides by earlier lines is either reproduced or makes the caller read the file on one
 * thread (a fallback, which costs this attempt's time):
 * <ul>
 * <li>ids, kinds, attributes and their names: reproduced (values added in order of first sight);
 * <li>line numbers in problems and in where an attribute was first seen: reproduced (the merge moves a chunk's
 *     lines on; a chunk whose message names a line in its text waits for the chunks before it);
 * <li>the file's start (JSON, the first 20 lines all malformed): only the first chunk looks; fallback when it holds
 *     no good line;
 * <li>a string left open across a chunk's end: fallback;
 * <li>a field type first seen in an earlier chunk and met with another type: fallback;
 * <li>the row cap and the memory budget: fallback unless the rows are under the cap and the most a one-thread read
 *     could have held ({@link SampleBuilder#mostFootprint}) is within the budget.
 * </ul>
 */
final class ParallelLineProtocol {
    /** Chunks of about this many bytes: small enough that both threads stay busy to the end, large enough to be cheap. */
    static final int CHUNK_BYTES = 8 << 20;

    private ParallelLineProtocol() {
    }

    /** The builder read on several threads, or why the file must be read on one ({@code builder} null). */
    record Outcome(SampleBuilder builder, String fallback) {
    }

    /**
     * Reads {@code path} (plain text, not gzip) on {@code threads} threads in chunks of about {@code chunkBytes},
     * giving points without a timestamp {@code readTimeNanos}.
     */
    static Outcome read(Path path, String name, SampleBinding binding, SampleLimits limits, ReadMonitor monitor,
        int threads, int chunkBytes, long readTimeNanos) throws IOException {
        try (FileChannel ch = FileChannel.open(path)) {
            long[] starts = Chunks.split(ch, chunkBytes);
            if (starts.length < 3) {
                return new Outcome(null, "smaller than two chunks");
            }
            for (int k = 0; k + 1 < starts.length; k++) {
                if (starts[k + 1] - starts[k] > Math.max(2L * chunkBytes, chunkBytes + (1L << 20))) {
                    return new Outcome(null, "a line of megabytes (held whole by a chunk, read through by one thread)");
                }
            }
            ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "read " + name);
                t.setDaemon(true);
                return t;
            });
            Abandon abandon = new Abandon(monitor);
            try {
                Reading reading = new Reading(pool, ch, starts, name, binding, limits, abandon, readTimeNanos);
                return merge(reading, threads + 1, starts, name, limits, monitor);
            } finally {
                abandon.abandoned = true;
                pool.shutdownNow();
            }
        }
    }

    /** One chunk read: its builder and how its reading ended. */
    private record Chunk(SampleBuilder builder, ChunkEnd end) {
    }

    /** The caller's monitor, and cancelled too once the merge gave up (so the chunks still read stop soon). */
    private static final class Abandon implements ReadMonitor {
        private final ReadMonitor monitor;
        volatile boolean abandoned;

        Abandon(ReadMonitor monitor) {
            this.monitor = monitor;
        }

        @Override
        public boolean cancelled() {
            return abandoned || monitor.cancelled();
        }
    }

    /** Submits chunks to the pool, in file order, each learning its first line's number from the one before. */
    private record Reading(ExecutorService pool, FileChannel ch, long[] starts, String name, SampleBinding binding,
        SampleLimits limits, ReadMonitor monitor, long readTimeNanos, List<CompletableFuture<Long>> firstLine) {

        Reading(ExecutorService pool, FileChannel ch, long[] starts, String name, SampleBinding binding,
            SampleLimits limits, ReadMonitor monitor, long readTimeNanos) {
            this(pool, ch, starts, name, binding, limits, monitor, readTimeNanos, new ArrayList<>());
            for (int k = 0; k < starts.length; k++) {
                firstLine.add(new CompletableFuture<>());
            }
            firstLine.get(0).complete(1L);
        }

        int chunks() {
            return starts.length - 1;
        }

        /**
         * Submits chunk {@code index}; chunks must be submitted in order: the pool takes them in order, so the ones
         * before have always started, and a chunk that waits for its first line's number (to name a line in a
         * problem) waits for chunks that are being read, the first of which knows its own.
         */
        Future<Chunk> submit(int index) {
            CompletableFuture<Long> mine = firstLine.get(index);
            CompletableFuture<Long> next = firstLine.get(index + 1);
            return pool.submit(() -> {
                try {
                    SampleBuilder builder = new SampleBuilder(limits);
                    builder.expectInput(starts[index + 1] - starts[index]);
                    var end = LineProtocolReader.readChunk(Chunks.stream(ch, starts[index], starts[index + 1]), name,
                        binding, builder, monitor, readTimeNanos, () -> await(mine), index == 0);
                    mine.whenComplete((first, failed) -> {
                        if (failed != null) {
                            next.completeExceptionally(failed);
                        } else {
                            next.complete(first + end.lines());
                        }
                    });
                    return new Chunk(builder, end);
                } catch (RuntimeException | IOException | SampleFormatException e) {
                    next.completeExceptionally(e);
                    throw e;
                }
            });
        }

        /** The first line of a chunk, once the chunks before it are read. */
        private static long await(CompletableFuture<Long> firstLine) {
            try {
                return firstLine.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted while waiting for the chunks before");
            } catch (ExecutionException e) {
                throw new CancellationException("a chunk before failed: " + e.getCause());
            }
        }
    }

    /**
     * Merges the chunks in order, with at most {@code ahead} of them submitted and not yet merged: what the chunks
     * read ahead hold (text, dictionaries, columns) stays a few chunks' worth, and a merged chunk is let go at once.
     */
    private static Outcome merge(Reading reading, int ahead, long[] starts, String name, SampleLimits limits,
        ReadMonitor monitor) throws IOException {
        int n = reading.chunks();
        List<Future<Chunk>> pending = new ArrayList<>();
        for (int k = 0; k < Math.min(ahead, n); k++) {
            pending.add(reading.submit(k));
        }
        SampleBuilder into = new SampleBuilder(limits);
        into.fileStarted();
        ChunkMerge merge = new ChunkMerge(into, name);
        for (int k = 0; k < n; k++) {
            Chunk chunk;
            try {
                chunk = pending.set(k, null).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("reading " + name + " was interrupted");
            } catch (ExecutionException e) {
                if (monitor.cancelled()) {
                    throw new CancellationException("reading " + name + " was cancelled");
                }
                return new Outcome(null, "chunk " + k + " failed: " + e.getCause());
            }
            if (k + ahead < n) {
                pending.add(reading.submit(k + ahead));
            }
            if (k + 1 < n && !chunk.end().endedAtNewline()) {
                return new Outcome(null, "a string left open runs over the end of chunk " + k);
            }
            if (k == 0 && chunk.end().goodLines() == 0) {
                return new Outcome(null, "no point in the first chunk (the file's start is judged over more)");
            }
            Optional<String> refused = merge.add(chunk.builder(), chunk.end());
            if (refused.isPresent()) {
                return new Outcome(null, refused.get());
            }
            monitor.progress(name, starts[k + 1], starts[starts.length - 1]);
            if (monitor.cancelled()) {
                throw new CancellationException("reading " + name + " was cancelled");
            }
        }
        Optional<String> beyond = merge.beyondLimits();
        return beyond.map(why -> new Outcome(null, why)).orElseGet(() -> new Outcome(merge.result(), null));
    }

    /** Where chunks start, and reading them. */
    static final class Chunks {
        private static final int SCAN = 1 << 16;

        private Chunks() {
        }

        /**
         * The offsets where chunks of about {@code chunkBytes} start, each just after a newline, then the file's size:
         * {@code n + 1} offsets for {@code n} chunks, none empty.
         */
        static long[] split(FileChannel ch, int chunkBytes) throws IOException {
            long size = ch.size();
            List<Long> starts = new ArrayList<>();
            starts.add(0L);
            long next = chunkBytes;
            ByteBuffer scan = ByteBuffer.allocate(SCAN);
            while (next < size) {
                long cut = nextLineStart(ch, next - 1, size, scan);
                if (cut >= size) {
                    break;
                }
                starts.add(cut);
                next = cut + chunkBytes;
            }
            starts.add(size);
            return starts.stream().mapToLong(Long::longValue).toArray();
        }

        /** The offset just after the first newline at or after {@code from}, or {@code size} when there is none. */
        private static long nextLineStart(FileChannel ch, long from, long size, ByteBuffer scan) throws IOException {
            for (long at = from; at < size; ) {
                scan.clear();
                int n = ch.read(scan, at);
                if (n <= 0) {
                    break;
                }
                byte[] b = scan.array();
                for (int i = 0; i < n; i++) {
                    if (b[i] == '\n') {
                        return at + i + 1;
                    }
                }
                at += n;
            }
            return size;
        }

        /**
         * The bytes {@code [from, to)} of the file, read as the reader asks (a buffer's worth at a time, which stays
         * in the CPU's cache on its way through the JDK's I/O buffer; a chunk read whole into one array first took
         * about 0.4 ns a byte more CPU time, a third of what the parallel read added).
         */
        static InputStream stream(FileChannel ch, long from, long to) {
            return new InputStream() {
                private long at = from;

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    if (at >= to) {
                        return -1;
                    }
                    int n = ch.read(ByteBuffer.wrap(b, off, (int) Math.min(len, to - at)), at);
                    if (n < 0) {
                        throw new IOException("the file became shorter while it was read");
                    }
                    at += n;
                    return n;
                }

                @Override
                public int read() throws IOException {
                    byte[] one = new byte[1];
                    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
                }
            };
        }
    }
}
