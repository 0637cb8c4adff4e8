package dev.cardinal.engine;

import java.io.IOException;

/**
 * A sample write the server refused part-way: the lines before {@link SampleComparison.Resume#resumeAt()} are on the
 * server, and writing again from there with the same time shift completes it without duplicates.
 */
public final class SampleWriteStopped extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient SampleComparison.Resume resume;

    public SampleWriteStopped(String message, SampleComparison.Resume resume, Throwable cause) {
        super(message, cause);
        this.resume = java.util.Objects.requireNonNull(resume, "resume");
    }

    public SampleComparison.Resume resume() {
        return resume;
    }
}
