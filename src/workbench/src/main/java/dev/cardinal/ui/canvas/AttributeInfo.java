package dev.cardinal.ui.canvas;

import dev.cardinal.projection.Growth;

/**
 * What a chip shows about an attribute, from the sample: its type, distinct values, growth class, and distinct values
 * at evenly spaced checkpoints as the sample is replayed.
 */
public record AttributeInfo(String type, long distinct, Growth growth, long[] curve) {
}
