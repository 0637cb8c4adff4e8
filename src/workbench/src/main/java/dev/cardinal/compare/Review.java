package dev.cardinal.compare;

import dev.cardinal.engine.QueryLanguages;
import dev.cardinal.lineprotocol.WriterSnippets;
import dev.cardinal.lint.Finding;
import dev.cardinal.lint.LintContext;
import dev.cardinal.lint.Linter;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadReport;
import java.time.Duration;
import java.util.List;

/**
 * Everything a review of two layouts shows: the comparison (differences, numbers, verdict), each layout's findings,
 * the questions answered in both, each layout as the line protocol it writes, and, when asked ({@link #withEngines}),
 * both layouts on each engine that counts a sample of rows.
 */
public record Review(String workspace, LayoutComparison comparison, List<Finding> findingsA, List<Finding> findingsB,
                     List<QueryContrast.Question> questions, String shapeA, String shapeB, Mappings mappings,
                     EngineSides engines) {

    /**
     * For a document engine (OpenSearch, Elasticsearch): the mapping each layout builds in an index from the same
     * rows, counted toward the same total-fields limit.
     */
    public record Mappings(MappingProjection a, MappingProjection b) {
    }

    /**
     * For a document engine, the sentence the review opens with: when each layout's mapping refuses writes. Empty
     * without mappings.
     */
    public java.util.Optional<String> mappingVerdict() {
        if (mappings == null) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("In an index with index.mapping.total_fields.limit "
            + dev.cardinal.projection.Quantities.count(mappings.a().limit()) + ": " + a().layout().name() + " makes "
            + dev.cardinal.projection.Quantities.count(mappings.a().fields()) + " fields and "
            + mappings.a().whenLimitRefuses() + "; " + b().layout().name() + " makes "
            + dev.cardinal.projection.Quantities.count(mappings.b().fields()) + " and " + mappings.b().whenLimitRefuses() + ".");
    }

    /** The same review with the mappings the two layouts build in an index whose limit is {@code totalFieldsLimit}. */
    public Review withMappings(EventKindSample sample, long totalFieldsLimit) {
        ProjectionInput.Mapped mapped = new ProjectionInput.Mapped(ProjectionInput.rows(sample), totalFieldsLimit);
        return new Review(workspace, comparison, findingsA, findingsB, questions, shapeA, shapeB, new Mappings(
            Projections.project(null, a().layout(), mapped, a().settings()).as(Projected.Mapping.class).projection(),
            Projections.project(null, b().layout(), mapped, b().settings()).as(Projected.Mapping.class).projection()), engines);
    }

    /** The same review with both layouts counted on these engines ({@link EngineSides#of}). */
    public Review withEngines(EngineSides counted) {
        return new Review(workspace, comparison, findingsA, findingsB, questions, shapeA, shapeB, mappings, counted);
    }

    public Review {
        findingsA = List.copyOf(findingsA);
        findingsB = List.copyOf(findingsB);
        questions = List.copyOf(questions);
        engines = engines == null ? EngineSides.none() : engines;
    }

    /** Projects, lints and contrasts two layouts of one workspace over the same sample. */
    public static Review of(Workspace ws, Layout a, Layout b, EventKindSample sample, ReadReport report, ProjectionSettings settings,
                            QueryLanguages languages) {
        return of(Side.of(ws, a), Side.of(ws, b), sample, report, settings, languages);
    }

    /**
     * Projects, lints and contrasts two layouts of one event kind over the same sample; each is read with its own
     * workspace (another file, or a git revision), and one that comes from elsewhere is named with its origin. The
     * questions are answered in the languages of the engines {@code languages} lists.
     */
    public static Review of(Side a, Side b, EventKindSample sample, ReadReport report, ProjectionSettings settings,
                            QueryLanguages languages) {
        if (!a.layout().eventKind().equals(b.layout().eventKind())) {
            throw new IllegalArgumentException("layouts " + a.label() + " and " + b.label() + " store different event kinds ("
                + a.layout().eventKind() + ", " + b.layout().eventKind() + "): only layouts of one event kind compare");
        }
        EventKind kindA = a.eventKind();
        EventKind kindB = b.eventKind();
        Layout la = a.origin() == null ? a.layout() : a.layout().withName(a.label());
        Layout lb = b.origin() == null ? b.layout() : b.layout().withName(b.label());
        ProjectionInput.Rows rows = ProjectionInput.rows(sample);
        Projected.Rows ra = Projections.project(a.workspace(), la, rows, settings).as(Projected.Rows.class);
        Projected.Rows rb = Projections.project(b.workspace(), lb, rows, settings).as(Projected.Rows.class);
        Projection pa = ra.projection();
        Projection pb = rb.projection();
        List<Finding> fa = Linter.lint(new LintContext(a.workspace(), kindA, la, pa, ra.index(), report, Duration.ZERO));
        List<Finding> fb = Linter.lint(new LintContext(b.workspace(), kindB, lb, pb, rb.index(), report, Duration.ZERO));
        return new Review(a.workspace().name(), LayoutComparison.of(kindA, kindB, pa, pb), fa, fb,
            QueryContrast.of(a.workspace(), kindA, pa, b.workspace(), kindB, pb, sample, languages),
            WriterSnippets.lineProtocol(kindA, la), WriterSnippets.lineProtocol(kindB, lb), null, EngineSides.none());
    }

    public Projection a() {
        return comparison.a();
    }

    public Projection b() {
        return comparison.b();
    }
}
