package dev.cardinal.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A workspace's event kinds as its file says them (part of {@link WorkspaceReader}): each problem with its JSON path.
 * An event kind without {@code origin} (every file before format 5) is a record.
 */
final class EventKindsJson {
    private EventKindsJson() {
    }

    static Map<String, EventKind> read(JsonNode root, JsonBinder b) {
        Map<String, EventKind> kinds = new LinkedHashMap<>();
        List<JsonNode> nodes = b.array(root, "eventKinds", "", false);
        for (int i = 0; i < nodes.size(); i++) {
            String path = "eventKinds[" + i + "]";
            JsonNode n = nodes.get(i);
            if (!b.isObject(n, path)) {
                continue;
            }
            b.knownProperties(n, path, WorkspaceReader.known("eventKinds[]"));
            Optional<String> name = b.string(n, "name", path, true);
            List<Attribute> attributes = attributes(n, path, b);
            EventKind.Origin origin = b.choice(n, "origin", path, false, EventKind.Origin::fromId,
                Arrays.stream(EventKind.Origin.values()).map(EventKind.Origin::id).toList(), "origin")
                .orElse(EventKind.Origin.RECORD);
            if (name.isPresent()) {
                if (kinds.containsKey(name.get())) {
                    b.error(path + ".name", "duplicate event kind '" + name.get() + "'");
                } else {
                    kinds.put(name.get(), new EventKind(name.get(), attributes, origin));
                }
            }
        }
        return kinds;
    }

    /** Writes what {@link #read} reads: {@code origin} only when the kind is not a record, so older files stay as they are. */
    static void write(EventKind k, com.fasterxml.jackson.databind.node.ObjectNode kn) {
        kn.put("name", k.name());
        if (k.origin() != EventKind.Origin.RECORD) {
            kn.put("origin", k.origin().id());
        }
        com.fasterxml.jackson.databind.node.ArrayNode attrs = kn.putArray("attributes");
        for (Attribute a : k.attributes()) {
            attrs.addObject().put("name", a.name()).put("type", a.type().id());
        }
    }

    private static List<Attribute> attributes(JsonNode n, String path, JsonBinder b) {
        List<Attribute> attributes = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<JsonNode> attrs = b.array(n, "attributes", path, true);
        for (int j = 0; j < attrs.size(); j++) {
            String ap = path + ".attributes[" + j + "]";
            JsonNode a = attrs.get(j);
            if (!b.isObject(a, ap)) {
                continue;
            }
            b.knownProperties(a, ap, WorkspaceReader.known("eventKinds[].attributes[]"));
            Optional<String> an = b.string(a, "name", ap, true);
            Optional<ValueType> type = b.choice(a, "type", ap, true, ValueType::fromId,
                Arrays.stream(ValueType.values()).map(ValueType::id).toList(), "value type");
            if (an.isPresent() && !seen.add(an.get())) {
                b.error(ap + ".name", "duplicate attribute '" + an.get() + "'");
            } else if (an.isPresent()) {
                // a bad type is already an error; keep the name so that layouts using it are not flagged too
                attributes.add(new Attribute(an.get(), type.orElse(ValueType.STRING)));
            }
        }
        return attributes;
    }
}
