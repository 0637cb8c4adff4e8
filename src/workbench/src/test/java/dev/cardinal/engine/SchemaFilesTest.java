package dev.cardinal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.influxdb2.BucketSchema;
import dev.cardinal.engine.opensearch.StrictMapping;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bucket schema columns and strict index mappings list every column, slots expanded; open-ended keys are refused. */
class SchemaFilesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Workspace load(String scenario) throws Exception {
        return WorkspaceFiles.load(Path.of("sample-data", scenario, scenario + WorkspaceFiles.EXTENSION)).workspace();
    }

    @Test
    void slotsBecomeAFixedListOfColumns() throws Exception {
        Workspace ws = load("custom-metrics");
        var layout = ws.layout("fixed-slots").orElseThrow();
        var kind = ws.eventKind(layout.eventKind()).orElseThrow();
        JsonNode columns = JSON.readTree(BucketSchema.columns(kind, layout));
        assertEquals(52, columns.size(), "time, the tenant tag, 50 slots");
        assertEquals("timestamp", columns.get(0).get("type").asText());
        assertEquals("tenant", columns.get(1).get("name").asText());
        assertEquals("tag", columns.get(1).get("type").asText());
        List<String> slots = new ArrayList<>();
        for (int i = 2; i < columns.size(); i++) {
            assertEquals("float", columns.get(i).get("dataType").asText());
            slots.add(columns.get(i).get("name").asText());
        }
        assertEquals("slot_1", slots.get(0));
        assertEquals("slot_50", slots.get(49));
        JsonNode mapping = JSON.readTree(StrictMapping.of(kind, layout)).get("mappings");
        assertEquals("strict", mapping.get("dynamic").asText());
        assertEquals("keyword", mapping.get("properties").get("tenant").get("type").asText());
        assertEquals("double", mapping.get("properties").get("slot_50").get("type").asText());
        assertEquals(52, mapping.get("properties").size());
    }

    @Test
    void typesFollowTheAttributes() throws Exception {
        Workspace ws = load("ad-marketplace");
        var layout = ws.layout("ids-as-fields").orElseThrow();
        JsonNode props = JSON.readTree(StrictMapping.of(ws.eventKind("listing_event").orElseThrow(), layout))
            .get("mappings").get("properties");
        assertEquals("keyword", props.get("event").get("type").asText());
        assertEquals("keyword", props.get("user_id").get("type").asText());
        assertEquals("long", props.get("count").get("type").asText());
        assertEquals("date_nanos", props.get("@timestamp").get("type").asText());
    }

    @Test
    void keysThatCarryDataCannotBeListed() throws Exception {
        Workspace ws = load("custom-metrics");
        var layout = ws.layout("metric-names-as-field-keys").orElseThrow();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> StrictMapping.of(ws.eventKind(layout.eventKind()).orElseThrow(), layout));
        assertTrue(e.getMessage().contains("{metric} carries data"), e.getMessage());
        assertTrue(SchemaFiles.unlistable(load("weather").layout("data-in-measurement").orElseThrow()).contains("template"));
    }

    @Test
    void slotsWithoutABoundCannotBeListed() throws Exception {
        Workspace ws = load("custom-metrics");
        var bounded = ws.layout("fixed-slots").orElseThrow();
        var open = bounded.withFields(List.of(new dev.cardinal.model.FieldSpec(
            dev.cardinal.model.Template.parse("slot_{slot(metric, tenant)}"), "value")));
        assertEquals(null, SchemaFiles.unlistable(bounded));
        assertTrue(SchemaFiles.unlistable(open).contains("slots without a bound"), SchemaFiles.unlistable(open));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> StrictMapping.of(ws.eventKind(open.eventKind()).orElseThrow(), open));
        assertTrue(e.getMessage().contains("max="), e.getMessage());
    }
}
