package dev.cardinal.cli;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Credentials;
import dev.cardinal.engine.DynamicIndex;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Target;
import dev.cardinal.traffic.NdjsonDocuments;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code cardinal analyze --kind opensearch --push-to URL --index NAME}: one file's documents written to a new index
 * under dynamic mapping through the engine's {@link DynamicIndex}, for the engine's own numbers beside the projection.
 */
final class IndexPushTo {
    private IndexPushTo() {
    }

    /**
     * @param login the credentials, or null when they could not be had (said already): nothing is sent
     * @return what the engine made of the documents; null (the reason printed) when the index exists, or the cluster
     *         refuses or cannot be reached
     */
    static DynamicIndex.Measured write(Target.Kind engine, URI to, String index, Path file, Credentials login, PrintWriter err)
        throws IOException {
        if (login == null) {
            return null;
        }
        DynamicIndex dynamic = Engines.pushing(engine).flatMap(Pushing::dynamicIndex).orElseThrow(() ->
            new IllegalArgumentException(engine.product() + " offers no new index under dynamic mapping"));
        List<String> documents = new ArrayList<>();
        NdjsonDocuments.read(file, d -> documents.add(d.json().toString()));
        try {
            // one _bulk of 2,000 documents that each add a field is 2,000 mapping updates: minutes on a busy node
            Connection server = new Connection(engine, to, index, DynamicIndex.REQUEST_TIMEOUT, login);
            if (dynamic.exists(server)) {
                err.println("cardinal analyze: " + to + ": the index '" + index + "' exists: Cardinal writes samples to a new index"
                    + " only");
                return null;
            }
            return dynamic.write(server, documents, PushMonitor.NONE);
        } catch (java.net.ConnectException e) {
            err.println("cardinal analyze: " + to + ": cannot connect (" + e.getMessage() + ")");
            return null;
        } catch (IOException e) {
            err.println("cardinal analyze: " + to + ": " + e.getMessage());
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing to " + to, e);
        }
    }
}
