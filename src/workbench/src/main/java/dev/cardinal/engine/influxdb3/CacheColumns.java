package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.CodeRequest;
import dev.cardinal.model.TagSpec;
import dev.cardinal.projection.SampleIndex;
import java.util.List;

/** The tag columns a layout's caches are keyed by in the generated code, and the caches' names. */
final class CacheColumns {
    private CacheColumns() {
    }

    /** The closed-set tags of the layout in the sample, in the layout's order; none without a sample. */
    static List<String> of(CodeRequest r) {
        if (r.sample() == null || r.layout().attributesUsed().stream().anyMatch(a -> r.sample().attribute(a).isEmpty())) {
            return List.of();
        }
        return Caches.closedTags(r.layout(), Caches.growth(new SampleIndex(r.sample()))).stream().map(TagSpec::key).toList();
    }

    static String distinctName(CodeRequest r) {
        return r.stem() + "_distinct";
    }

    static String lastName(CodeRequest r) {
        return r.stem() + "_last";
    }
}
