package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.traffic.IdColumn;
import java.util.Arrays;
import java.util.Optional;

/**
 * Why moving an attribute in or out of the tags changes no series: in the sample, one of the other tags determines
 * it (each session belongs to one user, so with session_id a tag, user_id adds no series).
 */
public final class Dependence {
    private Dependence() {
    }

    /** True when every row with the same value of {@code by} has the same value of {@code a} (absent counts as a value). */
    public static boolean determines(SampleIndex index, int by, int a) {
        IdColumn byIds = index.ids(by);
        IdColumn aIds = index.ids(a);
        int[] seen = new int[index.distinct(by) + 1];
        Arrays.fill(seen, -1);
        for (int row = 0, n = index.rows(); row < n; row++) {
            int b = byIds.get(row);
            int v = aIds.get(row);
            if (seen[b] < 0) {
                seen[b] = v;
            } else if (seen[b] != v) {
                return false;
            }
        }
        return true;
    }

    /**
     * A plain tag of {@code layout} other than {@code attribute} that determines it in the sample, the most distinct
     * first (the likeliest reason); empty when none alone does.
     */
    public static Optional<String> tagDetermining(SampleIndex index, Layout layout, String attribute) {
        int a = index.sample().attributeIndex(attribute);
        if (a < 0) {
            return Optional.empty();
        }
        return layout.rolesOfUsed().entrySet().stream()
            .filter(e -> e.getValue() == Role.TAG && !e.getKey().equals(attribute))
            .map(e -> index.sample().attributeIndex(e.getKey()))
            .filter(t -> t >= 0)
            .sorted((x, y) -> Integer.compare(index.distinct(y), index.distinct(x)))
            .filter(t -> determines(index, t, a))
            .map(t -> index.sample().attributes().get(t).name())
            .findFirst();
    }
}
