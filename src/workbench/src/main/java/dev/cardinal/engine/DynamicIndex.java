package dev.cardinal.engine;

import dev.cardinal.model.Layout;
import dev.cardinal.projection.MappingProjection;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * A new index under dynamic mapping, written with documents as they are, and what the engine made of them: how a
 * document engine shows the mapping that documents whose keys carry data grow ({@code cardinal analyze --push-to},
 * the Push tab for a layout without a fixed mapping). The index is the connection's database; it is created here and
 * an index that exists is never written to.
 */
public interface DynamicIndex {
    /**
     * How long a writer waits for one request: the engine is asked to wait as long for the mapping updates that new
     * field names cause, which a loaded cluster can take minutes over. The command line and the workbench write with
     * the same patience.
     */
    Duration REQUEST_TIMEOUT = Duration.ofMinutes(5);

    /**
     * Whether the connection's index exists (an alias or data stream of its name counts: it cannot be created either).
     *
     * @throws IOException when the server does not say, with its answer
     */
    boolean exists(Connection server) throws IOException, InterruptedException;

    /**
     * Creates the index (one shard, no replica, so documents are indexed in the order sent; its total-fields limit the
     * connection's {@code limits().totalFields()}, else the cluster's default) and writes {@code documents} to it.
     *
     * @param documents one JSON object each, in order
     * @param monitor   progress per request; when cancelled the write stops between requests with a
     *                  {@link java.util.concurrent.CancellationException} (what was written stays)
     * @throws IOException when the index exists or the server refuses, in words a front end prints as they are
     */
    Measured write(Connection server, List<String> documents, PushMonitor monitor) throws IOException, InterruptedException;

    /**
     * What the engine made of {@code layout}'s documents ({@code measured}) beside the mapping {@code projected} for
     * the same documents: fields as the limit counts them, documents indexed, and documents refused, by the limit and
     * otherwise; shown as the engine shows it.
     */
    SampleComparison compared(String eventKind, Layout layout, String index, MappingProjection projected, Measured measured);

    /**
     * What the engine made of the documents.
     *
     * @param fields            fields of the index's mapping, objects + leaves + multi-fields
     * @param indexed           documents the engine accepted
     * @param refusedByLimit    documents refused by the total-fields limit
     * @param refusedOther      documents refused for another reason (a value its field cannot take, a key)
     * @param firstLimitRefusal the 1-based place of the first document the limit refused, or 0
     * @param firstOtherReason  the engine's reason for the first other refusal, or null
     */
    record Measured(long fields, long indexed, long refusedByLimit, long refusedOther, long firstLimitRefusal,
                    String firstOtherReason) {
    }
}
