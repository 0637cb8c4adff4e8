package dev.cardinal.traffic;

/**
 * How many threads read one sample file, and how: in chunks ({@link ParallelLineProtocol}), pipelined (the lines
 * found and parsed on a second thread, {@link LinePipeline}), or on the calling thread alone. The system property
 * {@code cardinal.readThreads} overrides the defaults.
 */
final class ReadThreads {
    private ReadThreads() {
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
}
