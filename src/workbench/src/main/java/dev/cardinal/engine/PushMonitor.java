package dev.cardinal.engine;

/** Lets apply and a sample write report progress and be cancelled. Called on the pushing thread. */
public interface PushMonitor {
    PushMonitor NONE = new PushMonitor() {
    };

    /** A step ran or a batch was written: {@code done} of {@code total} (total -1 when unknown). */
    default void progress(String what, long done, long total) {
    }

    /** Polled between statements and between batches; when true the work stops at that point, resumably. */
    default boolean cancelled() {
        return false;
    }
}
