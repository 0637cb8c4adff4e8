package dev.cardinal.projection;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** An engine's {@code limits.json}: the {@link Limit}s it ships, a resource beside its package's classes. */
public final class LimitsFile {
    private LimitsFile() {
    }

    /**
     * The limits in the resource {@code name} beside {@code owner}'s class.
     *
     * @throws IllegalStateException when the build left it out
     */
    public static List<Limit> read(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " beside " + owner.getName() + " is missing from the build");
            }
            // jackson-core's parser alone: Jackson's data binding (some 300 classes) costs a command's start-up
            // more CPU time than it would save here
            try (JsonParser p = new JsonFactory().createParser(in)) {
                return parse(p, owner.getPackageName() + "/" + name);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Limit> parse(JsonParser p, String where) throws IOException {
        if (p.nextToken() != JsonToken.START_ARRAY) {
            throw new IOException(where + ": an array of limits expected");
        }
        List<Limit> limits = new ArrayList<>();
        while (p.nextToken() == JsonToken.START_OBJECT) {
            Map<String, String> fields = new HashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                fields.put(name, p.getValueAsString());
            }
            limits.add(new Limit(fields.get("id"), fields.get("product"), LimitMetric.fromId(fields.get("metric")),
                Long.parseLong(fields.get("value")), fields.get("source")));
        }
        return List.copyOf(limits);
    }
}
