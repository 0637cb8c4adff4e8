package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads one file of sample traffic into a {@link SampleBuilder}. Bad lines are reported to the builder with file,
 * line, column and reason, and skipped; reading goes on. A file that is not of the reader's format at all is
 * refused at once with a {@link SampleFormatException}.
 */
public interface TrafficReader {

    /**
     * @param in       the file's bytes, already decompressed
     * @param file     the name used in problems
     * @param binding  format options (precision, time column, event kind, tag columns)
     * @param into     where rows and problems go
     * @param monitor  polled for cancellation (progress is reported by the caller, which counts bytes)
     */
    void read(InputStream in, String file, SampleBinding binding, SampleBuilder into, ReadMonitor monitor)
        throws IOException, SampleFormatException;
}
