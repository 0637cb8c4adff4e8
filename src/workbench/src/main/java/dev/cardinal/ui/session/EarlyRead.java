package dev.cardinal.ui.session;

import dev.cardinal.model.WorkspaceFormatException;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The workspace named on the command line, read while the toolkit starts: starting JavaFX and building the window
 * keep one core busy for about a second and a half, and the read of a 200,000-row sample takes about as long on the
 * other (issue 34: a usable window with numbers within 2.5 s). The window takes the read over when it opens that
 * file ({@link #take}); its progress and Cancel then follow the read under way. Samples outside the workspace's
 * folder are not read early: the user is asked first, as for any open.
 */
public final class EarlyRead {
    private static final AtomicReference<EarlyRead> PENDING = new AtomicReference<>();

    private final Path file;
    private final CompletableFuture<WorkspaceOpener.Loading> loading = new CompletableFuture<>();
    private final CompletableFuture<Sample> sample = new CompletableFuture<>();
    /** Where the read reports once the window took it over; until then, nowhere. */
    private volatile ReadMonitor follower = ReadMonitor.NONE;

    private EarlyRead(Path file) {
        this.file = file;
    }

    /** Starts reading {@code file} and its sample on a thread of its own. */
    public static void start(Path file) {
        EarlyRead read = new EarlyRead(file.toAbsolutePath().normalize());
        PENDING.set(read);
        Thread thread = new Thread(read::run, "cardinal-early-read");
        thread.setDaemon(true);
        thread.start();
    }

    /** The early read of {@code file}, once: a later open of the same file reads it anew. */
    public static Optional<EarlyRead> take(Path file) {
        EarlyRead read = PENDING.get();
        if (read == null || !read.file.equals(file.toAbsolutePath().normalize()) || !PENDING.compareAndSet(read, null)) {
            return Optional.empty();
        }
        return Optional.of(read);
    }

    private void run() {
        WorkspaceOpener.Loading loaded;
        try {
            loaded = WorkspaceOpener.load(file, false);
            loading.complete(loaded);
        } catch (IOException | WorkspaceFormatException | RuntimeException e) {
            loading.completeExceptionally(e);
            sample.completeExceptionally(e);
            return;
        }
        if (!loaded.unread().isEmpty()) {
            sample.complete(null); // the user is asked about those first: the window reads the sample itself
            return;
        }
        try {
            sample.complete(loaded.readSample(SampleLimits.defaults(), new ReadMonitor() {
                @Override
                public void progress(String name, long done, long total) {
                    follower.progress(name, done, total);
                }

                @Override
                public boolean cancelled() {
                    return follower.cancelled();
                }
            }));
        } catch (IOException | RuntimeException e) {
            sample.completeExceptionally(e);
        }
    }

    /** The workspace file, read (or why it could not be), waiting for it if need be. */
    public WorkspaceOpener.Loading loading() throws IOException, WorkspaceFormatException {
        try {
            return loading.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof WorkspaceFormatException f) {
                throw f;
            }
            throw rethrown(e.getCause());
        }
    }

    /**
     * The sample of {@code read}, when it is the workspace this early read loaded and its sample was read early;
     * else empty, and the caller reads it. Waits for the read, reporting to {@code monitor} and cancelled by it.
     */
    public Optional<Sample> sample(WorkspaceOpener.Loading read, ReadMonitor monitor) throws IOException {
        if (!loading.isDone() || loading.isCompletedExceptionally() || loading.join() != read) {
            return Optional.empty();
        }
        follower = monitor; // the read polls its Cancel
        try {
            return Optional.ofNullable(sample.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        }
    }

    private static IOException rethrown(Throwable cause) {
        if (cause instanceof IOException io) {
            return io;
        }
        if (cause instanceof UncheckedIOException u) {
            return u.getCause();
        }
        if (cause instanceof RuntimeException r) {
            throw r;
        }
        throw new IllegalStateException(cause);
    }
}
