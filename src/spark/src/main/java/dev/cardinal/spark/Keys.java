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
        int kindStart = key.indexOf(':', 1) + 1;
        int kindEnd = kindStart + Integer.parseInt(key, 1, kindStart - 1, 10);
        int slotStart = key.indexOf(':', kindEnd) + 1;
        int slotEnd = valueAt(key);
        return new String[]{key.substring(0, 1), key.substring(kindStart, kindEnd), key.substring(slotStart, slotEnd),
            key.substring(slotEnd)};
    }

    /** Where the value of a key made by {@link #of} starts: what is before it is {@code of(type, kind, slot, "")}. */
    static int valueAt(String key) {
        int colon = key.indexOf(':', 1);
        int kindEnd = colon + 1 + Integer.parseInt(key, 1, colon, 10);
        int colon2 = key.indexOf(':', kindEnd);
        return colon2 + 1 + Integer.parseInt(key, kindEnd, colon2, 10);
    }
}
