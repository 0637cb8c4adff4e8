package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.influxdb3.ServerAnswers.ColumnType;
import dev.cardinal.model.ValueType;

/**
 * One name a layout writes both as a tag and as a field of one table ({@link Clashes}): InfluxDB 3 refuses every line
 * that carries both.
 *
 * @param key     the column name
 * @param tag     the tag's value template
 * @param field   the field's attribute
 * @param type    the field's type
 * @param refused the sample's rows that carry both, each refused by the server
 */
record Clash(String key, String tag, String field, ValueType type, long refused) {
    /** What the server answers to such a line. */
    String answer() {
        return ServerAnswers.invalidColumnType(key, ColumnType.TAG, ColumnType.of(type));
    }
}
