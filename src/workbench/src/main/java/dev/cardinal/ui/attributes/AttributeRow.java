package dev.cardinal.ui.attributes;

/**
 * One attribute of the selected event kind as the attribute table shows it.
 *
 * @param name      attribute name
 * @param type      value type
 * @param arrivedAs "tag" or "field": how the sample traffic carried it
 * @param role      its role in the selected layout
 * @param distinct  distinct values in the sample, or -1 when no sample is loaded
 */
public record AttributeRow(String name, String type, String arrivedAs, String role, long distinct) {
}
