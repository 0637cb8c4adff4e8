package dev.cardinal.spark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleAttribute;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A scenario's line protocol traffic written again as CSV (an RFC 3339 {@code time} column with nanoseconds), as
 * NDJSON (an {@code @timestamp} key in milliseconds, found by detection) and as Parquet (written by Spark from the
 * NDJSON, {@code @timestamp} a timestamp column), each with a workspace that binds it as its event kind.
 */
final class ScenarioFormats {
    static final String CSV = "traffic.csv";
    static final String NDJSON = "traffic.ndjson";
    static final String PARQUET = "traffic.parquet";
    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSX")
        .withZone(ZoneOffset.UTC);

    private ScenarioFormats() {
    }

    /** Writes the CSV and NDJSON files and their workspaces beside the scenario's; returns the workspace of {@code format}. */
    static Path write(Path scenarioWorkspace, SampleFormat format) throws Exception {
        Path dir = scenarioWorkspace.getParent();
        Path lp = dir.resolve("traffic.lp.gz");
        Sample sample = SampleReader.read(List.of(new SampleReader.Source(lp, SampleBinding.lineProtocol("traffic",
            lp.toString(), "ns"))), SampleLimits.defaults(), ReadMonitor.NONE);
        EventKindSample k = sample.eventKinds().get(0);
        List<String> tags = k.attributes().stream().filter(SampleAttribute::arrivedAsTag).map(SampleAttribute::name).toList();
        String file = format == SampleFormat.CSV ? CSV : NDJSON;
        try (Writer w = Files.newBufferedWriter(dir.resolve(file), StandardCharsets.UTF_8)) {
            if (format == SampleFormat.CSV) {
                csv(k, w);
            } else {
                ndjson(k, w);
            }
        }
        Workspace ws = WorkspaceFiles.load(scenarioWorkspace).workspace();
        Workspace bound = new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), List.of(new SampleBinding("traffic", file,
            format, k.name(), "ns", null, null, tags)), ws.rollups(), ws.targets(), ws.canvas());
        Path out = dir.resolve(format.id() + ".cardinal.json");
        WorkspaceFiles.save(out, bound);
        return out;
    }

    /** The NDJSON file of the scenario written as Parquet by Spark, one part file, columns in the NDJSON's order. */
    static Path parquet(SparkSession spark, Path ndjsonWorkspace) throws IOException {
        Path dir = ndjsonWorkspace.getParent();
        Path lp = dir.resolve("traffic.lp.gz");
        Sample sample = SampleReader.read(List.of(new SampleReader.Source(lp, SampleBinding.lineProtocol("traffic",
            lp.toString(), "ns"))), SampleLimits.defaults(), ReadMonitor.NONE);
        StructType schema = new StructType().add("@timestamp", DataTypes.TimestampType);
        for (SampleAttribute a : sample.eventKinds().get(0).attributes()) {
            schema = schema.add(a.name(), sparkType(a));
        }
        Path out = dir.resolve(PARQUET);
        spark.read().schema(schema).option("timestampFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX")
            .json(dir.resolve(NDJSON).toString()).coalesce(1).write().parquet(out.toString());
        return out;
    }

    private static DataType sparkType(SampleAttribute a) {
        return switch (a.type()) {
            case STRING -> DataTypes.StringType;
            case INTEGER, UNSIGNED -> DataTypes.LongType;
            case FLOAT -> DataTypes.DoubleType;
            case BOOLEAN -> DataTypes.BooleanType;
        };
    }

    private static void csv(EventKindSample k, Writer w) throws IOException {
        List<SampleAttribute> attrs = k.attributes();
        w.write("time");
        for (SampleAttribute a : attrs) {
            w.write(',');
            w.write(quoted(a.name()));
        }
        w.write('\n');
        for (int r = 0; r < k.rows(); r++) {
            long ts = k.timestamp(r);
            w.write(Instant.ofEpochSecond(Math.floorDiv(ts, 1_000_000_000L), Math.floorMod(ts, 1_000_000_000L)).toString());
            for (int a = 0; a < attrs.size(); a++) {
                w.write(',');
                String v = text(k.column(a), attrs.get(a), r);
                if (v != null) {
                    w.write(quoted(v));
                }
            }
            w.write('\n');
        }
    }

    private static void ndjson(EventKindSample k, Writer out) throws IOException {
        JsonFactory json = new JsonFactory();
        List<SampleAttribute> attrs = k.attributes();
        for (int r = 0; r < k.rows(); r++) {
            StringWriter line = new StringWriter();
            try (JsonGenerator g = json.createGenerator(line)) {
                g.writeStartObject();
                g.writeStringField("@timestamp", MILLIS.format(Instant.ofEpochMilli(Math.floorDiv(k.timestamp(r), 1_000_000L))));
                for (int a = 0; a < attrs.size(); a++) {
                    String v = text(k.column(a), attrs.get(a), r);
                    if (v == null) {
                        continue;
                    }
                    g.writeFieldName(attrs.get(a).name());
                    switch (attrs.get(a).type()) {
                        case STRING -> g.writeString(v);
                        case BOOLEAN -> g.writeBoolean(Boolean.parseBoolean(v));
                        default -> g.writeNumber(v);
                    }
                }
                g.writeEndObject();
            }
            out.write(line.toString());
            out.write('\n');
        }
    }

    /** A value as text; a float always with its point, so it reads back as a float. */
    private static String text(Column c, SampleAttribute a, int row) {
        if (!c.present(row)) {
            return null;
        }
        if (c instanceof dev.cardinal.traffic.DoubleColumn d) {
            return Double.toString(d.get(row));
        }
        String t = c.text(row);
        return t.isEmpty() ? null : t;
    }

    private static String quoted(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }
}
