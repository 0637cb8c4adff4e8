package dev.cardinal.engine.opensearch;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import java.util.Optional;
import java.util.Set;

/** The OpenSearch and Elasticsearch engine as the seam lists it. */
public final class OpenSearch implements Engine {
    private final CodeGenerator code = new OpenSearchCode();
    private final dev.cardinal.engine.Pushing pushing = new DocumentPushing();
    private final dev.cardinal.engine.SeriesEngine counting = new MappingCount();

    @Override
    public Optional<dev.cardinal.engine.Pushing> pushing() {
        return Optional.of(pushing);
    }

    private static final java.util.List<dev.cardinal.projection.Limit> SHIPPED =
        dev.cardinal.projection.LimitsFile.read(OpenSearch.class, "limits.json");

    @Override
    public java.util.List<dev.cardinal.projection.Limit> shippedLimits() {
        return SHIPPED;
    }

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

    /** A layout's rows written as documents, one per row, counted as the index's mapping counts them. */
    @Override
    public Optional<dev.cardinal.engine.SeriesEngine> counting() {
        return Optional.of(counting);
    }
}
