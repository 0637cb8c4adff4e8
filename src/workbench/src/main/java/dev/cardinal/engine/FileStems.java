package dev.cardinal.engine;

import dev.cardinal.traffic.SchemaInference;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The stems of generated file names: ids that slug alike ("x y", "x-y", "X_Y") get files of their own. */
public final class FileStems {
    private FileStems() {
    }

    /** Each id's slug, in order; a slug taken before (or an earlier numbered one) gets the next free number. */
    public static Map<String, String> of(List<String> ids) {
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        for (String id : ids) {
            String slug = SchemaInference.slug(id);
            String unique = slug;
            for (int n = 2; !taken.add(unique); n++) {
                unique = slug + "-" + n;
            }
            out.put(id, unique);
        }
        return out;
    }
}
