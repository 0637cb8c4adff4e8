package dev.cardinal.engine;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.util.List;

/**
 * A {@link PushTarget} whose tables hold rollups (relational summary tables): after apply, each rollup of the layouts
 * is computed over the workspace's sample and its rows upserted, which {@code cardinal apply --write-sample} does.
 */
public interface RollupUpsert {
    /** One table's rollup of the sample: rows computed, rows left out for a missing group-by value, rows the table holds afterwards. */
    record Upserted(String table, long computed, long rowsWithoutKey, long inTable) {
    }

    /** Computes each rollup over its sample and upserts the rows; running it again overwrites the same rows. */
    List<Upserted> upsertRollups(Workspace ws, List<Layout> layouts, PushMonitor monitor) throws IOException;
}
