package dev.cardinal.engine.influxdb1;

import java.io.IOException;

/**
 * A request to an InfluxDB 1.x server that did not succeed, with what kind of failure it was, so a caller can
 * react (fix the line, create the database, log in) instead of parsing text. Messages carry the server's own words
 * and the server's address, never credentials.
 */
public final class InfluxV1Exception extends IOException {

    public enum Kind {
        /** Every line of the batch was rejected by the parser (HTTP 400 {@code unable to parse ...}). */
        PARSE_ERROR,
        /** Some points were written and some dropped (HTTP 400 {@code partial write: ... dropped=N}). */
        PARTIAL_WRITE,
        /** A batch introduced a field with two types; nothing of the batch's shard was written (HTTP 400). */
        FIELD_TYPE_CONFLICT,
        /** Any other HTTP 400. */
        BAD_REQUEST,
        /** HTTP 401: no or wrong credentials. */
        UNAUTHORIZED,
        /** HTTP 403: credentials fine, privileges missing. */
        FORBIDDEN,
        /** HTTP 404 {@code database not found}. */
        DATABASE_NOT_FOUND,
        /** HTTP 413: the body exceeds the server's {@code max-body-size}. */
        TOO_LARGE,
        /** HTTP 5xx. */
        SERVER_ERROR,
        /** A query statement returned an error in its result. */
        QUERY_ERROR,
        /** Nothing listens at the address. */
        CONNECTION_REFUSED,
        /** The TLS handshake failed: an untrusted or mismatched certificate, or no TLS on the other side. */
        TLS,
        /** Connecting or answering took longer than the client's timeout. */
        TIMEOUT,
        /** Any other I/O failure or unexpected answer. */
        OTHER
    }

    private final Kind kind;
    private final int status;
    private final String serverMessage;
    private final long dropped;

    InfluxV1Exception(Kind kind, int status, String message, String serverMessage, long dropped, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.status = status;
        this.serverMessage = serverMessage;
        this.dropped = dropped;
    }

    public Kind kind() {
        return kind;
    }

    /** The HTTP status, or 0 when no answer came. */
    public int status() {
        return status;
    }

    /** The server's error text as it sent it, or {@code null}. */
    public String serverMessage() {
        return serverMessage;
    }

    /**
     * Points the server dropped in a partial write ({@code dropped=N}), or -1 when not a partial write. Lines that
     * failed to parse are not counted here by the server (it reports {@code dropped=0} for them).
     */
    public long dropped() {
        return dropped;
    }
}
