package dev.cardinal.projection;

/**
 * The tag test for one attribute: can every value it will ever have be written down from the sample?
 */
public enum Growth {
    /** The sample has (almost) stopped showing new values: a closed set, safe as a tag. */
    CLOSED,
    /** New values keep arriving with traffic: an index keyed on it grows with the business. */
    GROWS
}
