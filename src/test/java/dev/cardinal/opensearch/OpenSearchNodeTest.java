package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class OpenSearchNodeTest {
    private static OpenSearchNode node;

    @BeforeAll
    static void start() throws Exception {
        node = OpenSearchNode.start();
    }

    @AfterAll
    static void stop() throws Exception {
        node.close();
    }

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
