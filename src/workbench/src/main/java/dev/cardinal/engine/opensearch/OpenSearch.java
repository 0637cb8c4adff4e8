package dev.cardinal.engine.opensearch;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import java.util.Optional;
import java.util.Set;

/** The OpenSearch and Elasticsearch engine as the seam lists it. */
public final class OpenSearch implements Engine {
    private final CodeGenerator code = new OpenSearchCode();

    @Override
    public String name() {
        return "opensearch";
    }

    @Override
    public Set<String> aliases() {
        return Set.of("elasticsearch");
    }

    @Override
    public String title() {
        return "OpenSearch and Elasticsearch";
    }

    @Override
    public Optional<CodeGenerator> code() {
        return Optional.of(code);
    }
}
