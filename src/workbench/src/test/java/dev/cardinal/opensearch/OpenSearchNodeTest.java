package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OpenSearchNodeTest extends WithOpenSearchNode {

    @Test
    void answersOnLoopbackWithItsVersion() throws Exception {
        assertEquals("127.0.0.1", node.uri().getHost());
        String root = node.ok("GET", "/", null);
        assertTrue(root.contains("\"number\" : \"2.19.6\""), root);
        node.createIndex("probe", null);
        node.ok("POST", "/probe/_doc?refresh=true", "{\"a\":1}");
        assertTrue(node.ok("GET", "/probe/_count", null).contains("\"count\":1"));
    }
}
