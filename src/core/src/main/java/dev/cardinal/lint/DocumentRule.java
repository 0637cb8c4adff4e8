package dev.cardinal.lint;

import java.util.List;

/** One known failure mode of documents in an OpenSearch or Elasticsearch index, checked against its mapping. */
public interface DocumentRule {
    /** A stable id, used in reports. */
    String id();

    /** One line on what the rule looks for. */
    String description();

    List<Finding> check(DocumentLintContext context);
}
