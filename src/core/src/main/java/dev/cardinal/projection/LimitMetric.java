package dev.cardinal.projection;

import java.util.Locale;

/** What a limit counts. */
public enum LimitMetric {
    /** Series in one database (or organisation, for Cloud plans). */
    SERIES,
    /** Distinct values of any one tag key. */
    VALUES_PER_TAG,
    /** Distinct field key names (one mapping holds them all). */
    FIELD_KEYS,
    /** Columns of one table: time, tag keys and field keys of the widest measurement. */
    COLUMNS_PER_TABLE,
    /** Tables, that is measurements. */
    TABLES;

    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static LimitMetric fromId(String id) {
        for (LimitMetric m : values()) {
            if (m.id().equals(id)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown limit metric '" + id + "'");
    }
}
