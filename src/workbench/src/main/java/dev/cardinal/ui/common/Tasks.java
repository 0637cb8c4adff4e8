package dev.cardinal.ui.common;

import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.concurrent.Task;

/**
 * Runs a job off the JavaFX thread and hands its result back on it. Failures go to the error handler, which the
 * caller must give: nothing is swallowed. A cancelled job calls neither handler, only {@code andFinally}.
 */
public final class Tasks {
    private Tasks() {
    }

    /** A job that can report progress (0..1, or -1 for unknown) and a message. */
    public interface Job<T> {
        T run(Progress progress) throws Exception;
    }

    public interface Progress {
        void update(double fraction, String message);

        boolean cancelled();
    }

    public static <T> Builder<T> create(Job<T> job) {
        return new Builder<>(job);
    }

    public static final class Builder<T> {
        private final Job<T> job;
        private Consumer<T> onSuccess = r -> { };
        private Consumer<Throwable> onError;
        private Runnable andFinally = () -> { };

        private Builder(Job<T> job) {
            this.job = job;
        }

        public Builder<T> onSuccess(Consumer<T> handler) {
            this.onSuccess = handler;
            return this;
        }

        public Builder<T> onError(Consumer<Throwable> handler) {
            this.onError = handler;
            return this;
        }

        public Builder<T> andFinally(Runnable handler) {
            this.andFinally = handler;
            return this;
        }

        public Task<T> runOn(Executor executor) {
            if (onError == null) {
                throw new IllegalStateException("a background job needs an error handler");
            }
            Task<T> task = new Task<>() {
                @Override
                protected T call() throws Exception {
                    return job.run(new Progress() {
                        @Override
                        public void update(double fraction, String message) {
                            updateProgress(fraction < 0 ? -1 : fraction, 1);
                            updateMessage(message);
                        }

                        @Override
                        public boolean cancelled() {
                            return isCancelled();
                        }
                    });
                }
            };
            task.setOnSucceeded(e -> {
                onSuccess.accept(task.getValue());
                andFinally.run();
            });
            task.setOnFailed(e -> {
                if (!(task.getException() instanceof CancellationException)) {
                    onError.accept(task.getException());
                }
                andFinally.run();
            });
            task.setOnCancelled(e -> andFinally.run());
            executor.execute(task);
            return task;
        }
    }
}
