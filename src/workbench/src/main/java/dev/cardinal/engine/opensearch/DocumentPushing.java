package dev.cardinal.engine.opensearch;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.DynamicIndex;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.Logins;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.RecentSample;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.MappingProjection;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Plan, apply and import on an OpenSearch or Elasticsearch cluster: a target's database is the index; an API key or
 * a user and password, sent as a header; the certificate is always checked.
 */
final class DocumentPushing implements Pushing {
    private static final Logins LOGINS = new Logins(Logins.Tls.VERIFIED, Logins.Tokens.NONE, true, true, false);
    /** The engines' {@code index.max_result_window}: a search returns at most this many documents. */
    private static final int MAX_DOCUMENTS = 10_000;

    @Override
    public Set<Target.Kind> kinds() {
        return Set.of(Target.Kind.OPENSEARCH, Target.Kind.ELASTICSEARCH);
    }

    @Override
    public Optional<String> database() {
        return Optional.of("the index");
    }

    @Override
    public String exampleUrl() {
        return "http://127.0.0.1:9200";
    }

    @Override
    public Logins logins() {
        return LOGINS;
    }

    @Override
    public String holder() {
        return "index";
    }

    /** The index as a document target with the connection's limits (its total-fields limit), named after the index. */
    @Override
    public PushTarget connect(Connection server) {
        server.requireHttp();
        Target target = new Target(server.database(), server.database(), server.kind(), server.url().toString(),
            server.database(), null, null, server.limits());
        return new DocumentPush(target, server.authorization(), server.timeout());
    }

    @Override
    public ImportedWorkspace read(Connection server) throws IOException, InterruptedException {
        return importer(server).read(server.database());
    }

    @Override
    public Optional<RecentSample> recent() {
        return Optional.of(new RecentSample() {
            @Override
            public String suffix() {
                return ".sample.ndjson.gz";
            }

            @Override
            public String items() {
                return "documents";
            }

            @Override
            public int most() {
                return MAX_DOCUMENTS;
            }

            @Override
            public String mostReason() {
                return "the engines' index.max_result_window";
            }

            @Override
            public SampleBinding binding(ImportedWorkspace imported, String path) {
                return IndexImport.binding(imported.workspace().layouts().get(0), path);
            }

            @Override
            public long write(Connection server, Workspace ws, int limit, Writer out) throws IOException, InterruptedException {
                return importer(server).recentDocuments(server.database(), limit, out);
            }
        });
    }

    @Override
    public Optional<DynamicIndex> dynamicIndex() {
        return Optional.of(new DynamicIndex() {
            @Override
            public boolean exists(Connection server) throws IOException, InterruptedException {
                return client(server).exists(server.database());
            }

            @Override
            public Measured write(Connection server, List<String> documents, PushMonitor monitor)
                throws IOException, InterruptedException {
                return client(server).writeSample(server.database(), documents, server.limits().totalFields(), monitor);
            }

            @Override
            public SampleComparison compared(String eventKind, Layout layout, String index, MappingProjection projected,
                                             Measured measured) {
                return IndexComparison.dynamic(layout, index, projected, measured).shown(eventKind, "first other refusal");
            }
        });
    }

    @Override
    public OptionalLong fixedMappingFields(EventKind kind, Layout layout) {
        return DocumentPush.strictFields(kind, layout);
    }

    private static DocumentIndexPush client(Connection server) {
        return new DocumentIndexPush(server.requireHttp().url(), server.authorization(), server.timeout());
    }

    private static IndexImport importer(Connection server) {
        return new IndexImport(server.requireHttp().url(), server.kind(), server.authorization(), server.timeout());
    }
}
