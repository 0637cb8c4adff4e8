package dev.cardinal.traffic;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What a projection needs from traffic too large for one machine, computed where the traffic lives (the Spark job
 * {@code cardinal-summarize}) and read like a sample. Every count is exact. Growth is kept as histograms over the
 * same 100 checkpoints a sample's growth curves use (the k-th checkpoint after {@code checkpoints[k]} points in time
 * order), so a projection from a summary is the projection from the rows.
 *
 * @param source      what was summarized, for people (the inputs as given to the job)
 * @param eventKinds  one entry per event kind found
 */
public record TrafficSummary(String source, List<Kind> eventKinds) {
    /** The value of the file's {@code format} field. */
    public static final String FORMAT = "cardinal-traffic-summary";
    public static final int FORMAT_VERSION = 1;
    /** How a summary file's name ends. */
    public static final String EXTENSION = ".summary.json";

    public TrafficSummary {
        eventKinds = List.copyOf(eventKinds);
    }

    public Optional<Kind> eventKind(String name) {
        return eventKinds.stream().filter(k -> k.name().equals(name)).findFirst();
    }

    /**
     * One event kind.
     *
     * @param rows              rows read
     * @param firstTime         the earliest timestamp, nanoseconds since the epoch
     * @param lastTime          the latest
     * @param checkpoints       the checkpoints' positions: 1-based counts of rows in time order
     * @param checkpointSeconds seconds from the first row to the row at each checkpoint
     * @param attributes        every attribute, in the order they first appear in the input
     * @param layouts           the layouts counted (each of the workspace's and those one toggle away)
     * @param lgK               the precision of every HLL sketch in this kind
     * @param sketchBucketSeconds the time bucket each sketch covers (from the epoch)
     */
    public record Kind(String name, long rows, long firstTime, long lastTime, long[] checkpoints, double[] checkpointSeconds,
                       List<Attribute> attributes, List<CoveredLayout> layouts, int lgK, long sketchBucketSeconds) {
        public Kind {
            attributes = List.copyOf(attributes);
            layouts = List.copyOf(layouts);
        }

        /** The counts of {@code layout}, or empty when the summary was not computed for it. */
        public Optional<CoveredLayout> covered(Layout layout) {
            String s = signature(layout);
            return layouts.stream().filter(c -> c.signature().equals(s)).findFirst();
        }
    }

    /**
     * One attribute.
     *
     * @param type      its value type's id ({@code string}, {@code integer}, ...)
     * @param distinct  distinct values (an empty string is no value)
     * @param firstSeen values first seen between one checkpoint and the next: entry k counts those first seen after
     *                  checkpoint k-1 and by checkpoint k
     * @param sketches  the distinct values per time bucket as HLL sketches, for merging summaries
     */
    public record Attribute(String name, String type, boolean arrivedAsTag, long distinct, long[] firstSeen,
                            List<Sketch> sketches) {
        public Attribute {
            sketches = List.copyOf(sketches);
        }
    }

    /**
     * The distinct values of one time bucket as an Apache DataSketches HLL sketch (Spark's {@code hll_sketch_agg}),
     * so that summaries of different days or partitions can be merged.
     *
     * @param bucket the bucket's number: its start in seconds from the epoch divided by the bucket length
     * @param hll    the sketch, in the DataSketches HLL serialization
     */
    public record Sketch(long bucket, byte[] hll) {
    }

    /**
     * One layout's series, counted over the rows that make a point under it.
     *
     * @param signature          what decides its series and points ({@link #signature})
     * @param layout             the id of the workspace layout it was computed for, for people
     * @param points             rows that make a point
     * @param series             distinct series over all of the traffic
     * @param lastTime           the time of the last point
     * @param checkpoints        checkpoint positions over the points (not the rows)
     * @param checkpointSeconds  seconds from the first point to the point at each checkpoint
     * @param firstSeen          series first seen per checkpoint interval
     * @param tags               tag key to distinct values written
     * @param tagGrowth          tag key to the combinations of its attributes first seen per checkpoint interval of
     *                           the kind's rows (what values per tag grow with)
     * @param shardGroupSeconds  the shard group duration the series were counted per
     * @param shardGroups        each shard group holding points, in time order
     * @param seriesSketches     the series per time bucket as HLL sketches, for merging summaries
     */
    public record CoveredLayout(String signature, String layout, long points, long series, long lastTime, long[] checkpoints,
                                double[] checkpointSeconds, long[] firstSeen, Map<String, Long> tags,
                                Map<String, long[]> tagGrowth, long shardGroupSeconds, List<ShardGroup> shardGroups,
                                List<Sketch> seriesSketches) {
        public CoveredLayout {
            seriesSketches = List.copyOf(seriesSketches);
            // in key order, not Map.copyOf's, which changes from one JVM to the next: a summary is the same bytes
            // whatever process writes it
            tags = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(tags));
            tagGrowth = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(tagGrowth));
            shardGroups = List.copyOf(shardGroups);
        }
    }

    /**
     * One shard group.
     *
     * @param group   its number (Go's time.Truncate of the time to the duration, from Go's zero time)
     * @param series  distinct series with points in it
     * @param lastOf  series whose last point is in it
     */
    public record ShardGroup(long group, long series, long lastOf) {
    }

    /**
     * What decides a layout's points and series: its measurement, tags, fields and shard group duration (the
     * retention period is applied when the summary is read, so a summary covers every retention).
     */
    public static String signature(Layout layout) {
        TreeSet<String> tags = new TreeSet<>();
        for (TagSpec t : layout.tags()) {
            tags.add(t.key() + "=" + t.value().pattern());
        }
        TreeSet<String> fields = new TreeSet<>();
        for (FieldSpec f : layout.fields()) {
            fields.add(f.key().pattern() + "=" + f.attribute());
        }
        return "measurement " + layout.measurement().pattern() + "; tags " + String.join(", ", tags) + "; fields "
            + String.join(", ", fields) + "; shard group " + layout.retention().effectiveShardGroupDuration().getSeconds() + "s";
    }
}
