package dev.cardinal.ui.compare;

import dev.cardinal.compare.Side;
import dev.cardinal.model.Durations;
import dev.cardinal.ui.session.SessionState;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a review was made for: the session's state when it was asked for, and its two sides. A review of layouts from
 * another file or revision changes only with the settings and the traffic; one of this workspace's layouts, also
 * when that layout (or its event kind) is edited.
 */
record ReviewMadeFor(SessionState state, Side a, Side b) {

    /** What changed since the review was made ("the horizon (now 365d, the review's 30d) and layout x"), or null while it holds in {@code now}. */
    String outOfDate(SessionState now) {
        List<String> changed = new ArrayList<>();
        if (!now.horizon().equals(state.horizon())) {
            changed.add("the horizon (now " + Durations.format(now.horizon()) + ", the review's " + Durations.format(state.horizon()) + ")");
        }
        if (now.trafficMultiplier() != state.trafficMultiplier()) {
            changed.add("the traffic multiplier (now " + times(now.trafficMultiplier()) + ", the review's " + times(state.trafficMultiplier())
                + ")");
        }
        if (changed.isEmpty() && !now.sameSettings(state)) {
            changed.add("the server");
        }
        for (Side side : a.layout().id().equals(b.layout().id()) && a.origin() == null && b.origin() == null ? List.of(a) : List.of(a, b)) {
            if (side.origin() == null && !now.sameLayout(state, side.layout().id())) {
                changed.add("layout " + side.layout().name());
            }
        }
        if (!now.sameTraffic(state)) {
            changed.add("the traffic");
        }
        if (changed.isEmpty()) {
            return null;
        }
        String last = changed.remove(changed.size() - 1);
        return changed.isEmpty() ? last : String.join(", ", changed) + " and " + last;
    }

    private static String times(double x) {
        return x == Math.rint(x) ? String.format(Locale.ROOT, "x%d", (long) x) : String.format(Locale.ROOT, "x%s", x);
    }
}
