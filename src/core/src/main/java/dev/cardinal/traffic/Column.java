package dev.cardinal.traffic;

/** The values of one attribute across the rows of an event kind. */
public sealed interface Column permits DictionaryColumn, LongColumn, DoubleColumn {

    /** True when row {@code row} carries this attribute. */
    boolean present(int row);

    /** The value of a row as text, as it would appear in a tag value or a report; {@code null} when absent. */
    String text(int row);

    /** Number of distinct values present in the column. */
    long distinct();

    /** Bytes held per row (ids or raw values), not counting dictionaries. */
    int bytesPerRow();

    long footprintBytes();

    void ensureCapacity(int rows);

    void trim(int rows);
}
