package dev.cardinal.lineprotocol;

/**
 * Why {@link SampleLineProtocol} did not write a row or a field: what the 1.x server would refuse or silently
 * change is left out and counted instead, so what a push reads back is exactly what was sent.
 */
public enum SkipReason {
    NO_FIELDS(true, "no field left to write"),
    MEASUREMENT_UNWRITABLE(true, "measurement empty, starting with '#', holding a newline or a backslash 1.x misreads"),
    TAG_UNWRITABLE(true, "a tag key or value ends in a backslash or holds a newline"),
    TIME_TAG(true, "tag key 'time': the server drops the whole point"),
    DUPLICATE_TAG(true, "two tags with the same key: the server rejects the line"),
    KEY_TOO_LONG(true, "measurement and tags exceed 65,535 bytes"),
    TIME_OUT_OF_RANGE(true, "timestamp outside the server's range"),
    FIELD_ABSENT(false, "the field's attribute is absent in the row"),
    NOT_FINITE(false, "NaN or infinite float: line protocol has no spelling for it"),
    UNSIGNED_TOO_LARGE(false, "unsigned value above 2^63-1 cannot be written as an integer"),
    TIME_FIELD(false, "field key 'time': the server drops such a field"),
    FIELD_KEY_UNWRITABLE(false, "field key empty, holding a newline or a backslash 1.x misreads, or too long"),
    DUPLICATE_FIELD(false, "two fields render to the same key: the last one is kept, as on the server");

    private final boolean row;
    private final String reason;

    SkipReason(boolean row, String reason) {
        this.row = row;
        this.reason = reason;
    }

    /** True when the whole row is skipped, false when one field of it is. */
    public boolean wholeRow() {
        return row;
    }

    public String reason() {
        return reason;
    }
}
