package dev.cardinal.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A workspace's rollups as its file says them (part of {@link WorkspaceReader}): each problem with its JSON path. */
final class RollupsJson {
    private RollupsJson() {
    }

    static List<Rollup> read(JsonNode root, JsonBinder b, Map<String, EventKind> kinds, List<Layout> layouts) {
        List<Rollup> rollups = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        List<JsonNode> nodes = b.array(root, "rollups", "", false);
        for (int i = 0; i < nodes.size(); i++) {
            String p = "rollups[" + i + "]";
            JsonNode n = nodes.get(i);
            if (!b.isObject(n, p)) {
                continue;
            }
            b.knownProperties(n, p, WorkspaceReader.known("rollups[]"));
            Optional<String> id = b.string(n, "id", p, true);
            if (id.isPresent() && !ids.add(id.get())) {
                b.error(p + ".id", "duplicate rollup id '" + id.get() + "'");
            }
            String name = b.string(n, "name", p, false).orElse(id.orElse(""));
            Optional<String> layoutId = b.string(n, "layout", p, true);
            Optional<Layout> layout = layoutId.flatMap(l -> layouts.stream().filter(x -> x.id().equals(l)).findFirst());
            if (layoutId.isPresent() && layout.isEmpty()) {
                b.error(p + ".layout", "unknown layout '" + layoutId.get() + "'");
            }
            EventKind kind = layout.map(l -> kinds.get(l.eventKind())).orElse(null);
            Optional<Duration> window = b.duration(n, "window", p, true);
            window.filter(Duration::isZero).ifPresent(w -> b.error(p + ".window", "a rollup window must be longer than zero"));
            List<Rollup.AggregateSpec> aggregates = new ArrayList<>();
            List<JsonNode> aggs = b.array(n, "aggregates", p, true);
            for (int j = 0; j < aggs.size(); j++) {
                String ap = p + ".aggregates[" + j + "]";
                JsonNode a = aggs.get(j);
                if (!b.isObject(a, ap)) {
                    continue;
                }
                b.knownProperties(a, ap, WorkspaceReader.known("rollups[].aggregates[]"));
                Optional<String> attr = b.string(a, "attribute", ap, true);
                attr.ifPresent(x -> WorkspaceReader.checkAttributes(Set.of(x), kind, ap + ".attribute", b));
                Optional<Aggregate> fn = b.choice(a, "function", ap, true, Aggregate::fromId,
                    Arrays.stream(Aggregate.values()).map(Aggregate::id).toList(), "aggregate");
                JsonNode as = a.get("as");
                if (as != null && !as.isNull() && !as.isTextual()) {
                    b.error(ap + ".as", "expected the name of the result (\"\" for none)");
                }
                if (attr.isPresent() && fn.isPresent()) {
                    aggregates.add(new Rollup.AggregateSpec(attr.get(), fn.get(), as != null && as.isTextual() ? as.asText() : null));
                }
            }
            List<String> groupBy = new ArrayList<>();
            List<JsonNode> gb = b.array(n, "groupBy", p, false);
            for (int j = 0; j < gb.size(); j++) {
                String gp = p + ".groupBy[" + j + "]";
                if (!gb.get(j).isTextual()) {
                    b.error(gp, "expected an attribute name");
                    continue;
                }
                WorkspaceReader.checkAttributes(Set.of(gb.get(j).asText()), kind, gp, b);
                groupBy.add(gb.get(j).asText());
            }
            Rollup.Destination destination = destination(n, p, b);
            RollupQuery query = RollupQueryJson.read(n, p, b);
            Rollup.Owner owner = n.has("owner") ? owner(n, p, b, groupBy, destination) : null;
            if (id.isPresent() && layoutId.isPresent() && window.isPresent() && destination != null) {
                rollups.add(new Rollup(id.get(), name, layoutId.get(), window.get(), aggregates, groupBy, destination, query,
                    owner));
            }
        }
        return rollups;
    }

    /**
     * What owns the values of the rollup's first group-by attribute: only a summary table has them (its report per
     * owner joins the owner's table), and the owner's column and table must be apart from the summary's.
     */
    private static Rollup.Owner owner(JsonNode rollup, String path, JsonBinder b, List<String> groupBy,
                                      Rollup.Destination destination) {
        String p = path + ".owner";
        JsonNode n = rollup.get("owner");
        if (!b.isObject(n, p)) {
            return null;
        }
        b.knownProperties(n, p, Set.of("table", "column", "type"));
        Optional<String> table = b.string(n, "table", p, true);
        Optional<String> column = b.string(n, "column", p, true);
        ValueType type = b.choice(n, "type", p, false, ValueType::fromId,
            Arrays.stream(ValueType.values()).map(ValueType::id).toList(), "value type").orElse(ValueType.STRING);
        if (destination != null && destination.kind() != Rollup.DestinationKind.RELATIONAL_TABLE) {
            b.error(p, "an owner is for a rollup into a relational table: its report per owner joins the owner's table");
            return null;
        }
        if (groupBy.isEmpty()) {
            b.error(p, "an owner owns the values of the first groupBy attribute, and the rollup groups by nothing");
            return null;
        }
        column.filter(groupBy.get(0)::equals).ifPresent(c -> b.error(p + ".column", "the owner's id column '" + c
            + "' is the name of the ids it owns (groupBy[0]): give the owner's id a name of its own"));
        table.filter(t -> destination != null && t.equals(destination.name())).ifPresent(t -> b.error(p + ".table",
            "the owner's table '" + t + "' is the rollup's summary table: name the entity table that maps each "
            + groupBy.get(0) + " to its owner"));
        return table.isPresent() && column.isPresent() && !column.get().equals(groupBy.get(0))
            && !(destination != null && table.get().equals(destination.name())) ? new Rollup.Owner(table.get(), column.get(), type) : null;
    }

    private static Rollup.Destination destination(JsonNode rollup, String path, JsonBinder b) {
        String p = path + ".destination";
        JsonNode n = rollup.get("destination");
        if (!b.isObject(n, p)) {
            return null;
        }
        b.knownProperties(n, p, WorkspaceReader.known("rollups[].destination"));
        Optional<Rollup.DestinationKind> kind = b.choice(n, "kind", p, true, Rollup.DestinationKind::fromId,
            Arrays.stream(Rollup.DestinationKind.values()).map(Rollup.DestinationKind::id).toList(), "destination kind");
        Optional<String> name = b.string(n, "name", p, true);
        Duration retention = b.duration(n, "retention", p, false).orElse(Duration.ZERO);
        return kind.isPresent() && name.isPresent() ? new Rollup.Destination(kind.get(), name.get(), retention) : null;
    }
}
