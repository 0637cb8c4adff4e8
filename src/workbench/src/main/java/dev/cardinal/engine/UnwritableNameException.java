package dev.cardinal.engine;

/**
 * A name or value that one language cannot hold at all, whatever the quoting (a carriage return in InfluxQL, a NUL
 * in a shell argument, a character beyond the Basic Multilingual Plane in a MariaDB identifier). Only the artefacts
 * of that language are left out, with this message as the reason; the rest of the bundle is still written.
 */
public final class UnwritableNameException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnwritableNameException(String message) {
        super(message);
    }
}
