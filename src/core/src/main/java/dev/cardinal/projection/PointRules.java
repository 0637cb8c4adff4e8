package dev.cardinal.projection;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Which rows of a sample make a point under a layout, by the server's rules: no tag named {@code time} (the server
 * drops the point), a non-empty measurement name, and at least one field whose attribute is present and whose key
 * is neither empty nor {@code time} (the server drops such fields, and a point with no field left). Kept in one
 * place so that exact and estimated measuring skip the same rows.
 */
final class PointRules {
    private final SampleIndex index;
    private final boolean timeTag;
    private final List<FieldCheck> checks = new ArrayList<>();

    /** One field's part: its attribute, and which rendered keys are usable (null when the key is literal). */
    private record FieldCheck(int attribute, Tuples keyTuples, boolean[] keyOk) {
        boolean usable(SampleIndex index, int row) {
            if (!index.sample().column(attribute).present(row)) {
                return false;
            }
            return keyTuples == null || keyOk[keyTuples.idOfRow[row]];
        }
    }

    PointRules(SampleIndex index, TemplateText text, Layout layout) {
        this.index = index;
        this.timeTag = layout.tags().stream().anyMatch(t -> t.key().equals("time"));
        if (timeTag) {
            return;
        }
        for (FieldSpec f : layout.fields()) {
            int a = text.attribute(f.attribute());
            if (f.key().isLiteral()) {
                if (usableKey(f.key().literalText())) {
                    checks.add(new FieldCheck(a, null, null));
                }
                continue;
            }
            // render each combination of the key's attributes once, not each row
            Tuples t = Tuples.grouped(index, text.attributes(f.key()), null);
            boolean[] ok = new boolean[t.count];
            for (int k = 0; k < t.count; k++) {
                ok[k] = usableKey(text.render(f.key(), t.firstRow[k]));
            }
            checks.add(new FieldCheck(a, t, ok));
        }
    }

    static boolean usableKey(String key) {
        return !key.isEmpty() && !key.equals("time");
    }

    /** False when no row can make a point (a tag named time, or no field with a usable key). */
    boolean anyPoint() {
        return !timeTag && !checks.isEmpty();
    }

    /** True when a field with a literal, usable key is present in every row: then every named row makes a point. */
    boolean fieldInEveryRow() {
        return checks.stream().anyMatch(c -> c.keyTuples == null && index.present(c.attribute) == index.rows());
    }

    /** True when the row keeps at least one field (its measurement name is checked by the caller). */
    boolean keepsField(int row) {
        for (FieldCheck c : checks) {
            if (c.usable(index, row)) {
                return true;
            }
        }
        return false;
    }

    /** The rows that make a point, as a bitset; {@code named} says which rows have a measurement name, null: all. */
    long[] writtenRows(IntPredicate named) {
        int n = index.rows();
        long[] valid = new long[(n + 63) >>> 6];
        if (!anyPoint()) {
            return valid;
        }
        if (named == null && fieldInEveryRow()) {
            Arrays.fill(valid, -1L);
            if ((n & 63) != 0) {
                valid[valid.length - 1] = (1L << n) - 1;
            }
            return valid;
        }
        for (int r = 0; r < n; r++) {
            if ((named == null || named.test(r)) && keepsField(r)) {
                valid[r >>> 6] |= 1L << r;
            }
        }
        return valid;
    }
}
