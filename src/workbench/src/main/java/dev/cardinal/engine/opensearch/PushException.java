package dev.cardinal.engine.opensearch;

import java.io.IOException;

/** What a push to an OpenSearch or Elasticsearch cluster runs into: the cluster refused, or the index exists. */
public final class PushException extends IOException {
    private static final long serialVersionUID = 1L;

    public PushException(String message) {
        super(message);
    }
}
