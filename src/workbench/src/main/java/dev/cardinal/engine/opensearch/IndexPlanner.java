package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PlanStep;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The steps that bring one index and its template to what a layout wants: the body of {@link IndexTemplate} (its
 * strict mapping, one shard, no replica, the target's total-fields limit), compared with what the cluster holds.
 * <ul>
 *   <li>the template {@code cardinal-LAYOUT}: created, or replaced when its patterns, settings or mapping differ
 *   (safe: a template only shapes indices created later);</li>
 *   <li>the index: created with the template's settings and mapping; fields the layout adds are added with
 *   {@code PUT INDEX/_mapping} (safe: a mapping only grows); a lower or higher total-fields limit is set with
 *   {@code PUT INDEX/_settings};</li>
 *   <li>a field whose type changed, or a field the layout no longer has, cannot be changed in place: the engines
 *   refuse to retype or drop a mapped field. That is the destructive step {@code reindex INDEX}: a new index
 *   {@code INDEX-rN} with the new mapping, every document copied into it, then one {@code _aliases} request that
 *   points the name {@code INDEX} at the new index and deletes the old one, so readers and writers that use the
 *   name never see it missing. The values of dropped fields are lost, which is why it is destructive.</li>
 * </ul>
 * Shards and replicas of an existing index are left as they are: they are the cluster's business, not the layout's.
 */
final class IndexPlanner {
    /** The statement that copies the documents: Cardinal's own, see {@link DocumentPush}. */
    static final String COPY = "COPY";
    private static final Pattern REINDEXED = Pattern.compile("(.*)-r(\\d{1,9})");

    private IndexPlanner() {
    }

    static Plan plan(EventKind kind, Layout layout, Target target, String where, IndexState state) {
        String index = target.database();
        JsonNode wanted = read(IndexTemplate.body(kind, layout, target));
        wanted.path("template").path("mappings").path("properties").fieldNames().forEachRemaining(key ->
            IndexNames.fieldProblem(key).ifPresent(why -> {
                throw new IllegalArgumentException("layout " + layout.id() + ": " + why);
            }));
        ObjectNode indexBody = IndexHttp.JSON.createObjectNode();
        indexBody.set("settings", wanted.path("template").path("settings"));
        indexBody.set("mappings", wanted.path("template").path("mappings"));
        List<PlanStep> steps = new ArrayList<>();
        steps.add(template(IndexTemplate.name(layout), wanted, state.template()));
        if (!state.indexExists()) {
            steps.add(new PlanStep(PlanStep.Action.CREATE, "index " + index,
                List.of(statement("PUT", IndexHttp.segment(index), indexBody)),
                "no index or alias '" + index + "' on the cluster", false));
            return new Plan(where, steps);
        }
        if (state.concrete().size() > 1) {
            steps.add(PlanStep.conflict("index " + index, "'" + index + "' is an alias of " + state.concrete().size()
                + " indices (" + String.join(", ", state.concrete()) + "): Cardinal plans one index"));
            return new Plan(where, steps);
        }
        IndexMapping want = IndexMapping.of(indexBody.path("mappings"));
        IndexMapping live = IndexMapping.of(state.mappings());
        List<String> changed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        want.leaves().forEach((path, type) -> {
            String has = live.leaves().get(path);
            if (has != null && !has.equals(type)) {
                changed.add(path + " " + has + " -> " + type);
            } else if (has == null && live.objects().contains(path)) {
                changed.add(path + " object -> " + type);
            } else if (has == null) {
                added.add(path);
            }
        });
        want.objects().stream().filter(live.leaves()::containsKey)
            .forEach(path -> changed.add(path + " " + live.leaves().get(path) + " -> object"));
        List<String> removed = live.leaves().keySet().stream().filter(p -> !want.holds(p)).toList();
        if (!changed.isEmpty() || !removed.isEmpty()) {
            steps.add(reindex(index, state.concrete().get(0), indexBody, changed, removed));
            return new Plan(where, steps);
        }
        boolean strict = "strict".equals(live.dynamic());
        if (added.isEmpty() && strict) {
            steps.add(PlanStep.unchanged("mapping " + index, "the index maps the layout's " + want.leaves().size()
                + " fields, dynamic strict"));
        } else {
            ObjectNode body = IndexHttp.JSON.createObjectNode();
            if (!strict) {
                body.put("dynamic", "strict");
            }
            ObjectNode properties = body.putObject("properties");
            indexBody.path("mappings").path("properties").properties().forEach(e -> {
                if (added.contains(e.getKey())) {
                    properties.set(e.getKey(), e.getValue());
                }
            });
            steps.add(new PlanStep(PlanStep.Action.ALTER, "mapping " + index,
                List.of(statement("PUT", IndexHttp.segment(index) + "/_mapping", body)),
                (added.isEmpty() ? "" : added.size() + " field(s) to add: " + shortList(added))
                    + (strict ? "" : (added.isEmpty() ? "" : "; ") + "dynamic is " + live.dynamic() + ", the layout's is strict"),
                false));
        }
        steps.add(limit(index, indexBody.path("settings"), state.settings()));
        return new Plan(where, steps);
    }

    private static PlanStep template(String name, JsonNode wanted, JsonNode stored) {
        String subject = "index-template " + name;
        List<String> put = List.of(statement("PUT", "_index_template/" + IndexHttp.segment(name), wanted));
        if (stored == null) {
            return new PlanStep(PlanStep.Action.CREATE, subject, put, "no template of that name", false);
        }
        List<String> differs = new ArrayList<>();
        if (!stored.path("index_patterns").equals(wanted.path("index_patterns"))) {
            differs.add("index patterns " + stored.path("index_patterns") + " -> " + wanted.path("index_patterns"));
        }
        if (!settings(stored.path("template").path("settings")).equals(settings(wanted.path("template").path("settings")))) {
            differs.add("settings");
        }
        if (!IndexMapping.of(stored.path("template").path("mappings")).equals(IndexMapping.of(wanted.path("template").path("mappings")))) {
            differs.add("mapping");
        }
        return differs.isEmpty() ? PlanStep.unchanged(subject, "the template is the layout's")
            : new PlanStep(PlanStep.Action.REPLACE, subject, put, "the template's " + String.join(", ", differs)
                + " differ(s) from the layout's; only indices created later follow it", false);
    }

    private static PlanStep limit(String index, JsonNode wanted, JsonNode live) {
        String key = "index.mapping.total_fields.limit";
        String want = settings(wanted).get(key);
        String has = settings(live).get(key);
        String subject = "settings " + index;
        if (want == null || want.equals(has)) {
            return PlanStep.unchanged(subject, want == null ? "the target sets no total-fields limit" : key + " " + want);
        }
        ObjectNode body = IndexHttp.JSON.createObjectNode().put(key, Long.parseLong(want));
        return new PlanStep(PlanStep.Action.ALTER, subject, List.of(statement("PUT", IndexHttp.segment(index) + "/_settings", body)),
            key + " " + (has == null ? "is the cluster's default (1000)" : "is " + has) + ", the target's is " + want, false);
    }

    private static PlanStep reindex(String index, String old, JsonNode indexBody, List<String> changed, List<String> removed) {
        Matcher m = REINDEXED.matcher(old);
        String fresh = m.matches() && m.group(1).equals(index) ? index + "-r" + (Long.parseLong(m.group(2)) + 1) : index + "-r2";
        String subject = "reindex " + index;
        String why = (changed.isEmpty() ? "" : "field type(s) changed: " + shortList(changed))
            + (removed.isEmpty() ? "" : (changed.isEmpty() ? "" : "; ") + "field(s) not in the layout, their values dropped: "
            + shortList(removed));
        var tooLong = IndexNames.problem(fresh);
        if (tooLong.isPresent()) {
            return PlanStep.conflict(subject, why + "; the new index cannot be named: " + tooLong.get());
        }
        ObjectNode swap = IndexHttp.JSON.createObjectNode();
        var actions = swap.putArray("actions");
        actions.addObject().putObject("add").put("index", fresh).put("alias", index);
        actions.addObject().putObject("remove_index").put("index", old);
        return new PlanStep(PlanStep.Action.REPLACE, subject, List.of(
            statement("PUT", IndexHttp.segment(fresh), indexBody),
            COPY + " /" + IndexHttp.segment(old) + " TO /" + IndexHttp.segment(fresh),
            statement("POST", "_aliases", swap)),
            why + "; a mapped field cannot be retyped or dropped in place: new index " + fresh
                + ", documents copied, then '" + index + "' made its alias and " + old + " deleted", true);
    }

    /** {@code METHOD /path {compact json}}: what {@link DocumentPush} sends, on one line. */
    static String statement(String method, String path, JsonNode body) {
        try {
            return method + " /" + path + (body == null ? "" : " " + IndexHttp.JSON.writeValueAsString(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Settings as the engine answers them: dotted keys under {@code index.}, values as text. */
    static Map<String, String> settings(JsonNode settings) {
        Map<String, String> flat = new TreeMap<>();
        flatten("", settings, flat);
        Map<String, String> out = new TreeMap<>();
        flat.forEach((k, v) -> out.put(k.startsWith("index.") ? k : "index." + k, v));
        return out;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> into) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return;
        }
        if (node.isObject()) {
            node.properties().forEach(e -> flatten(prefix + e.getKey() + ".", e.getValue(), into));
        } else {
            into.put(prefix.substring(0, prefix.length() - 1), node.asText());
        }
    }

    private static String shortList(List<String> items) {
        return items.size() <= 5 ? String.join(", ", items)
            : String.join(", ", items.subList(0, 5)) + " and " + (items.size() - 5) + " more";
    }

    private static JsonNode read(String json) {
        try {
            return IndexHttp.JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
