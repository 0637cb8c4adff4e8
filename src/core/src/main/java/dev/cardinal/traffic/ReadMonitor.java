package dev.cardinal.traffic;

/**
 * Lets a long read report progress and be cancelled. Called on the reading thread, or for a compressed file on the
 * thread that decompresses it.
 */
public interface ReadMonitor {
    ReadMonitor NONE = new ReadMonitor() {
    };

    /** {@code done} of {@code total} bytes of the current file have been read ({@code total} may be -1). */
    default void progress(String file, long done, long total) {
    }

    /** Polled between chunks; when true the read ends with {@link java.util.concurrent.CancellationException}. */
    default boolean cancelled() {
        return false;
    }
}
