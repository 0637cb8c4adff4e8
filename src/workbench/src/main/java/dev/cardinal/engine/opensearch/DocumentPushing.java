package dev.cardinal.engine.opensearch;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.Logins;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.RecentSample;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.util.Optional;
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
    public Optional<String> urlProblem(URI url) {
        return Connection.notHttp(url);
    }

    @Override
    public String holder() {
        return "index";
    }

    /** The index as a document target with the connection's limits (its total-fields limit), named after the index. */
    @Override
    public PushTarget connect(Connection server) {
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

    private static IndexImport importer(Connection server) {
        return new IndexImport(server.url(), server.kind(), server.authorization(), server.timeout());
    }
}
