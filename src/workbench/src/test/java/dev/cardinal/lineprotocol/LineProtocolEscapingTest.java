package dev.cardinal.lineprotocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * Tags that line protocol cannot carry are refused, not written wrong. A tag key of a backslash and a space was
 * written as {@code \\ }: influxd 1.6.7's line scanner skips the backslash pair, takes the space for the end of the
 * tags, and a field key {@code "} after it then opened a quote that swallowed the next line (HostileIdentifiersTest,
 * on the real server, at a rare seed).
 */
class LineProtocolEscapingTest {

    @Test
    void aBackslashBeforeAnEscapedDelimiterInATagIsRefused() {
        for (String tag : new String[]{"\\ ", "a\\ b", "a\\,b", "a\\=b", "a\\"}) {
            assertNull(LineProtocolEscaping.tag(tag), tag);
        }
        assertEquals("a backslash before ' ' is read differently by the 1.x server's parser and indexes",
            LineProtocolEscaping.whyNotTag("\\ "));
    }

    @Test
    void otherTagsAreEscapedAsTheServerReadsThem() {
        assertEquals("a\\ b", LineProtocolEscaping.tag("a b"));
        assertEquals("a\\,b\\=c", LineProtocolEscaping.tag("a,b=c"));
        assertEquals("a\\b", LineProtocolEscaping.tag("a\\b"), "a backslash before anything else stays literal");
        assertEquals("\"q\"", LineProtocolEscaping.tag("\"q\""));
    }
}
