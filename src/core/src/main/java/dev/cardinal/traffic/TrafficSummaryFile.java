package dev.cardinal.traffic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads and writes traffic summary files ({@link TrafficSummary}): JSON with a {@code format} and a
 * {@code version}. A file that is not a summary, is of a newer version or holds counts that contradict each other is
 * refused with where and why.
 */
public final class TrafficSummaryFile {
    private TrafficSummaryFile() {
    }

    /**
     * The mapper, made when a summary is first read or written: {@link #isSummary} is asked of every file a command
     * is given, and making it there cost each such command data binding's start (issue 20).
     */
    private static final class Mapper {
        static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    /** True when {@code file}'s name marks it as a summary ({@value TrafficSummary#EXTENSION}). */
    public static boolean isSummary(Path file) {
        return file.getFileName() != null && file.getFileName().toString().endsWith(TrafficSummary.EXTENSION);
    }

    public static void write(Path file, TrafficSummary summary) throws IOException {
        AtomicFiles.write(file, toJson(summary).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    public static String toJson(TrafficSummary summary) {
        ObjectNode root = Mapper.JSON.createObjectNode().put("format", TrafficSummary.FORMAT).put("version", TrafficSummary.FORMAT_VERSION);
        root.setAll((ObjectNode) Mapper.JSON.valueToTree(summary));
        try {
            return Mapper.JSON.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads a summary; {@link SummaryFormatException} says where the file is wrong and why. */
    public static TrafficSummary read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        JsonNode root;
        try {
            root = Mapper.JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new SummaryFormatException(file + ": line " + e.getLocation().getLineNr() + ", column "
                + e.getLocation().getColumnNr() + ": not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject() || !TrafficSummary.FORMAT.equals(root.path("format").asText(null))) {
            throw new SummaryFormatException(file + ": not a traffic summary (no \"format\": \"" + TrafficSummary.FORMAT + "\")");
        }
        int version = root.path("version").asInt(-1);
        if (version != TrafficSummary.FORMAT_VERSION) {
            throw new SummaryFormatException(file + ": summary format version " + root.path("version")
                + ", this Cardinal reads version " + TrafficSummary.FORMAT_VERSION + "; rerun cardinal-summarize with this Cardinal's job jar");
        }
        TrafficSummary s;
        try {
            s = Mapper.JSON.treeToValue(root, TrafficSummary.class);
        } catch (MismatchedInputException e) {
            String at = e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
            throw new SummaryFormatException(file + ": at " + (at.isEmpty() ? "the top" : at) + ": " + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            throw new SummaryFormatException(file + ": " + e.getOriginalMessage());
        }
        check(file, s);
        return s;
    }

    /** Counts that contradict each other: arrays of the wrong length, counts that do not add up. */
    private static void check(Path file, TrafficSummary s) throws SummaryFormatException {
        if (s.eventKinds() == null || s.eventKinds().isEmpty()) {
            throw new SummaryFormatException(file + ": eventKinds: no event kind");
        }
        for (TrafficSummary.Kind k : s.eventKinds()) {
            String at = file + ": event kind '" + k.name() + "': ";
            require(k.rows() > 0, at + "rows must be positive, was " + k.rows());
            require(k.lastTime() >= k.firstTime(),
                at + "lastTime is before firstTime");
            checkpoints(at, k.checkpoints(), k.checkpointSeconds(), k.rows());
            for (TrafficSummary.Attribute a : k.attributes()) {
                histogram(at + "attribute '" + a.name() + "': firstSeen", a.firstSeen(), k.checkpoints().length, a.distinct());
            }
            for (TrafficSummary.CoveredLayout c : k.layouts()) {
                String lat = at + "layout '" + c.layout() + "': ";
                require(c.points() >= 0 && c.points() <= k.rows(), lat + "points must be from 0 to the rows, was " + c.points());
                require(c.shardGroupSeconds() > 0, lat + "shardGroupSeconds must be positive");
                checkpoints(lat, c.checkpoints(), c.checkpointSeconds(), c.points());
                histogram(lat + "firstSeen", c.firstSeen(), c.checkpoints().length, c.series());
                for (Map.Entry<String, long[]> e : c.tagGrowth().entrySet()) {
                    histogram(lat + "tagGrowth '" + e.getKey() + "'", e.getValue(), k.checkpoints().length, -1);
                }
                long last = 0;
                for (TrafficSummary.ShardGroup g : c.shardGroups()) {
                    last += g.lastOf();
                    require(g.series() >= g.lastOf() && g.series() <= c.series(), lat + "shard group " + g.group()
                        + " counts " + g.series() + " series, " + g.lastOf() + " last seen there, of " + c.series());
                }
                require(last == c.series(), lat + "the series last seen in each shard group add up to " + last
                    + ", not the " + c.series() + " series");
            }
        }
    }

    private static void checkpoints(String at, long[] positions, double[] seconds, long n) throws SummaryFormatException {
        require(positions != null && seconds != null && positions.length == seconds.length,
            at + "checkpoints and checkpointSeconds must be of one length");
        require(n == 0 ? positions.length == 0 : positions.length > 0 && positions[positions.length - 1] == n,
            at + "the last checkpoint must be at " + n);
        for (int i = 1; i < positions.length; i++) {
            require(positions[i] > positions[i - 1] && seconds[i] >= seconds[i - 1],
                at + "checkpoint " + i + " is not after checkpoint " + (i - 1));
        }
    }

    private static void histogram(String at, long[] h, int length, long total) throws SummaryFormatException {
        require(h != null && h.length == length, at + ": one count per checkpoint (" + length + ") expected");
        long sum = 0;
        for (long v : h) {
            require(v >= 0, at + ": a negative count");
            sum += v;
        }
        require(total < 0 || sum == total, at + ": adds up to " + sum + ", not " + total);
    }

    private static void require(boolean ok, String message) throws SummaryFormatException {
        if (!ok) {
            throw new SummaryFormatException(message);
        }
    }

    /** A summary file that cannot be read, with where and why. */
    public static final class SummaryFormatException extends IOException {
        private static final long serialVersionUID = 1L;

        public SummaryFormatException(String message) {
            super(message);
        }
    }
}
