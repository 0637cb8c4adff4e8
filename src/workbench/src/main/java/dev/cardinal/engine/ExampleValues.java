package dev.cardinal.engine;

import dev.cardinal.traffic.DictionaryColumn;
import dev.cardinal.traffic.EventKindSample;
import java.util.Optional;
import java.util.function.Predicate;

/** The values generated code shows as examples, taken from the sample rather than invented. */
public final class ExampleValues {
    private ExampleValues() {
    }

    /** The most frequent non-empty value of a text attribute in the sample that {@code writable} takes. */
    public static Optional<String> mostFrequent(EventKindSample sample, String attribute, Predicate<String> writable) {
        int a = sample.attributeIndex(attribute);
        if (a < 0 || !(sample.column(a) instanceof DictionaryColumn d)) {
            return Optional.empty();
        }
        int[] counts = new int[d.dictionary().size() + 1];
        for (int r = 0; r < sample.rows(); r++) {
            counts[d.id(r)]++;
        }
        int best = 0; // id 0 is "no value": rows without one do not compete
        for (int id = 1; id < counts.length; id++) {
            if (counts[id] > (best == 0 ? 0 : counts[best]) && !d.dictionary().value(id).isEmpty()
                && writable.test(d.dictionary().value(id))) {
                best = id;
            }
        }
        return best == 0 ? Optional.empty() : Optional.of(d.dictionary().value(best));
    }
}
