package dev.cardinal.spark;

/**
 * The keys the job counts by, as one string each: a type letter, then the event kind and a slot (an attribute, a tag
 * value template or a covered layout's number), each with its length before it, then the value as it is. Names and
 * values may hold any character, separators included: the lengths keep two different keys different.
 */
final class Keys {
    /** An attribute's value. */
    static final char VALUE = 'A';
    /** A combination of the attributes of a tag value template. */
    static final char COMBINATION = 'T';
    /** A tag's value as written. */
    static final char TAG_VALUE = 'V';
    /** A covered layout's series. */
    static final char SERIES = 'S';

    private Keys() {
    }

    static String of(char type, String kind, String slot, String value) {
        return new StringBuilder(kind.length() + slot.length() + value.length() + 24).append(type)
            .append(kind.length()).append(':').append(kind).append(slot.length()).append(':').append(slot).append(value)
            .toString();
    }

    /** Type, kind, slot and value of a key made by {@link #of}. */
    static String[] parse(String key) {
        int colon = key.indexOf(':', 1);
        int kindEnd = colon + 1 + Integer.parseInt(key, 1, colon, 10);
        String kind = key.substring(colon + 1, kindEnd);
        int colon2 = key.indexOf(':', kindEnd);
        int slotEnd = colon2 + 1 + Integer.parseInt(key, kindEnd, colon2, 10);
        return new String[]{key.substring(0, 1), kind, key.substring(colon2 + 1, slotEnd), key.substring(slotEnd)};
    }
}
