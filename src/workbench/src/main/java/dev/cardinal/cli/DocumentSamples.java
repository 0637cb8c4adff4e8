package dev.cardinal.cli;

import dev.cardinal.engine.opensearch.MappingCures;
import dev.cardinal.lint.DocumentLintContext;
import dev.cardinal.lint.DocumentLinter;
import dev.cardinal.model.Target;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.Projections;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** One NDJSON file of documents followed into an index under dynamic mapping, and the document rules run over it. */
final class DocumentSamples {
    private DocumentSamples() {
    }

    /** Reads {@code file} (bad lines reported on {@code err}, with their numbers) as the documents of {@code name}. */
    static MappingReport.Kind read(String name, Path file, long limit, String tenant, Target.Kind engine, Duration horizon,
                                   PrintWriter err) throws IOException {
        Projected.Mapping mapped = Projections.documents(file, tenant, limit);
        mapped.problems().forEach(err::println);
        MappingProjection p = mapped.projection();
        return new MappingReport.Kind(name, file.toString(), p,
            DocumentLinter.lint(new DocumentLintContext(name, p, mapped.text(), engine, horizon)), MappingCures.Table.NONE);
    }

    /** {@code kind} with the cures for the mapping explosion counted over its file's documents, read again. */
    static MappingReport.Kind withCures(MappingReport.Kind kind, List<String> patterns, Duration horizon) throws IOException {
        return new MappingReport.Kind(kind.name(), kind.file(), kind.projection(), kind.findings(),
            MappingCures.of(Path.of(kind.file()), kind.projection(), patterns, horizon));
    }

    /** {@code kind} with its cures, its templates matching indices named after it (no index is known). */
    static MappingReport.Kind withCures(MappingReport.Kind kind, Duration horizon) throws IOException {
        return withCures(kind, MappingCures.patterns(kind.name()), horizon);
    }

    /** A file's name without its NDJSON and gzip endings: the documents' event kind. */
    static String name(Path file) {
        return file.getFileName().toString().replaceFirst("(\\.ndjson|\\.jsonl|\\.json)?(\\.gz)?$", "");
    }

    /** The document engine an analyze or lint {@code --kind} names. */
    static Target.Kind engine(String kind) {
        return "elasticsearch".equals(kind) ? Target.Kind.ELASTICSEARCH : Target.Kind.OPENSEARCH;
    }
}
