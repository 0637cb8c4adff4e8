package dev.cardinal.capture;

import dev.cardinal.model.ValueType;
import java.util.HashMap;
import java.util.Map;

/**
 * The field types a capture has taken so far, per measurement: a later write that brings another type for one is
 * refused, as influxd refuses it ("field type conflict"), so that the spool reads back whole.
 */
final class CapturedFieldTypes {
    private final Map<String, Map<String, ValueType>> taken = new HashMap<>();

    /** What in {@code types} disagrees with what was taken, worded like influxd, or null. */
    String conflict(Map<String, Map<String, ValueType>> types) {
        for (var m : types.entrySet()) {
            Map<String, ValueType> known = taken.getOrDefault(m.getKey(), Map.of());
            for (var f : m.getValue().entrySet()) {
                ValueType was = known.get(f.getKey());
                if (was != null && was != f.getValue()) {
                    return "input field \"" + f.getKey() + "\" on measurement \"" + m.getKey() + "\" is type "
                        + f.getValue().id() + ", already exists as type " + was.id();
                }
            }
        }
        return null;
    }

    void add(Map<String, Map<String, ValueType>> types) {
        types.forEach((m, fields) -> taken.computeIfAbsent(m, k -> new HashMap<>()).putAll(fields));
    }
}
