package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.Applied;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.SampleCheck;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.engine.SampleWriteOptions;
import dev.cardinal.engine.VersionHeader;
import dev.cardinal.model.Layout;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Server;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Plan and apply layouts on one InfluxDB 1.x database (or InfluxDB 3 through its v1 API). */
public final class InfluxV1Push implements PushTarget, SampleCheck {
    private final InfluxV1Client client;
    private final String database;
    private final Function<ServerVersion, Server> servers;
    private Server engine;

    /** A push to an InfluxDB 1.x server. */
    public InfluxV1Push(InfluxV1Client client, String database) {
        this(client, database, InfluxV1Push::oneX);
    }

    /**
     * A push through the 1.x API to whichever server answers it (InfluxDB 3 has one too).
     *
     * @param servers the server of the version its header gives, or of null when it gives none: the front end asks
     *                the engines, since a server behind this API need not be a 1.x
     */
    public InfluxV1Push(InfluxV1Client client, String database, Function<ServerVersion, Server> servers) {
        this.client = client;
        this.database = database;
        this.servers = servers;
    }

    static Server oneX(ServerVersion v) {
        if (v != null && v.major() != 1) {
            throw new IllegalArgumentException("the server says it is InfluxDB " + v + ", not 1.x");
        }
        return new InfluxDb1Servers().server(v == null ? InfluxDb1Servers.ASSUMED : v, v == null, ServerLimits.DEFAULTS);
    }

    /**
     * The server, from the version in its {@code X-Influxdb-Version} header (asked once): what its
     * {@code SHOW SERIES EXACT CARDINALITY} counts depends on it. A server that sends none, or one that is not a
     * version (a development build says "unknown"), is taken for {@link InfluxDb1Servers#ASSUMED}, marked assumed.
     */
    public synchronized Server engine() throws InfluxV1Exception, InterruptedException {
        if (engine == null) {
            engine = servers.apply(VersionHeader.read(client.ping()).orElse(null));
        }
        return engine;
    }

    @Override
    public Optional<Server> server() throws InfluxV1Exception, InterruptedException {
        return Optional.of(engine());
    }

    /**
     * Writes the sample through the layout (from {@code startLine}) and reads back the server's numbers: of the
     * layout's measurement when it has one name, else of the whole database; and how many points carry each field
     * in the layout's retention policy, which is where points that shared a series and a timestamp go missing.
     */
    public InfluxV1Comparison writeAndMeasure(Layout layout, EventKindSample sample, LayoutMeasure projected,
                                      Map<String, Long> projectedFieldValues, SampleWrite write, long startLine,
                                      PushMonitor monitor)
        throws SampleWriteException, InfluxV1Exception, InterruptedException {
        Server server = engine();
        long before = ServerNumbers.indexMemory(client);
        SampleWrite.Result result = write.write(layout, sample, startLine, monitor);
        String measurement = layout.measurement().isLiteral() ? layout.measurement().literalText() : null;
        ServerNumbers measured = ServerNumbers.read(client, database, measurement);
        long growth = before < 0 || measured.indexMemoryBytes() < 0 ? -1 : measured.indexMemoryBytes() - before;
        Map<String, Long> fieldValues = FieldValueCounts.read(client, database, layout.retention().name(), measurement);
        return new InfluxV1Comparison(layout, projected, server, measured, result, growth, projectedFieldValues, fieldValues);
    }

    /** Written in batches from {@code options.resumeAt()}, shifted by whole shard groups unless told the shift. */
    @Override
    public SampleComparison writeSample(Workspace ws, Layout layout, EventKindSample sample, SampleWriteOptions options,
                                        PushMonitor monitor) throws IOException, InterruptedException {
        return InfluxV1SampleCheck.run(this, layout, sample, options, monitor);
    }

    @Override
    public boolean resumes() {
        return true;
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
