package dev.cardinal.ui.projection;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.projection.Dependence;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.Sample;
import java.util.List;
import java.util.Map;

/**
 * Why a toggle changed no series: "series unchanged: user_id varies with session_id". Remembers the projection shown
 * before, and the sample it was over; used on the projection's worker thread only.
 */
final class UnchangedSeries {
    private Projection previous;
    private Sample previousSample;

    /**
     * When one attribute moved in or out of the tags since the projection shown before and the series stayed the
     * same, why; null otherwise. {@code now} becomes the projection shown before.
     */
    String after(Sample s, EventKind kind, Projection now, SampleIndex index) {
        String why = why(s, kind, now, index);
        previous = now;
        previousSample = s;
        return why;
    }

    private String why(Sample s, EventKind kind, Projection now, SampleIndex index) {
        Projection was = previous;
        if (was == null || previousSample != s || now.estimate() != null || was.estimate() != null
            || !was.eventKind().equals(now.eventKind()) || !was.layout().id().equals(now.layout().id())
            || was.now().series() != now.now().series() || !was.settings().equals(now.settings())) {
            return null;
        }
        Map<String, Role> before = was.layout().roles(kind);
        Map<String, Role> after = now.layout().roles(kind);
        List<String> moved = before.keySet().stream().filter(a -> before.get(a) != after.get(a)).toList();
        if (moved.size() != 1 || (before.get(moved.get(0)) != Role.TAG && after.get(moved.get(0)) != Role.TAG)) {
            return null;
        }
        String a = moved.get(0);
        Layout tagged = before.get(a) == Role.TAG ? was.layout() : now.layout();
        return Dependence.tagDetermining(index, tagged, a)
            .map(t -> "series unchanged: " + a + " varies with " + t)
            .orElse("series unchanged: the other tags together determine " + a);
    }
}
