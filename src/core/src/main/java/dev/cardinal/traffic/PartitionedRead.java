package dev.cardinal.traffic;

import dev.cardinal.model.SampleFormat;

/** The first file of a sample read with its large dictionaries probed on two threads (issue 33). */
final class PartitionedRead {
    private PartitionedRead() {
    }

    /**
     * The first file, when line protocol, read into a new builder with its large dictionaries probed on two threads
     * ({@link PartitionedProbes}), or null when not (then it is read as any other): on two processors or more unless
     * {@code cardinal.readThreads} says 1 or more threads, or {@code cardinal.partitionedProbes} is false. Such a read
     * gives byte for byte what one thread gives, the memory budget's stop included; only where the values' hashes
     * crowd a region of a table it may not ({@link PartitionedProbes#diverged}), and the file is then read again on one
     * thread.
     */
    static SampleBuilder read(SampleReader.Source source, SampleLimits limits, ReadMonitor monitor) {
        return read(source, limits, monitor, PartitionedProbes.DEFAULT_THRESHOLD);
    }

    /** As {@link #read(SampleReader.Source, SampleLimits, ReadMonitor)}, from dictionaries of {@code threshold} values. */
    static SampleBuilder read(SampleReader.Source source, SampleLimits limits, ReadMonitor monitor, int threshold) {
        if (source.binding().format() != SampleFormat.LINE_PROTOCOL
            || !partitionedProbes(Runtime.getRuntime().availableProcessors())) {
            return null;
        }
        SampleBuilder b = new SampleBuilder(limits);
        b.probeInPartitions(threshold);
        try {
            SampleReader.readOne(source, b, monitor);
        } catch (RuntimeException | Error e) {
            b.probesDone();
            throw e;
        }
        return b.probesDone() ? b : null;
    }

    /**
     * True when large dictionaries are probed on two threads ({@link #read}): {@code processors} two or more, {@code
     * cardinal.readThreads} unset or {@code pipeline}, {@code cardinal.partitionedProbes} not false.
     */
    static boolean partitionedProbes(int processors) {
        String threads = System.getProperty(ReadThreads.READ_THREADS);
        return processors >= 2 && (threads == null || threads.equals(ReadThreads.PIPELINE))
            && !"false".equals(System.getProperty("cardinal.partitionedProbes"));
    }
}
