package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import dev.cardinal.traffic.EventKindSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A live database for the migration tests: a sample written in a layout, and every point read back as text. */
public final class LiveData {
    private LiveData() {
    }

    /** A scratch influxd with the ad marketplace's workspace and sample, whose ids-as-tags layout writes the live data. */
    public record AdMarketplace(ScratchInfluxd server, InfluxV1Client client, Workspace ws, Sample sample) implements AutoCloseable {
        public static final Path WS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

        public static AdMarketplace start() throws Exception {
            InfluxdRequired.check();
            Workspace ws = WorkspaceFiles.load(WS).workspace();
            Sample sample = SampleReader.read(SampleReader.sources(WS, ws), SampleLimits.defaults(), ReadMonitor.NONE);
            ScratchInfluxd server = ScratchInfluxd.start();
            return new AdMarketplace(server, InfluxV1Client.of(server.url()), ws, sample);
        }

        /** {@code db} holding {@code copies} of the sample as ids-as-tags writes it (see {@link LiveData#write}). */
        public String live(String db, int copies) throws Exception {
            return write(client, db, ws.layout("ids-as-tags").orElseThrow(), sample.eventKinds().get(0), copies);
        }

        @Override
        public void close() {
            server.close();
        }
    }

    /**
     * Creates {@code db} with one-day shard groups (so a migration has windows to resume between) and writes
     * {@code copies} of {@code sample} in {@code layout}, each 16 days after the one before (the samples span 15).
     */
    public static String write(InfluxV1Client client, String db, Layout layout, EventKindSample sample, int copies) throws Exception {
        return write(client, db, "1d", layout, sample, copies, 16);
    }

    /** The same in shard groups of {@code shardDuration}, each copy {@code apartDays} after the one before. */
    public static String write(InfluxV1Client client, String db, String shardDuration, Layout layout, EventKindSample sample, int copies,
                               int apartDays) throws Exception {
        client.query("CREATE DATABASE " + InfluxQl.identifier(db) + " WITH SHARD DURATION " + shardDuration, null);
        for (int c = 0; c < copies; c++) {
            SampleLineProtocol lp = new SampleLineProtocol(layout, sample,
                SampleLineProtocol.Options.influxDb1().withTimeShift(c * apartDays * 86_400_000_000_000L));
            assertEquals(sample.rows(), client.writeBatched(db, null, "ns", lp.lines(), 5000));
        }
        return db;
    }

    /** Every point of a measurement, as sorted text rows of (time, every column's value): tags and fields alike. */
    public static List<String> rows(InfluxV1Client client, String db, String measurement) throws Exception {
        List<String> out = new ArrayList<>();
        for (InfluxV1Result.Series s : client.query("SELECT * FROM " + InfluxQl.identifier(measurement), db).series()) {
            for (int r = 0; r < s.values().size(); r++) {
                Map<String, String> row = new TreeMap<>();
                for (String c : s.columns()) {
                    Object v = s.value(r, c);
                    if (v != null) {
                        row.put(c, String.valueOf(v));
                    }
                }
                out.add(row.toString());
            }
        }
        out.sort(null);
        return out;
    }

    /** The series of a measurement as SHOW SERIES lists them. */
    public static long series(InfluxV1Client client, String db, String measurement) throws Exception {
        return client.query("SHOW SERIES FROM " + InfluxQl.identifier(measurement), db).series().stream()
            .mapToLong(s -> s.values().size()).sum();
    }
}
