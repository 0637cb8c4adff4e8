package dev.cardinal.ui.session;

import java.util.function.Function;
import java.util.function.UnaryOperator;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;

/**
 * The workbench's state, one immutable {@link SessionState} in one read-only property: a command computes the next
 * state from the current one, and every panel derives what it shows from it ({@link #map}). One-off notices (a
 * status message, a request to focus an attribute) are not state: they go through {@link #notices()}.
 */
public final class Session {
    private final ReadOnlyObjectWrapper<SessionState> state = new ReadOnlyObjectWrapper<>(SessionState.NONE);
    private final Notices notices = new Notices();

    public ReadOnlyObjectProperty<SessionState> stateProperty() {
        return state.getReadOnlyProperty();
    }

    public SessionState state() {
        return state.get();
    }

    /** What a panel shows of the state, following it. */
    public <T> ObservableValue<T> map(Function<SessionState, T> part) {
        return state.map(part);
    }

    /** Moves to the state {@code command} computes from the current one (an equal state changes nothing). */
    public void update(UnaryOperator<SessionState> command) {
        SessionState next = command.apply(state.get());
        if (!next.equals(state.get())) {
            state.set(next);
        }
    }

    public Notices notices() {
        return notices;
    }
}
