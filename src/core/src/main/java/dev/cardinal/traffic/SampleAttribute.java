package dev.cardinal.traffic;

import dev.cardinal.model.ValueType;

/**
 * An attribute as it arrived in sample traffic.
 *
 * @param name        attribute name (unique in its event kind)
 * @param key         the key it arrived under (equal to the name, except for a field that shares its key with a tag)
 * @param type        value type (always STRING for tags)
 * @param arrivedAsTag true when it arrived as a tag
 * @param firstSeen   where it was first seen, {@code file:line}
 */
public record SampleAttribute(String name, String key, ValueType type, boolean arrivedAsTag, String firstSeen) {
}
