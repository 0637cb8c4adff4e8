package dev.cardinal.engine.influxdb2;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.cardinal.engine.SchemaFiles;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The InfluxDB Cloud explicit bucket schema ({@code influx bucket-schema create --columns-file}): a write with a
 * column the layout does not have is refused instead of growing the schema.
 */
public final class BucketSchema {
    private BucketSchema() {
    }

    /** The columns file of the layout's measurement: time, each tag, each field key with its type. */
    public static String columns(EventKind kind, Layout layout) {
        SchemaFiles.requireListable(layout);
        ArrayNode columns = JsonNodeFactory.instance.arrayNode();
        columns.addObject().put("name", "time").put("type", "timestamp");
        Set<String> tags = new LinkedHashSet<>();
        layout.tags().forEach(t -> tags.add(t.key()));
        tags.forEach(t -> columns.addObject().put("name", t).put("type", "tag"));
        for (FieldSpec f : layout.fields()) {
            String type = switch (SchemaFiles.typeOf(kind, f.attribute())) {
                case STRING -> "string";
                case INTEGER -> "integer";
                case UNSIGNED -> "unsigned";
                case FLOAT -> "float";
                case BOOLEAN -> "boolean";
            };
            for (String key : SchemaFiles.fieldKeys(f)) {
                columns.addObject().put("name", key).put("type", "field").put("dataType", type);
            }
        }
        return SchemaFiles.write(columns);
    }
}
