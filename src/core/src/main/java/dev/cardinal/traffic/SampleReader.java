package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import java.io.BufferedInputStream;
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
     * The first file read on several threads into a new builder, or why not (then it is read on one, as any other):
     * only plain line protocol files of at least two chunks, whose size leaves room in the budget for a one-thread
     * read (what the parallel read holds on the way exists twice for a moment).
     */
    static ParallelLineProtocol.Outcome readInParallel(Source source, SampleLimits limits, ReadMonitor monitor) {
        Path path = source.path();
        long size = sizeOrUnknown(path);
        int threads = ReadThreads.readThreads(size);
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
             InputStream counted = new ReadProgress(raw, name, total, monitor);
             BufferedInputStream peekable = new BufferedInputStream(counted, 1 << 16);
             InputStream text = decompress(peekable, name)) {
            BufferedInputStream sniffable = new BufferedInputStream(text, 1 << 16);
            refuseBinary(sniffable, name, source.binding().format() == SampleFormat.LINE_PROTOCOL);
            builder.expectInput(text == peekable ? total : gzipStatedSize(path, total));
            TrafficReader reader = source.binding().format() == SampleFormat.LINE_PROTOCOL && ReadThreads.pipelined(total, text == peekable)
                ? LineProtocolReader.pipelined(-1, ReadThreads.PIPELINE_BUFFERS, ReadThreads.PIPELINE_BUFFER_BYTES)
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
}
