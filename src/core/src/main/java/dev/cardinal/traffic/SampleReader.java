package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads sample traffic files into one {@link Sample}: opens each file, decompresses {@code .gz} (recognised by
 * its magic bytes), refuses binary content at once, and hands the text to the reader for the file's format.
 * One file's failure is reported and the next file is read.
 */
public final class SampleReader {
    private static final int SNIFF_BYTES = 8192;

    private SampleReader() {
    }

    /** A file and how to read it. */
    public record Source(Path path, SampleBinding binding) {
    }

    /** The workspace's bound samples that give rows (not its traffic summaries), with paths resolved against its folder. */
    public static List<Source> sources(Path workspaceFile, dev.cardinal.model.Workspace workspace) {
        return bound(workspaceFile, workspace, true);
    }

    /** The workspace's bound traffic summaries ({@link SampleFormat#SUMMARY}), resolved against its file. */
    public static List<Source> summaries(Path workspaceFile, dev.cardinal.model.Workspace workspace) {
        return bound(workspaceFile, workspace, false);
    }

    private static List<Source> bound(Path workspaceFile, dev.cardinal.model.Workspace workspace, boolean rows) {
        return workspace.samples().stream()
            .filter(b -> b.format().rows() == rows)
            .map(b -> new Source(dev.cardinal.model.WorkspaceFiles.resolve(workspaceFile, b.path()), b))
            .toList();
    }

    public static Sample read(List<Source> sources, SampleLimits limits, ReadMonitor monitor) {
        SampleBuilder builder = null;
        for (Source s : sources) {
            if (builder == null) {
                // the first file, when large and plain line protocol, on cardinal.readThreads threads (ParallelLineProtocol)
                builder = readInParallel(s, limits, monitor).builder();
                if (builder == null) {
                    builder = PartitionedRead.read(s, limits, monitor);
                }
                if (builder != null) {
                    continue;
                }
                builder = new SampleBuilder(limits);
            }
            if (builder.capped()) {
                break;
            }
            readOne(s, builder, monitor);
        }
        return (builder == null ? new SampleBuilder(limits) : builder).build();
    }

    /**
     * Files of at least this many bytes are read on two threads unless {@code cardinal.readThreads} says otherwise:
     * below it the chunks' fixed costs (each with its dictionaries and columns from small, the merge) make a larger
     * share of the work (ad marketplace traffic, CPU time of the process against one thread: +25 to 30% at 17 MB,
     * +15% at 34 MB, +13% at 68 MB, +9 to 12% at 190 MB; see the README's Performance).
     */
    static final long TWO_THREADS_FROM_BYTES = 4L * ParallelLineProtocol.CHUNK_BYTES;

    /**
     * Threads that read one plain line protocol file of {@code size} bytes in chunks: the system property {@code
     * cardinal.readThreads} when set (1 reads every file on the calling thread, {@code pipeline} too, with a second
     * thread ahead of it: see {@link #pipelined}); else {@link #defaultThreads}.
     */
    static int readThreads(long size) {
        if (PIPELINE.equals(System.getProperty(READ_THREADS))) {
            return 1;
        }
        Integer set = Integer.getInteger(READ_THREADS);
        if (set != null) {
            return set;
        }
        return defaultThreads(size, Runtime.getRuntime().availableProcessors());
    }

    static final String READ_THREADS = "cardinal.readThreads";
    /** {@code cardinal.readThreads=pipeline}: a line protocol file's lines found on a second thread ({@link #pipelined}). */
    static final String PIPELINE = "pipeline";
    /**
     * The pipelined read's buffers: a line longer than one is read on one thread, with the rest of its file. Of 256 KiB,
     * the bytes a buffer's lines were found in are still in the processors' shared cache when they are taken (10M
     * lines, compiled, quiet: 3.18 s with 256 KiB, 3.41 s with 1 MiB, 3.89 s with 64 KiB, medians of 3; one thread
     * 5.38 s).
     */
    static final int PIPELINE_BUFFERS = 4;
    static final int PIPELINE_BUFFER_BYTES = 256 << 10;

    /** Plain files of at least this many bytes are pipelined by default ({@link #defaultPipelined}). */
    static final long PIPELINE_FROM_BYTES = 256L << 20;

    /**
     * True when a line protocol file of {@code size} bytes, read on one thread (not in chunks), has its lines found and
     * parsed on a second thread ahead of the one that takes them ({@link LinePipeline}): {@code
     * cardinal.readThreads=pipeline} says yes for every such file, a .gz too (a third thread then inflates it); any
     * other value says no; unset, {@link #defaultPipelined} decides for a {@code plain} file.
     */
    static boolean pipelined(long size, boolean plain) {
        String set = System.getProperty(READ_THREADS);
        if (set != null) {
            return set.equals(PIPELINE);
        }
        return plain && defaultPipelined(size, Runtime.getRuntime().availableProcessors());
    }

    /**
     * The pipeline for a plain file of at least {@link #PIPELINE_FROM_BYTES} (that the chunk read did not take) on two
     * processors or more, by design and whatever else the machine runs (issue 33): the lines are found and parsed on
     * one processor while the other writes them, and when the second processor is busy the read degrades toward one
     * thread's speed (it never fails and gives byte for byte the one-thread result). Until 2026-12-07 it was switched
     * off when the one-minute load average reached the processors' number, so a busy minute before the command
     * silently changed how it read. Measured on 2 processors (ad marketplace, see the README's Performance): a fresh
     * {@code cardinal analyze} of 10M lines (1.9 GB) read in 4.2 to 4.5 s against 5.8 to 5.9 s on one thread, quiet;
     * of 1M lines (190 MB) as fast as one thread (0.65 to 0.73 s both: the JIT compiler takes the second processor
     * while the read is short); with the machine busy (load 3.4 to 4.6) 10M took longer pipelined (8.8 s against
     * 7.1 s, medians of 3).
     */
    static boolean defaultPipelined(long size, int processors) {
        return size >= PIPELINE_FROM_BYTES && processors >= 2;
    }

    /**
     * Two threads in chunks for a file of at least {@link #TWO_THREADS_FROM_BYTES} when the machine has four
     * processors or more; else one (the pipeline may still give it a second: {@link #defaultPipelined}).
     * A command's read runs in a fresh process, while the JIT compiler works on other threads: on two processors the
     * second thread takes the compiler's processor, and the read was slower than on one (ad marketplace, 190 MB, fresh
     * {@code cardinal analyze}, quiet machine: 1.61 to 1.83 s against 1.36 to 1.43 s, 2.6 to 3.0 s of CPU against 2.0
     * s), though once compiled two threads take 0.34 s against 0.56 s. Each chunk also keeps its own dictionaries
     * until it is merged: on explosion-shaped traffic, where nearly every id is new, that took 803 MB at 1M lines
     * against 330 MB on one thread (performance.md, issue 33).
     */
    static int defaultThreads(long size, int processors) {
        return size >= TWO_THREADS_FROM_BYTES && processors >= 4 ? 2 : 1;
    }

    /**
     * The first file read on several threads into a new builder, or why not (then it is read on one, as any other):
     * only plain line protocol files of at least two chunks, whose size leaves room in the budget for a one-thread
     * read (what the parallel read holds on the way exists twice for a moment).
     */
    static ParallelLineProtocol.Outcome readInParallel(Source source, SampleLimits limits, ReadMonitor monitor) {
        Path path = source.path();
        long size = sizeOrUnknown(path);
        int threads = readThreads(size);
        if (threads < 2 || source.binding().format() != SampleFormat.LINE_PROTOCOL || refusal(path).isPresent()
            || size < 2L * ParallelLineProtocol.CHUNK_BYTES || 2 * size > limits.maxBytes()) {
            return new ParallelLineProtocol.Outcome(null, "not a large plain line protocol file");
        }
        try {
            if (!plainText(path)) {
                return new ParallelLineProtocol.Outcome(null, "gzip or binary");
            }
            return ParallelLineProtocol.read(path, path.toString(), source.binding(), limits, monitor, threads,
                ParallelLineProtocol.CHUNK_BYTES, System.currentTimeMillis() * 1_000_000L);
        } catch (IOException e) {
            return new ParallelLineProtocol.Outcome(null, "cannot read: " + e.getMessage());
        }
    }

    /** True when the file starts with neither gzip's magic bytes nor a NUL in its first bytes (see {@link #refuseBinary}). */
    private static boolean plainText(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            byte[] head = in.readNBytes(SNIFF_BYTES);
            if (head.length >= 2 && (head[0] & 0xFF) == 0x1f && (head[1] & 0xFF) == 0x8b) {
                return false;
            }
            for (byte b : head) {
                if (b == 0) {
                    return false;
                }
            }
            return !path.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".gz");
        }
    }

    static TrafficReader readerFor(SampleFormat format) {
        return switch (format) {
            case LINE_PROTOCOL -> new LineProtocolReader();
            case CSV -> new CsvReader();
            case NDJSON -> new NdjsonReader();
            case PROMETHEUS_TEXT -> new PrometheusTextReader();
            case SUMMARY -> throw new IllegalArgumentException("a traffic summary holds counts, not rows (readOne says so)");
        };
    }

    /**
     * Why {@code path} cannot be read as a sample file, or empty when it is a regular file (a link is followed). A
     * directory, a named pipe, a socket or a device is never opened: opening a pipe blocks until someone writes to it,
     * and a device may never end, so one such path bound in a workspace would hang every command that reads it.
     */
    public static Optional<String> refusal(Path path) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return Optional.of("no such file");
        } catch (IOException e) {
            return Optional.of("cannot read: " + e.getMessage());
        }
        if (attributes.isRegularFile()) {
            return path.getFileName().toString().endsWith(dev.cardinal.model.WorkspaceFiles.EXTENSION)
                ? Optional.of("is a Cardinal workspace, not sample traffic: give it with --workspace (or open it in the workbench)")
                : Optional.empty();
        }
        if (attributes.isDirectory()) {
            return Optional.of("is a directory, not a file");
        }
        return Optional.of(special(path) + ", not a regular file: sample traffic is read from files only (reading it"
            + " could wait for a writer forever or never end)");
    }

    /** What kind of special file {@code path} is, from its Unix mode where the platform tells it. */
    private static String special(Path path) {
        try {
            int type = (Integer) Files.getAttribute(path, "unix:mode") & 0170000;
            return switch (type) {
                case 0010000 -> "is a named pipe (FIFO)";
                case 0140000 -> "is a socket";
                case 0020000 -> "is a character device";
                case 0060000 -> "is a block device";
                default -> "is a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "is a special file (a pipe, socket or device)";
        }
    }

    static void readOne(Source source, SampleBuilder builder, ReadMonitor monitor) {
        Path path = source.path();
        String name = path.toString();
        Optional<String> refused = refusal(path);
        if (refused.isPresent()) {
            builder.problem(new ReadProblem(name, 0, 0, ReadProblem.Kind.UNREADABLE, refused.get()));
            return;
        }
        if (!source.binding().format().rows()) {
            builder.problem(new ReadProblem(name, 0, 0, ReadProblem.Kind.NOT_THIS_FORMAT, "a traffic summary holds counts, not"
                + " rows: give it to cardinal analyze, lint or compare with --workspace, or add it in the workbench"));
            return;
        }
        long total = sizeOrUnknown(path);
        try (InputStream raw = Files.newInputStream(path);
             InputStream counted = new Progress(raw, name, total, monitor);
             BufferedInputStream peekable = new BufferedInputStream(counted, 1 << 16);
             InputStream text = decompress(peekable, name)) {
            BufferedInputStream sniffable = new BufferedInputStream(text, 1 << 16);
            refuseBinary(sniffable, name, source.binding().format() == SampleFormat.LINE_PROTOCOL);
            builder.expectInput(text == peekable ? total : gzipStatedSize(path, total));
            TrafficReader reader = source.binding().format() == SampleFormat.LINE_PROTOCOL && pipelined(total, text == peekable)
                ? LineProtocolReader.pipelined(-1, PIPELINE_BUFFERS, PIPELINE_BUFFER_BYTES)
                : readerFor(source.binding().format());
            reader.read(sniffable, name, source.binding(), builder, monitor);
        } catch (NoSuchFileException e) {
            // removed since the check above
            builder.problem(new ReadProblem(name, 0, 0, ReadProblem.Kind.UNREADABLE, "no such file"));
        } catch (SampleFormatException e) {
            builder.problem(new ReadProblem(name, 0, 0, ReadProblem.Kind.NOT_THIS_FORMAT, e.getMessage()));
        } catch (ZipException e) {
            builder.problem(new ReadProblem(name, 0, 0, ReadProblem.Kind.UNREADABLE,
                "corrupt gzip data (" + e.getMessage() + "); rows before the fault were kept"));
        } catch (java.io.EOFException e) {
            builder.problem(new ReadProblem(name, 0, 0, ReadProblem.Kind.UNREADABLE, GzipCut.message(path)));
        } catch (IOException e) {
            builder.problem(new ReadProblem(name, 0, 0, ReadProblem.Kind.UNREADABLE, "cannot read: " + e.getMessage()));
        }
    }

    /**
     * The uncompressed size a gzip file states in its last four bytes (ISIZE: its last member's size modulo 2^32), or
     * -1 when that is plainly wrong (less than the compressed size, as it may be for a file over 4 GiB or of several
     * members). Only an estimate for sizing columns: reading never depends on it.
     */
    static long gzipStatedSize(Path path, long compressedSize) {
        if (compressedSize < 18) {
            return -1;
        }
        try (FileChannel ch = FileChannel.open(path)) {
            ByteBuffer last = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            while (last.hasRemaining()) {
                if (ch.read(last, compressedSize - 4 + last.position()) <= 0) {
                    return -1;
                }
            }
            long stated = Integer.toUnsignedLong(last.getInt(0));
            return stated >= compressedSize ? stated : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    static long sizeOrUnknown(Path path) {
        try {
            return Files.size(path);
        } catch (IOException e) {
            return -1;
        }
    }

    private static InputStream decompress(BufferedInputStream in, String name) throws IOException, SampleFormatException {
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        boolean gzip = b0 == 0x1f && b1 == 0x8b;
        if (gzip) {
            return new InflatingPipe(new GZIPInputStream(in, 1 << 16), name);
        }
        if (name.toLowerCase(java.util.Locale.ROOT).endsWith(".gz")) {
            throw new SampleFormatException(name + " is named .gz but is not gzip data");
        }
        return in;
    }

    /**
     * Binary data (a NUL byte in the first 8 KiB) is not traffic; say so before parsing it. Line protocol may hold a
     * NUL in a tag or a string, which influxd keeps (and so a capture's spool, that keeps what it acknowledged), so
     * there a NUL marks the file as binary only when it clearly is: when not one line of those 8 KiB, read as the
     * server reads a write (a string may run over lines), is a point. A NUL in a file that holds points is the fault
     * of its line, which the reader reports with its number; refusing the whole file lost every point of a capture
     * whose first point held a string over two lines and whose second a NUL in a tag. Bytes that are not UTF-8 are
     * not refused here: they are text's usual fault, and each reader reports the lines that hold them, as the server
     * would take or refuse those lines.
     */
    private static void refuseBinary(BufferedInputStream in, String name, boolean lineProtocol)
        throws IOException, SampleFormatException {
        in.mark(SNIFF_BYTES);
        byte[] head = in.readNBytes(SNIFF_BYTES);
        in.reset();
        for (int i = 0; i < head.length; i++) {
            if (head[i] == 0) {
                if (lineProtocol && holdsAPoint(head, head.length < SNIFF_BYTES)) {
                    return;
                }
                throw new SampleFormatException(name + " holds binary data (a NUL byte at offset " + i
                    + "); sample traffic must be text");
            }
        }
    }

    /**
     * Whether one of the whole lines of {@code head} is a point, lines found as the server finds them (a newline in
     * a quoted string does not end one); {@code whole} when {@code head} is the whole file, so its last line is whole.
     */
    private static boolean holdsAPoint(byte[] head, boolean whole) {
        LineProtocolSyntax.LineScan scan = new LineProtocolSyntax.LineScan();
        LineParser parser = new LineParser();
        for (int start = 0; start < head.length; start = scan.end + 1) {
            if (!LineProtocolSyntax.scanLine(head, start, head.length, whole, scan)) {
                return false; // the rest is one line longer than the head: nothing to judge it by
            }
            int last = scan.end > start && head[scan.end - 1] == '\r' ? scan.end - 1 : scan.end;
            if (parser.parse(head, start, last) == LineParser.Result.POINT) {
                return true;
            }
        }
        return false;
    }

    /**
     * The format to read a file as: from its name, else from its first bytes ({@code {} means NDJSON; a first line
     * with commas but no space means CSV; anything else line protocol). A path that is not a regular file is not
     * opened to look (see {@link #refusal}).
     */
    public static SampleFormat detectFormat(Path path) throws IOException {
        Optional<SampleFormat> byName = SampleFormat.fromFileName(path.getFileName().toString());
        if (byName.isPresent()) {
            return byName.get();
        }
        Optional<String> refused = refusal(path);
        if (refused.isPresent()) {
            throw new IOException(path + ": " + refused.get());
        }
        try (BufferedInputStream in = new BufferedInputStream(Files.newInputStream(path))) {
            InputStream text = in;
            in.mark(2);
            if (in.read() == 0x1f && in.read() == 0x8b) {
                in.reset();
                text = new GZIPInputStream(in);
            } else {
                in.reset();
            }
            byte[] head = text.readNBytes(4096);
            String s = new String(head, StandardCharsets.UTF_8).stripLeading();
            if (s.startsWith("{")) {
                return SampleFormat.NDJSON;
            }
            if (s.startsWith("# HELP ") || s.startsWith("# TYPE ")) {
                return SampleFormat.PROMETHEUS_TEXT;
            }
            int nl = s.indexOf('\n');
            String first = nl < 0 ? s : s.substring(0, nl);
            if (first.contains(",") && !first.contains(" ") && !first.contains("=")) {
                return SampleFormat.CSV;
            }
            return SampleFormat.LINE_PROTOCOL;
        }
    }

    /** Counts bytes as they are read, for progress and cancellation. */
    private static final class Progress extends FilterInputStream {
        private final String name;
        private final long total;
        private final ReadMonitor monitor;
        private long done;

        Progress(InputStream in, String name, long total, ReadMonitor monitor) {
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
}
