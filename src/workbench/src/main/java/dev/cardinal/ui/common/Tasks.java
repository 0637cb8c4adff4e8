package dev.cardinal.ui.common;

import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.concurrent.Task;

/**
 * Runs a job off the JavaFX thread and hands its result back on it. Failures go to the error handlers: typed ones
 * ({@link Builder#onError(Class, Consumer)}) for the failures the caller says something particular about, tried in the
 * order given, and the one for every other failure, which the caller must give: nothing is swallowed. A cancelled job
 * calls no handler, only {@code andFinally}.
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
        private final java.util.List<Typed<?>> typed = new java.util.ArrayList<>();
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

        /** Failures of {@code type} (or a subtype) go to {@code handler} instead of the one for every other failure. */
        public <E extends Throwable> Builder<T> onError(Class<E> type, Consumer<? super E> handler) {
            typed.add(new Typed<>(type, handler));
            return this;
        }

        private void failed(Throwable e) {
            for (Typed<?> t : typed) {
                if (t.accepts(e)) {
                    return;
                }
            }
            onError.accept(e);
        }

        public Builder<T> andFinally(Runnable handler) {
            this.andFinally = handler;
            return this;
        }

        /** Hands this builder to {@code step} (handlers a caller gives as one piece) and goes on with what it returns. */
        public Builder<T> apply(java.util.function.UnaryOperator<Builder<T>> step) {
            return step.apply(this);
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
                    failed(task.getException());
                }
                andFinally.run();
            });
            task.setOnCancelled(e -> andFinally.run());
            executor.execute(task);
            return task;
        }
    }

    /** A handler for failures of one type. */
    private record Typed<E extends Throwable>(Class<E> type, Consumer<? super E> handler) {
        boolean accepts(Throwable e) {
            if (!type.isInstance(e)) {
                return false;
            }
            handler.accept(type.cast(e));
            return true;
        }
    }
}
