package dev.cardinal.engine.influxdb2;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.OrganizationsQuery;
import com.influxdb.client.TasksQuery;
import com.influxdb.client.domain.Bucket;
import com.influxdb.client.domain.BucketRetentionRules;
import com.influxdb.client.domain.Organization;
import com.influxdb.client.domain.Task;
import com.influxdb.client.domain.TaskCreateRequest;
import com.influxdb.client.domain.TaskStatusType;
import com.influxdb.client.domain.TaskUpdateRequest;
import com.influxdb.client.domain.WritePrecision;
import com.influxdb.exceptions.InfluxException;
import com.influxdb.exceptions.NotFoundException;
import com.influxdb.query.FluxRecord;
import com.influxdb.query.FluxTable;
import dev.cardinal.engine.Applied;
import dev.cardinal.engine.ImportedSchema;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PlanStep;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.SampleCheck;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.engine.SampleWriteOptions;
import dev.cardinal.engine.VersionHeader;
import dev.cardinal.lineprotocol.PointLines;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.Durations;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Target;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.SchemaInference;
import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Plan and apply layouts on InfluxDB 2.x or Cloud through influxdb-client-java: the organisation looked up (never
 * created), a bucket per layout ({@code database/retention-policy}, as {@code cardinal generate} names it) and per
 * rollup, with their retention and shard group duration, and the generated Flux task per rollup; the sample
 * written with blocking writes and the server's numbers read with the {@code influxdata/influxdb} schema and
 * cardinality functions. Shortening a bucket's retention deletes data, so it is destructive.
 *
 * <p>Verified against a recorded contract of the v2 HTTP API, not a live 2.x server, which this project's machine
 * cannot install.
 */
public final class InfluxV2Push implements PushTarget, SampleCheck {
    private final InfluxDBClient client;
    private final String url;
    private final String database;
    private final String org;
    /** A Cloud (TSM) organisation, its target naming its plan: its series key holds the field key. */
    private final boolean cloud;
    /** What each planned step does, by subject, filled by {@link #plan}. */
    private final Map<String, Call> calls = new LinkedHashMap<>();
    private String orgId;

    /** One API call apply makes for a step. */
    @FunctionalInterface
    private interface Call {
        void run();
    }

    public InfluxV2Push(InfluxDBClient client, String url, String database, String org) {
        this(client, url, database, org, false);
    }

    public InfluxV2Push(InfluxDBClient client, String url, String database, String org, boolean cloud) {
        this.cloud = cloud;
        this.client = Objects.requireNonNull(client, "client");
        this.url = url;
        this.database = database;
        this.org = Objects.requireNonNull(org, "an organisation is needed for InfluxDB 2.x");
    }

    @Override
    public String target() {
        return url + " org " + org + " buckets " + database + "/...";
    }

    @Override
    public Plan plan(Workspace ws, List<Layout> layouts) throws IOException {
        calls.clear();
        List<PlanStep> steps = new ArrayList<>();
        try {
            Optional<Organization> o = organisation();
            if (o.isEmpty()) {
                steps.add(PlanStep.conflict("organisation " + org, "not found, or the token cannot see it: Cardinal"
                    + " does not create organisations"));
                return new Plan(target(), steps);
            }
            orgId = o.get().getId();
            steps.add(PlanStep.unchanged("organisation " + org, "exists (id " + orgId + ")"));
            Map<String, Task> tasks = new TreeMap<>();
            TasksQuery q = new TasksQuery();
            q.setOrgID(orgId);
            client.getTasksApi().findTasks(q).forEach(t -> tasks.put(t.getName(), t));
            List<String> planned = new ArrayList<>();
            for (Layout layout : layouts) {
                String bucket = FluxGenerator.bucket(database, layout);
                if (!planned.contains(bucket)) {
                    planned.add(bucket);
                    steps.add(bucket(bucket, layout.retention().duration(), layout.retention().effectiveShardGroupDuration(),
                        "where " + layout.name() + " writes"));
                }
                for (Rollup r : ws.rollups()) {
                    if (r.layout().equals(layout.id()) && r.destination().kind() != Rollup.DestinationKind.RELATIONAL_TABLE) {
                        String target = r.destination().kind() == Rollup.DestinationKind.BUCKET ? r.destination().name()
                            : database + "/" + r.destination().name();
                        if (!planned.contains(target)) {
                            planned.add(target);
                            steps.add(bucket(target, r.destination().retention(), null, "where rollup " + r.name() + " writes"));
                        }
                    }
                }
                for (FluxGenerator.Script s : FluxGenerator.generate(ws, layout, database, org, null).tasks()) {
                    steps.add(task(s, tasks));
                }
            }
        } catch (InfluxException e) {
            throw failure("reading the state of " + url, e);
        }
        return new Plan(target(), steps);
    }

    private Optional<Organization> organisation() {
        OrganizationsQuery q = new OrganizationsQuery();
        q.setOrg(org);
        try {
            return client.getOrganizationsApi().findOrganizations(q).stream().filter(x -> org.equals(x.getName())).findFirst();
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    private PlanStep bucket(String name, Duration keep, Duration shardGroup, String why) {
        String subject = "bucket " + name;
        Bucket have = client.getBucketsApi().findBucketByName(name);
        BucketRetentionRules want = new BucketRetentionRules().everySeconds((int) keep.toSeconds());
        if (shardGroup != null) {
            want.shardGroupDurationSeconds(shardGroup.toSeconds());
        }
        String settings = " --retention " + Durations.format(keep).replace("INF", "0")
            + (shardGroup == null ? "" : " --shard-group-duration " + Durations.format(shardGroup));
        if (have == null) {
            calls.put(subject, () -> client.getBucketsApi().createBucket(name, want, orgId));
            return new PlanStep(PlanStep.Action.CREATE, subject, List.of("influx bucket create --org-id " + orgId + " --name "
                + name + settings), why + ": not on the server", false);
        }
        BucketRetentionRules rule = have.getRetentionRules().isEmpty() ? new BucketRetentionRules().everySeconds(0)
            : have.getRetentionRules().get(0);
        long haveKeep = rule.getEverySeconds() == null ? 0 : rule.getEverySeconds();
        Long haveGroup = rule.getShardGroupDurationSeconds();
        List<String> differences = new ArrayList<>();
        if (haveKeep != keep.toSeconds()) {
            differences.add("kept " + Durations.format(Duration.ofSeconds(haveKeep)) + " on the server, "
                + Durations.format(keep) + " planned");
        }
        if (shardGroup != null && (haveGroup == null || haveGroup != shardGroup.toSeconds())) {
            differences.add("shard groups of " + (haveGroup == null ? "the default" : Durations.format(Duration.ofSeconds(haveGroup)))
                + " on the server, " + Durations.format(shardGroup) + " planned");
        }
        if (differences.isEmpty()) {
            return PlanStep.unchanged(subject, why + ": as planned");
        }
        boolean shorter = !keep.isZero() && (haveKeep == 0 || keep.toSeconds() < haveKeep);
        calls.put(subject, () -> {
            have.setRetentionRules(List.of(want));
            client.getBucketsApi().updateBucket(have);
        });
        return new PlanStep(PlanStep.Action.ALTER, subject, List.of("influx bucket update --id " + have.getId() + settings),
            why + ": " + String.join("; ", differences) + (shorter ? "; older points will be deleted" : ""), shorter);
    }

    private PlanStep task(FluxGenerator.Script script, Map<String, Task> tasks) {
        String name = taskName(script.flux());
        String subject = "task " + name;
        Task have = tasks.get(name);
        if (have == null) {
            calls.put(subject, () -> client.getTasksApi().createTask(new TaskCreateRequest().orgID(orgId).flux(script.flux())
                .status(TaskStatusType.ACTIVE).description(script.purpose())));
            return new PlanStep(PlanStep.Action.CREATE, subject, List.of("influx task create --org-id " + orgId + " --file "
                + script.name()), script.purpose() + ": not on the server", false);
        }
        if (script.flux().strip().equals(have.getFlux() == null ? "" : have.getFlux().strip())) {
            return PlanStep.unchanged(subject, script.purpose() + ": as planned");
        }
        calls.put(subject, () -> client.getTasksApi().updateTask(have.getId(), new TaskUpdateRequest().flux(script.flux())));
        return new PlanStep(PlanStep.Action.ALTER, subject, List.of("influx task update --id " + have.getId() + " --file "
            + script.name()), script.purpose() + ": the server's Flux differs", false);
    }

    /** The {@code name} of a task's {@code option task = {name: "...", ...}}. */
    static String taskName(String flux) {
        Matcher m = Pattern.compile("option task = \\{name: \"((?:[^\"\\\\]|\\\\.)*)\"").matcher(flux);
        if (!m.find()) {
            throw new IllegalArgumentException("the task has no option task name");
        }
        return m.group(1).replace("\\\"", "\"").replace("\\\\", "\\");
    }

    @Override
    public Applied apply(Plan plan, Collection<String> allowed, PushMonitor monitor) throws IOException, InterruptedException {
        return Applied.run(plan, allowed, monitor, statement -> {
            PlanStep step = plan.steps().stream().filter(s -> s.statements().contains(statement)).findFirst().orElseThrow();
            Call call = calls.get(step.subject());
            if (call == null) {
                throw new IllegalStateException("apply a plan made by this target's plan()");
            }
            try {
                call.run();
            } catch (InfluxException e) {
                throw failure(step.action().id() + " " + step.subject() + " at " + url, e);
            }
        });
    }

    /**
     * The server's numbers for one layout's measurement in its bucket, in {@code cardinal analyze}'s words;
     * {@code reportedSeries} is what {@code influxdb.cardinality()} answers.
     */
    public record Measured(long reportedSeries, Map<String, Long> tags, long fieldKeys) {
    }

    /**
     * Writes the sample through the layout into its bucket (blocking writes of {@code batchSize} lines; unsigned
     * values as {@code u}, which 2.x takes), timestamps moved by {@code timeShiftNs}. Returns the lines written.
     */
    public long writeSample(Layout layout, EventKindSample sample, long timeShiftNs, int batchSize, PushMonitor monitor)
        throws IOException {
        String bucket = FluxGenerator.bucket(database, layout);
        SampleLineProtocol lp = new SampleLineProtocol(layout, sample, new SampleLineProtocol.Options(false, timeShiftNs));
        List<String> batch = new ArrayList<>(batchSize);
        long written = 0;
        for (String line = lp.nextLine(); line != null || !batch.isEmpty(); line = line == null ? null : lp.nextLine()) {
            if (line != null) {
                batch.add(line);
            }
            if (batch.size() == batchSize || line == null) {
                if (monitor.cancelled()) {
                    return written;
                }
                try {
                    client.getWriteApiBlocking().writeRecords(bucket, org, WritePrecision.NS, batch);
                } catch (InfluxException e) {
                    throw failure("writing lines " + (written + 1) + " to " + (written + batch.size()) + " to bucket "
                        + bucket + " at " + url, e);
                }
                written += batch.size();
                batch.clear();
                monitor.progress("writing the sample to " + bucket, lp.counts().rowsRead(), sample.rows());
            }
        }
        return written;
    }

    /** Written into the layout's bucket in batches, moved by whole shard groups unless told the shift; never resumed. */
    @Override
    public SampleComparison writeSample(Workspace ws, Layout layout, EventKindSample sample, SampleWriteOptions options,
                                        PushMonitor monitor) throws IOException {
        return InfluxV2SampleCheck.run(this, cloud, layout, sample, options, monitor);
    }

    /** {@code influxdb.cardinality}, tag values and field keys of the layout's measurement, from Flux. */
    public Measured measure(Layout layout) throws IOException {
        if (!layout.measurement().isLiteral()) {
            throw new IllegalArgumentException("layout " + layout.id() + " has a templated measurement: measured per database on 1.x only");
        }
        String bucket = Flux.string(FluxGenerator.bucket(database, layout));
        String m = Flux.string(layout.measurement().literalText());
        try {
            long series = single("import \"influxdata/influxdb\"\ninfluxdb.cardinality(bucket: " + bucket
                + ", start: 0, predicate: (r) => r._measurement == " + m + ")");
            Map<String, Long> tags = new TreeMap<>();
            for (TagSpec t : layout.tags()) {
                tags.put(t.key(), single("import \"influxdata/influxdb/schema\"\nschema.measurementTagValues(bucket: " + bucket
                    + ", measurement: " + m + ", tag: " + Flux.string(t.key()) + ", start: 0)\n    |> count()"));
            }
            long fields = single("import \"influxdata/influxdb/schema\"\nschema.measurementFieldKeys(bucket: " + bucket
                + ", measurement: " + m + ", start: 0)\n    |> count()");
            return new Measured(series, tags, fields);
        } catch (InfluxException e) {
            throw failure("reading the numbers of " + bucket + " at " + url, e);
        }
    }

    /**
     * A workspace from what a 2.x bucket holds, through the {@code schema} functions: one layout per measurement
     * with its tag keys and field keys (typed by each field's last value), the bucket's retention, the distinct
     * values of each tag, and the bucket as a target. Tasks are not read back as rollups.
     */
    public ImportedWorkspace importBucket(String bucket) throws IOException {
        try {
            Bucket b = client.getBucketsApi().findBucketByName(bucket);
            if (b == null) {
                throw new IOException("bucket '" + bucket + "' is not on " + url + " (or the token cannot see it)");
            }
            BucketRetentionRules rule = b.getRetentionRules().isEmpty() ? null : b.getRetentionRules().get(0);
            long keep = rule == null || rule.getEverySeconds() == null ? 0 : rule.getEverySeconds();
            Long group = rule == null ? null : rule.getShardGroupDurationSeconds();
            int slash = bucket.lastIndexOf('/');
            RetentionPlan retention = new RetentionPlan(
                slash < 0 ? "autogen" : bucket.substring(slash + 1), Duration.ofSeconds(keep),
                group == null ? null : Duration.ofSeconds(group), 1);
            String from = Flux.string(bucket);
            ImportedSchema schema = new ImportedSchema();
            Map<String, Map<String, Long>> tagValues = new LinkedHashMap<>();
            for (Object m : values(SCHEMA + "schema.measurements(bucket: " + from + ")")) {
                String measurement = m.toString();
                String mq = Flux.string(measurement);
                List<String> tags = values(SCHEMA + "schema.measurementTagKeys(bucket: " + from + ", measurement: " + mq + ")")
                    .stream().map(Object::toString).filter(k -> !k.startsWith("_")).toList();
                Map<String, ValueType> fields = new LinkedHashMap<>();
                for (FluxTable t : client.getQueryApi().query("from(bucket: " + from + ")\n    |> range(start: 0)\n"
                    + "    |> filter(fn: (r) => r._measurement == " + mq + ")\n    |> group(columns: [\"_field\"])\n    |> last()", org)) {
                    for (FluxRecord r : t.getRecords()) {
                        fields.put(r.getField(), valueType(r.getValue()));
                    }
                }
                Optional<Layout> layout = schema.add(measurement, tags, fields, retention);
                if (layout.isPresent()) {
                    Map<String, Long> counts = new TreeMap<>();
                    for (String tag : tags) {
                        counts.put(tag, single(SCHEMA + "schema.measurementTagValues(bucket: " + from + ", measurement: " + mq
                            + ", tag: " + Flux.string(tag) + ", start: 0)\n    |> count()"));
                    }
                    tagValues.put(measurement, counts);
                }
            }
            List<String> notes = new ArrayList<>(schema.notes);
            notes.add("tasks are not read back as rollups from InfluxDB 2.x");
            // the version in the server's X-Influxdb-Version header (GET /ping), kept with the target
            Target target = new Target(SchemaInference.slug(bucket),
                bucket + " at " + URI.create(url).getHost(), Target.Kind.INFLUXDB_2, url,
                slash < 0 ? bucket : bucket.substring(0, slash), org)
                .withServerVersion(VersionHeader.read(client.version()).orElse(null));
            Workspace ws = new Workspace(slash < 0 ? bucket : bucket.substring(0, slash), schema.kinds, schema.layouts,
                List.of(), List.of(), List.of(target), Map.of());
            return new ImportedWorkspace(ws, tagValues, notes);
        } catch (InfluxException e) {
            throw failure("importing bucket " + bucket + " from " + url, e);
        }
    }

    /**
     * The most recent {@code limit} points of each imported measurement as line protocol (ns timestamps), oldest
     * first, as 1.x import writes them: the bucket's records with their fields pivoted back into points. Returns the
     * number of points written.
     */
    public long recentPoints(String bucket, Workspace ws, int limit, java.io.Writer out) throws IOException {
        long written = 0;
        try {
            for (Layout layout : ws.layouts()) {
                dev.cardinal.model.EventKind kind = ws.eventKind(layout.eventKind()).orElseThrow();
                List<String> lines = new ArrayList<>();
                for (FluxTable t : client.getQueryApi().query(recentPointsFlux(bucket, layout.measurement().literalText(), limit), org)) {
                    for (FluxRecord r : t.getRecords()) {
                        java.time.Instant time = r.getTime();
                        if (time == null) {
                            continue;
                        }
                        long nanos = Math.addExact(Math.multiplyExact(time.getEpochSecond(), 1_000_000_000L), time.getNano());
                        String line = PointLines.line(layout, kind, i -> r.getValueByKey(layout.tags().get(i).key()),
                            i -> r.getValueByKey(layout.fields().get(i).key().literalText()), nanos);
                        if (line != null) {
                            lines.add(line);
                        }
                    }
                }
                for (int i = lines.size() - 1; i >= 0; i--) { // newest first from the server, oldest first in the file
                    out.write(lines.get(i));
                    out.write('\n');
                    written++;
                }
            }
            return written;
        } catch (InfluxException e) {
            throw failure("reading recent points of bucket " + bucket + " from " + url, e);
        }
    }

    /** The newest {@code limit} points of a measurement, each record a point (fields pivoted into columns). */
    public static String recentPointsFlux(String bucket, String measurement, int limit) {
        return "from(bucket: " + Flux.string(bucket) + ")\n"
            + "    |> range(start: 0)\n"
            + "    |> filter(fn: (r) => r._measurement == " + Flux.string(measurement) + ")\n"
            + "    |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")\n"
            + "    |> group()\n"
            + "    |> sort(columns: [\"_time\"], desc: true)\n"
            + "    |> limit(n: " + limit + ")";
    }

    private static final String SCHEMA = "import \"influxdata/influxdb/schema\"\n";

    private List<Object> values(String flux) {
        List<Object> out = new ArrayList<>();
        for (FluxTable t : client.getQueryApi().query(flux, org)) {
            t.getRecords().forEach(r -> out.add(r.getValue()));
        }
        return out;
    }

    /** The value type of a field, from the Java type its last value arrived as. */
    static ValueType valueType(Object v) {
        if (v instanceof Double || v instanceof Float) {
            return ValueType.FLOAT;
        }
        if (v instanceof BigInteger) {
            return ValueType.UNSIGNED;
        }
        if (v instanceof Number) {
            return ValueType.INTEGER;
        }
        if (v instanceof Boolean) {
            return ValueType.BOOLEAN;
        }
        return ValueType.STRING;
    }

    private long single(String flux) {
        long sum = 0;
        for (FluxTable t : client.getQueryApi().query(flux, org)) {
            for (FluxRecord r : t.getRecords()) {
                sum += ((Number) r.getValue()).longValue();
            }
        }
        return sum;
    }

    /** A client failure as an IOException with the server's status and message (never the token). */
    static IOException failure(String what, InfluxException e) {
        String status = e.status() > 0 ? "HTTP " + e.status() + ": " : "";
        String hint = switch (e.status()) {
            case 401 -> " (token missing or rejected)";
            case 403 -> " (the token lacks permission)";
            case 404 -> " (not found)";
            default -> "";
        };
        return new IOException(what + ": " + status + e.getMessage() + hint, e);
    }

    @Override
    public void close() {
        client.close();
    }
}
