package dev.cardinal.ui.session;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import javafx.util.Subscription;

/**
 * One-off notices, as an explicit stream: each is delivered once to whoever subscribes now, and is news every time
 * (the same message twice is said twice), unlike a property that fires only when its value changes.
 */
public final class Notices {
    /** A notice: what an action did, or a request to bring an attribute into view. */
    public sealed interface Notice {
    }

    /** Says in the status bar what an action did (saved, exported, why it failed). */
    public record Status(String text) implements Notice {
    }

    /** Brings the attribute {@code name} into view in the views that list attributes. */
    public record Focus(String name) implements Notice {
    }

    private final List<Consumer<? super Notice>> subscribers = new CopyOnWriteArrayList<>();

    public void post(Notice notice) {
        subscribers.forEach(s -> s.accept(notice));
    }

    /** Hands each notice posted from now on to {@code subscriber}, until the subscription is cancelled. */
    public Subscription subscribe(Consumer<? super Notice> subscriber) {
        subscribers.add(subscriber);
        return () -> subscribers.remove(subscriber);
    }

    /** Hands {@code subscriber} each notice of {@code type} posted from now on. */
    public <N extends Notice> Subscription subscribe(Class<N> type, Consumer<? super N> subscriber) {
        return subscribe(n -> {
            if (type.isInstance(n)) {
                subscriber.accept(type.cast(n));
            }
        });
    }
}
