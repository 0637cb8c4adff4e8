package dev.cardinal.lint;

import java.util.Locale;

/** How bad a finding is. {@code cardinal lint} fails on ERROR, so a schema can be guarded in CI. */
public enum Severity {
    /** The layout will fail in production (a limit breaks, the index grows with traffic, a query cannot be written). */
    ERROR,
    /** Likely wrong, or costly; worth a look before the first write. */
    WARNING,
    /** Advice that depends on how the data will be used. */
    INFO;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
