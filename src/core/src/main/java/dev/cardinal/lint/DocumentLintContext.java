package dev.cardinal.lint;

import dev.cardinal.model.Target;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.TextValues;
import java.time.Duration;
import java.util.List;

/**
 * What a document rule may look at for one sample of documents written to one OpenSearch or Elasticsearch index
 * under dynamic mapping: the mapping the engine builds (with its refusals and truncations), the string values of
 * each key, which engine (their fixes differ by name), and the horizon slots are provisioned for.
 *
 * @param subject    the documents' event kind (or file): findings name it where an InfluxDB finding names a layout
 * @param projection what the index makes of the documents
 * @param text       the string values per path
 * @param engine     {@link Target.Kind#OPENSEARCH} or {@link Target.Kind#ELASTICSEARCH}
 * @param horizon    how far ahead slots are provisioned
 */
public record DocumentLintContext(String subject, MappingProjection projection, TextValues text, Target.Kind engine,
                                  Duration horizon) {
    public DocumentLintContext {
        if (!engine.isDocument()) {
            throw new IllegalArgumentException(engine.product() + " is not a document engine");
        }
    }

    Finding finding(DocumentRule rule, Severity severity, String path, String message, List<Evidence> evidence, Fix fix) {
        return new Finding(rule.id(), severity, subject, path, message, evidence, fix);
    }

    /** The engine's field type that holds arbitrary keys as one field: {@code flat_object} or {@code flattened}. */
    String flatType() {
        return engine == Target.Kind.OPENSEARCH ? "flat_object" : "flattened";
    }
}
