package dev.cardinal.push;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.util.Collection;
import java.util.List;

/** Plan and apply layouts on one InfluxDB 1.x database (or InfluxDB 3 through its v1 API). */
public final class InfluxV1Push implements PushTarget {
    private final InfluxV1Client client;
    private final String database;

    public InfluxV1Push(InfluxV1Client client, String database) {
        this.client = client;
        this.database = database;
    }

    /**
     * The sample's numbers as projected and as the server reports them after the write.
     *
     * @param write             what the write did (points dropped by the server make the two differ, and say why)
     * @param indexMemoryGrowth how much the server's in-memory index grew during the write (-1 when not reported):
     *                          what the memory model estimates, on a server nothing else writes to
     */
    public record Comparison(Layout layout, LayoutMeasure projected, ServerNumbers measured, SampleWrite.Result write,
                             long indexMemoryGrowth) {
        /** True when the server holds exactly what was projected. */
        public boolean matches() {
            return projected.series() == measured.series()
                && projected.shardGroupSeries() == measured.serverReportedSeries()
                && projected.measurements() == measured.measurements()
                && projected.fieldKeys() == measured.fieldKeys()
                && projected.tags().equals(measured.tags());
        }
    }

    /**
     * Writes the sample through the layout (from {@code startLine}) and reads back the server's numbers: of the
     * layout's measurement when it has one name, else of the whole database.
     */
    public Comparison writeAndMeasure(Layout layout, EventKindSample sample, LayoutMeasure projected, SampleWrite write,
                                      long startLine, PushMonitor monitor)
        throws SampleWriteException, InfluxV1Exception, InterruptedException {
        long before = ServerNumbers.indexMemory(client);
        SampleWrite.Result result = write.write(layout, sample, startLine, monitor);
        String measurement = layout.measurement().isLiteral() ? layout.measurement().literalText() : null;
        ServerNumbers measured = ServerNumbers.read(client, database, measurement);
        long growth = before < 0 || measured.indexMemoryBytes() < 0 ? -1 : measured.indexMemoryBytes() - before;
        return new Comparison(layout, projected, measured, result, growth);
    }

    public InfluxV1Client client() {
        return client;
    }

    public String database() {
        return database;
    }

    @Override
    public String target() {
        return client.url() + " database " + database;
    }

    @Override
    public Plan plan(Workspace ws, List<Layout> layouts) throws InfluxV1Exception, InterruptedException {
        return InfluxV1Planner.plan(ws, layouts, target(), InfluxV1State.read(client, database));
    }

    /**
     * Runs the plan's statements in order. Destructive steps run only when their subject is in {@code allowed};
     * the others are returned as blocked. Stops between steps when cancelled.
     */
    @Override
    public Applied apply(Plan plan, Collection<String> allowed, PushMonitor monitor)
        throws IOException, InterruptedException {
        return Applied.run(plan, allowed, monitor, statement -> client.query(statement, null));
    }
}
