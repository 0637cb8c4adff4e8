package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.ExampleValues;
import dev.cardinal.engine.SchemaFiles;
import dev.cardinal.engine.Slots;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Target;
import dev.cardinal.model.Template;
import dev.cardinal.traffic.EventKindSample;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Example searches over a layout's slot fields for one tenant, as JSON bodies for {@code GET INDEX/_search}: per slot,
 * the tenant's documents that carry it, with its statistics and an hourly average. The slot tables say which of the
 * tenant's names a slot holds. The tenant's value and every key reach the file as JSON strings written by Jackson.
 */
public final class SlotSearches {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SlotSearches() {
    }

    /** Whether {@code layout} has a field whose key holds a slot allocated per one tag (the tenant). */
    public static boolean applies(Layout layout) {
        return layout.fields().stream().anyMatch(f -> tenantSlot(f) != null && tenantKey(layout, tenantSlot(f)) != null);
    }

    /** The searches for the sample's busiest tenant (its most frequent scope value), or empty without one. */
    public static java.util.Optional<String> forSample(Layout layout, Target target, EventKindSample sample) {
        for (FieldSpec f : layout.fields()) {
            Template.SlotRef slot = tenantSlot(f);
            if (slot != null && tenantKey(layout, slot) != null && sample != null) {
                return ExampleValues.mostFrequent(sample, slot.scope().get(0), v -> true)
                    .map(tenant -> forTenant(layout, target, tenant));
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * A JSON array of {@code {purpose, request, body}}, one per slot key of each such field, for the tenant whose
     * scope value is {@code tenant}, searching {@code target}'s index.
     */
    public static String forTenant(Layout layout, Target target, String tenant) {
        ArrayNode out = JSON.createArrayNode();
        for (FieldSpec f : layout.fields()) {
            Template.SlotRef slot = tenantSlot(f);
            String tenantKey = slot == null ? null : tenantKey(layout, slot);
            if (tenantKey == null) {
                continue;
            }
            for (String key : SchemaFiles.fieldKeys(f)) {
                ObjectNode search = out.addObject();
                search.put("purpose", "the " + slot.attribute() + " in " + key + " for " + tenantKey + " "
                    + tenant + ": its statistics and hourly average");
                search.put("request", "GET /" + target.database() + "/_search");
                ObjectNode body = search.putObject("body").put("size", 0).put("track_total_hits", true);
                ArrayNode filter = body.putObject("query").putObject("bool").putArray("filter");
                filter.addObject().putObject("term").put(tenantKey, tenant);
                filter.addObject().putObject("exists").put("field", key);
                ObjectNode aggs = body.putObject("aggs");
                aggs.putObject("stats").putObject("stats").put("field", key);
                ObjectNode hourly = aggs.putObject("hourly");
                hourly.putObject("date_histogram").put("field", "@timestamp").put("fixed_interval", "1h");
                hourly.putObject("aggs").putObject("average").putObject("avg").put("field", key);
            }
        }
        try {
            return JSON.writeValueAsString(out) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The document key of the tag that carries the slot's scope attribute as it is, or null. */
    private static String tenantKey(Layout layout, Template.SlotRef slot) {
        return layout.tags().stream().filter(t -> t.value().equals(Template.ref(slot.scope().get(0)))).map(TagSpec::key)
            .findFirst().orElse(null);
    }

    private static Template.SlotRef tenantSlot(FieldSpec f) {
        List<Template.SlotRef> slots = Slots.slots(f.key());
        return slots.size() == 1 && slots.get(0).scope().size() == 1 ? slots.get(0) : null;
    }
}
