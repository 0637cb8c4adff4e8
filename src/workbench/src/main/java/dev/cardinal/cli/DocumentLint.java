package dev.cardinal.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.CommentText;
import dev.cardinal.lint.Evidence;
import dev.cardinal.lint.Finding;
import dev.cardinal.lint.Severity;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code cardinal lint} for documents: each NDJSON sample (of a workspace with an OpenSearch or Elasticsearch target,
 * or one file given with {@code --kind opensearch}) followed into an index under dynamic mapping, and the document
 * rules run over it. Exits 1 on an error-level finding, as for layouts.
 */
final class DocumentLint {
    private DocumentLint() {
    }

    /** The workspace's first document target, or null. */
    static Target documentTarget(Workspace ws) {
        return ws.targets().stream().filter(t -> t.kind().isDocument()).findFirst().orElse(null);
    }

    /** The documents of each NDJSON sample the workspace binds, linted for {@code target}'s engine and limit. */
    static List<MappingReport.Kind> workspace(Workspace ws, List<SampleReader.Source> sources, Target target, String tenant,
                                              Duration horizon, PrintWriter err) throws IOException {
        long limit = target.limits().totalFields() == null || target.limits().totalFields() == 0
            ? DocumentMapping.DEFAULT_TOTAL_FIELDS : target.limits().totalFields();
        List<MappingReport.Kind> kinds = new ArrayList<>();
        for (SampleReader.Source s : sources) {
            if (s.binding().format() != SampleFormat.NDJSON) {
                err.println("cardinal lint: " + s.path() + " is not NDJSON documents: left out for " + target.kind().product());
                continue;
            }
            String kind = s.binding().eventKind() != null ? s.binding().eventKind() : s.binding().id();
            kinds.add(DocumentSamples.read(kind, s.path(), limit, tenant != null ? tenant : slotScope(ws, kind),
                target.kind(), horizon, err));
        }
        return kinds;
    }

    /** The key a layout's slots are allocated per ({@code tenant} in {@code slot(metric, tenant)}), or null. */
    private static String slotScope(Workspace ws, String kind) {
        for (Layout l : ws.layoutsOf(kind)) {
            for (FieldSpec f : l.fields()) {
                for (var slot : dev.cardinal.engine.Slots.slots(f.key())) {
                    if (!slot.scope().isEmpty()) {
                        return slot.scope().get(0);
                    }
                }
            }
        }
        return null;
    }

    static int report(List<MappingReport.Kind> kinds, Target.Kind engine, boolean json, PrintWriter out) {
        List<Finding> all = kinds.stream().flatMap(k -> k.findings().stream()).toList();
        if (json) {
            ObjectNode root = JsonNodeFactory.instance.objectNode();
            root.put("engine", engine.product());
            for (Severity s : Severity.values()) {
                root.put(s.id() + "s", all.stream().filter(f -> f.severity() == s).count());
            }
            ArrayNode checked = root.putArray("eventKinds");
            kinds.forEach(k -> checked.addObject().put("name", k.name()).put("file", k.file())
                .put("documents", k.projection().documents()).put("fields", k.projection().fields())
                .put("limit", k.projection().limit()));
            ArrayNode list = root.putArray("findings");
            all.forEach(f -> list.add(LintCommand.finding(f)));
            out.println(PushCommand.text(root));
        } else {
            out.println("engine: " + engine.product() + " (dynamic mapping)");
            for (MappingReport.Kind k : kinds) {
                long errors = k.findings().stream().filter(f -> f.severity() == Severity.ERROR).count();
                long warnings = k.findings().stream().filter(f -> f.severity() == Severity.WARNING).count();
                out.printf(Locale.ROOT, "%s (%s): %,d documents, %,d fields of %,d; %s%n", CommentText.shown(k.name()),
                    CommentText.shown(k.file()), k.projection().documents(), k.projection().fields(), k.projection().limit(),
                    k.findings().isEmpty() ? "clean" : errors + " error(s), " + warnings + " warning(s), "
                        + (k.findings().size() - errors - warnings) + " info");
                for (Finding f : k.findings()) {
                    out.printf("  %-7s %-38s %s%n", f.severity().name(), f.rule(), CommentText.shown(f.subject()));
                    out.printf("          %s%n", CommentText.shown(f.message()));
                    for (Evidence e : f.evidence()) {
                        out.printf("          %s: %s%n", e.label(), CommentText.shown(e.value()));
                    }
                    out.printf("          fix: %s%n", CommentText.shown(f.fix().title()));
                }
                out.println();
            }
        }
        return all.stream().anyMatch(f -> f.severity() == Severity.ERROR) ? LintCommand.FINDINGS : 0;
    }

    /** {@code cardinal lint FILE.ndjson --kind opensearch}: one file of documents. */
    static boolean isDocumentFile(Path p) {
        return SampleFormat.fromFileName(p.getFileName().toString()).orElse(null) == SampleFormat.NDJSON
            && !p.getFileName().toString().endsWith(dev.cardinal.model.WorkspaceFiles.EXTENSION);
    }
}
