package dev.cardinal.ui.projection;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.traffic.Sample;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * The projections of the layouts one toggle away from the one shown (each tag made a field, each plain string field
 * made a tag), made on the derived thread after a projection is shown, so that the toggle that follows is shown
 * without a computation of its own. Kept for one sample at a time, and a bounded number of them.
 */
final class AheadProjections {
    /** A projection computed ahead, for the layout a single toggle would make, with the time it took. */
    record Ahead(Projected.Rows projected, Duration took) {
    }

    /** What a projection depends on besides the sample. */
    private record Key(Layout layout, EventKind kind, ProjectionSettings settings) {
    }

    /** Most projections kept ahead; beyond it the oldest edit's are dropped. */
    private static final int KEPT = 64;
    /** Projections ahead over {@code sample}, written by the derived thread, read by the worker. */
    private final Map<Key, Ahead> ahead = new ConcurrentHashMap<>();
    private volatile Sample sample;
    private final AtomicLong used = new AtomicLong();

    /** True when {@code layout}'s projection over {@code s} was made ahead. */
    boolean ready(Sample s, Layout layout, EventKind kind, ProjectionSettings settings) {
        return sample == s && ahead.containsKey(new Key(layout, kind, settings));
    }

    /** {@code layout}'s projection over {@code s} made ahead, counted as used; null when there is none. */
    Ahead take(Sample s, Layout layout, EventKind kind, ProjectionSettings settings) {
        Ahead found = sample == s ? ahead.get(new Key(layout, kind, settings)) : null;
        if (found != null) {
            used.incrementAndGet();
        }
        return found;
    }

    /** How many projections were answered by one made ahead. */
    long used() {
        return used.get();
    }

    /** A sample replaced every few moments (captured traffic): nothing made ahead would be used. */
    void forget() {
        ahead.clear();
    }

    /**
     * Projects the layouts one toggle away from {@code layout} over {@code s} (as {@code rows}, its rows), until
     * {@code newer} says to stop.
     */
    void project(Sample s, Workspace ws, Layout layout, EventKind kind, ProjectionSettings settings, ProjectionInput.Rows rows,
                 BooleanSupplier newer) {
        if (sample != s) {
            ahead.clear();
            sample = s;
        }
        if (ahead.size() > KEPT) {
            ahead.clear();
        }
        for (var attribute : kind.attributes()) {
            Role role = layout.roleOf(attribute.name());
            Role toggled = role == Role.TAG ? Role.FIELD
                : role == Role.FIELD && attribute.type() == ValueType.STRING ? Role.TAG : null;
            if (toggled == null) {
                continue;
            }
            if (newer.getAsBoolean()) {
                return;
            }
            Layout next = layout.withRole(attribute.name(), toggled);
            Key key = new Key(next, kind, settings);
            if (!ahead.containsKey(key)) {
                long t0 = System.nanoTime();
                if (Projections.project(ws, next, rows, settings) instanceof Projected.Rows p) {
                    ahead.put(key, new Ahead(p, Duration.ofNanos(System.nanoTime() - t0)));
                }
            }
        }
    }
}
