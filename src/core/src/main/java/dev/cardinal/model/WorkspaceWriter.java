package dev.cardinal.model;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes a workspace as JSON meant to live in git: a fixed key order, LF line endings, two-space indent, and small
 * objects and lists kept on one line, so that changing one tag changes one line of the file.
 */
public final class WorkspaceWriter {
    private static final int ONE_LINE_WIDTH = 100;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private WorkspaceWriter() {
    }

    public static byte[] write(Workspace ws) {
        StringBuilder sb = new StringBuilder();
        render(toTree(ws), 0, sb);
        sb.append('\n');
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    static ObjectNode toTree(Workspace ws) {
        ObjectNode root = F.objectNode();
        root.put("formatVersion", ws.formatVersion());
        root.put("name", ws.name());
        ArrayNode kinds = root.putArray("eventKinds");
        for (EventKind k : ws.eventKinds()) {
            EventKindsJson.write(k, kinds.addObject());
        }
        ArrayNode layouts = root.putArray("layouts");
        ws.layouts().forEach(l -> layouts.add(layout(l)));
        ArrayNode samples = root.putArray("samples");
        ws.samples().forEach(s -> samples.add(sample(s)));
        ArrayNode rollups = root.putArray("rollups");
        ws.rollups().forEach(r -> rollups.add(rollup(r)));
        ArrayNode targets = root.putArray("targets");
        for (Target t : ws.targets()) {
            ObjectNode tn = targets.addObject();
            tn.put("id", t.id()).put("name", t.name()).put("kind", t.kind().id()).put("url", t.url());
            putIfPresent(tn, "database", t.database());
            putIfPresent(tn, "org", t.org());
            if (t.serverVersion() != null) {
                tn.put("serverVersion", t.serverVersion().text());
            }
            if (!t.limits().isDefault()) {
                ObjectNode ln = tn.putObject("limits");
                putIfPresent(ln, "maxSeriesPerDatabase", t.limits().maxSeriesPerDatabase());
                putIfPresent(ln, "maxValuesPerTag", t.limits().maxValuesPerTag());
                if (t.limits().cloudPlan() != null) {
                    ln.put("cloudPlan", t.limits().cloudPlan().id());
                }
                putIfPresent(ln, "totalFields", t.limits().totalFields());
            }
        }
        ObjectNode canvas = root.putObject("canvas");
        ws.canvas().forEach((id, p) -> {
            ObjectNode pn = canvas.putObject(id);
            pn.set("x", number(p.x()));
            pn.set("y", number(p.y()));
        });
        return root;
    }

    private static JsonNode number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? F.numberNode((long) v) : F.numberNode(v);
    }

    private static void putIfPresent(ObjectNode n, String key, String value) {
        if (value != null) {
            n.put(key, value);
        }
    }

    private static void putIfPresent(ObjectNode n, String key, Long value) {
        if (value != null) {
            n.put(key, value);
        }
    }

    private static ObjectNode layout(Layout l) {
        ObjectNode n = F.objectNode();
        n.put("id", l.id()).put("name", l.name()).put("eventKind", l.eventKind());
        n.put("measurement", l.measurement().pattern());
        ArrayNode tags = n.putArray("tags");
        for (TagSpec t : l.tags()) {
            if (t.isPlain()) {
                tags.add(t.key());
            } else {
                tags.addObject().put("key", t.key()).put("value", t.value().pattern());
            }
        }
        ArrayNode fields = n.putArray("fields");
        for (FieldSpec f : l.fields()) {
            if (f.isPlain()) {
                fields.add(f.attribute());
            } else {
                fields.addObject().put("key", f.key().pattern()).put("attribute", f.attribute());
            }
        }
        RetentionPlan r = l.retention();
        ObjectNode rn = n.putObject("retention");
        rn.put("name", r.name()).put("duration", Durations.format(r.duration()));
        if (r.shardGroupDuration() != null) {
            rn.put("shardGroupDuration", Durations.format(r.shardGroupDuration()));
        }
        rn.put("replication", r.replication());
        return n;
    }

    private static ObjectNode sample(SampleBinding s) {
        ObjectNode n = F.objectNode();
        n.put("id", s.id()).put("path", s.path()).put("format", s.format().id());
        putIfPresent(n, "eventKind", s.eventKind());
        n.put("precision", s.precision());
        putIfPresent(n, "timeColumn", s.timeColumn());
        putIfPresent(n, "timeFormat", s.timeFormat());
        if (!s.tagColumns().isEmpty()) {
            ArrayNode tc = n.putArray("tagColumns");
            s.tagColumns().forEach(tc::add);
        }
        return n;
    }

    private static ObjectNode rollup(Rollup r) {
        ObjectNode n = F.objectNode();
        n.put("id", r.id()).put("name", r.name()).put("layout", r.layout()).put("window", Durations.format(r.window()));
        ArrayNode aggs = n.putArray("aggregates");
        for (Rollup.AggregateSpec a : r.aggregates()) {
            ObjectNode an = aggs.addObject().put("attribute", a.attribute()).put("function", a.function().id());
            putIfPresent(an, "as", a.as());
        }
        ArrayNode gb = n.putArray("groupBy");
        r.groupBy().forEach(gb::add);
        Rollup.Destination d = r.destination();
        n.putObject("destination").put("kind", d.kind().id()).put("name", d.name())
            .put("retention", Durations.format(d.retention()));
        if (r.query() != null) {
            n.set("query", RollupQueryJson.write(r.query()));
        }
        if (r.owner() != null) {
            n.putObject("owner").put("table", r.owner().table()).put("column", r.owner().column())
                .put("type", r.owner().type().id());
        }
        return n;
    }

    private static void render(JsonNode node, int indent, StringBuilder out) {
        if (node.isValueNode()) {
            scalar(node, out);
            return;
        }
        String oneLine = oneLine(node);
        if (oneLine != null && indent * 2 + oneLine.length() <= ONE_LINE_WIDTH) {
            out.append(oneLine);
            return;
        }
        boolean object = node.isObject();
        out.append(object ? '{' : '[');
        if (node.isEmpty()) {
            out.append(object ? '}' : ']');
            return;
        }
        out.append('\n');
        if (object) {
            Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                pad(indent + 1, out);
                string(e.getKey(), out);
                out.append(": ");
                render(e.getValue(), indent + 1, out);
                out.append(it.hasNext() ? ",\n" : "\n");
            }
        } else {
            for (int i = 0; i < node.size(); i++) {
                pad(indent + 1, out);
                render(node.get(i), indent + 1, out);
                out.append(i + 1 < node.size() ? ",\n" : "\n");
            }
        }
        pad(indent, out);
        out.append(object ? '}' : ']');
    }

    /** The one-line form of a container whose members are all scalars, else {@code null}. */
    private static String oneLine(JsonNode node) {
        StringBuilder sb = new StringBuilder();
        if (node.isObject()) {
            sb.append("{ ");
            Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isValueNode()) {
                    return null;
                }
                string(e.getKey(), sb);
                sb.append(": ");
                scalar(e.getValue(), sb);
                sb.append(it.hasNext() ? ", " : " ");
            }
            return node.isEmpty() ? "{}" : sb.append('}').toString();
        }
        sb.append('[');
        for (int i = 0; i < node.size(); i++) {
            JsonNode c = node.get(i);
            String inner = c.isValueNode() ? null : c.isObject() ? oneLine(c) : null;
            if (c.isValueNode()) {
                scalar(c, sb);
            } else if (inner != null && node.size() == 1) {
                sb.append(inner);
            } else {
                return null;
            }
            if (i + 1 < node.size()) {
                sb.append(", ");
            }
        }
        return sb.append(']').toString();
    }

    private static void scalar(JsonNode n, StringBuilder out) {
        if (n.isTextual()) {
            string(n.asText(), out);
        } else {
            out.append(n.toString());
        }
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        out.append(JsonStringEncoder.getInstance().quoteAsString(s));
        out.append('"');
    }

    private static void pad(int indent, StringBuilder out) {
        out.append("  ".repeat(indent));
    }
}
