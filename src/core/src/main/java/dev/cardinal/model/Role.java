package dev.cardinal.model;

/**
 * What a layout does with an attribute. A tag is indexed and part of the series key; a field is stored
 * with the point and not indexed; an attribute that only appears inside a template (measurement name,
 * a templated tag value or field key) is IN_TEMPLATE; one the layout does not write is DROPPED.
 */
public enum Role {
    TAG, FIELD, IN_TEMPLATE, DROPPED
}
