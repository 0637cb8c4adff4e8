package dev.cardinal.opensearch;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Base of the tests that need the real engine: one node per test class, started before its first test. */
public abstract class WithOpenSearchNode {
    protected static OpenSearchNode node;

    @BeforeAll
    static void startNode() throws Exception {
        node = OpenSearchNode.start();
    }

    @AfterAll
    static void stopNode() throws Exception {
        node.close();
    }
}
