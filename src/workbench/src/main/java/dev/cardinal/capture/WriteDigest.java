package dev.cardinal.capture;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * What {@link RepeatedWrites} compares of a write: 128 bits of SHA-256 over its points as spooled and where they were
 * written. No two different writes meet by chance, nor can a writer make one collide with another's.
 */
record WriteDigest(long high, long low) {

    /** The digest of points as spooled, with where they were written (computed outside the spool's lock). */
    static WriteDigest of(String destination, byte[] spooled) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        byte[] d = destination.getBytes(StandardCharsets.UTF_8);
        sha.update(ByteBuffer.allocate(4).putInt(d.length).array()); // so "a" + "bc" and "ab" + "c" differ
        sha.update(d);
        sha.update(spooled);
        ByteBuffer h = ByteBuffer.wrap(sha.digest());
        return new WriteDigest(h.getLong(), h.getLong());
    }
}
