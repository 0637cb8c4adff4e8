package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.synthetic.AttributeProfile;
import dev.cardinal.traffic.synthetic.ProfileWriter;
import dev.cardinal.traffic.synthetic.SyntheticRows;
import dev.cardinal.traffic.synthetic.SyntheticSamples;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SynthesizeCommandTest {
    @TempDir
    Path dir;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = new CommandLine(new SynthesizeCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private Path profile(TrafficProfile p) throws Exception {
        Path f = dir.resolve("p.profile.json");
        ProfileWriter.save(f, p);
        return f;
    }

    private static Sample read(Path file) {
        return SampleReader.read(List.of(new SampleReader.Source(file, SampleBinding.lineProtocol("t", file.toString(), "ns"))),
            SampleLimits.defaults(), ReadMonitor.NONE);
    }

    @Test
    void writesLineProtocolThatReadsBackAsTheSameSample() throws Exception {
        TrafficProfile p = SyntheticSamples.listingEvents(7);
        Path lp = dir.resolve("traffic.lp.gz");
        assertEquals(0, run(profile(p).toString(), "-o", lp.toString()), err.toString());
        assertTrue(out.toString().startsWith("Wrote " + lp + ": 28,000 points of listing_event over 2w"), out.toString());
        Sample back = read(lp);
        assertEquals(0, back.report().badLines(), () -> back.report().problems().toString());
        assertEquals(28_000, back.rows());
        EventKindSample k = back.eventKinds().get(0);
        assertEquals(SyntheticSamples.rows(SyntheticSamples.generate(p).eventKinds().get(0)), SyntheticSamples.rows(k),
            "the file holds exactly the points generate() builds in memory");
    }

    @Test
    void theSameProfileGivesTheSameBytes() throws Exception {
        Path profile = profile(SyntheticSamples.listingEvents(7));
        Path a = dir.resolve("a.lp.gz");
        Path b = dir.resolve("b.lp.gz");
        assertEquals(0, run(profile.toString(), "-o", a.toString()));
        assertEquals(0, run(profile.toString(), "-o", b.toString()));
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    }

    @Test
    void escapesNamesAndValuesAndWritesPlainTextWithoutGz() throws Exception {
        TrafficProfile p = new TrafficProfile("page view", 100, Duration.ofDays(1), 1, List.of(
            new AttributeProfile.ClosedSet("page kind", 2, 0, List.of("a=b", "c,d e"), true),
            new AttributeProfile.ClosedSet("title", 2, 0, List.of("say \"hi\"", "x,y"), false),
            new AttributeProfile.Constant("region=eu", "west 1", true),
            new AttributeProfile.Measure("load ms", ValueType.FLOAT)));
        Path lp = dir.resolve("t.lp");
        assertEquals(0, run(profile(p).toString(), "-o", lp.toString(), "--rows", "50"), err.toString());
        List<String> lines = Files.readAllLines(lp);
        assertEquals(50, lines.size());
        assertTrue(lines.get(0).matches("page\\\\ view,page\\\\ kind=(a\\\\=b|c\\\\,d\\\\ e),region\\\\=eu=west\\\\ 1 "
            + "title=\"(say \\\\\"hi\\\\\"|x,y)\",load\\\\ ms=-?\\d+\\.\\d{1,2} \\d{19}"), lines.get(0));
        Sample back = read(lp);
        assertEquals(0, back.report().badLines(), () -> back.report().problems().toString());
        EventKindSample k = back.eventKinds().get(0);
        assertEquals("page view", k.name());
        assertEquals(SyntheticSamples.rows(SyntheticSamples.generate(p).eventKinds().get(0)).subList(0, 50),
            SyntheticSamples.rows(k));
    }

    @Test
    void rowsWritesTheFirstPointsOnly() throws Exception {
        Path lp = dir.resolve("t.lp");
        assertEquals(0, run(profile(SyntheticSamples.listingEvents(7)).toString(), "-o", lp.toString(), "--rows", "1000"));
        assertEquals(1_000, read(lp).rows());
        assertTrue(out.toString().contains("the first 1,000 of 28,000 points of listing_event"), out.toString());
        assertEquals("rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(lp)));
        assertEquals(2, run(profile(SyntheticSamples.listingEvents(7)).toString(), "-o", lp.toString(), "--rows", "0"));
    }

    @Test
    void aBadProfileIsReportedWithPathsAndNothingIsWritten() throws Exception {
        Path profile = dir.resolve("bad.profile.json");
        Files.writeString(profile, """
            {"eventKind": "k", "pointsPerDay": 100, "span": "1d", "attributes": [
              {"name": "m", "kind": "measure", "type": "integer"},
              {"name": "c", "kind": "closed", "values": 0, "asTag": true}]}
            """);
        Path lp = dir.resolve("t.lp.gz");
        assertEquals(1, run(profile.toString(), "-o", lp.toString()));
        assertTrue(err.toString().contains(profile + ":3: attributes[1].values: must be a whole number >= 1"), err.toString());
        assertFalse(Files.exists(lp));
        assertEquals(1, run(dir.resolve("missing.profile.json").toString(), "-o", lp.toString()));
        assertTrue(err.toString().contains("no such file"), err.toString());
    }

    @Test
    void unwritableNamesAreRefusedBeforeWriting() {
        TrafficProfile p = new TrafficProfile("k", 10, Duration.ofDays(1), 1, List.of(
            new AttributeProfile.ClosedSet("c", 1, 0, List.of("ends\\"), true),
            new AttributeProfile.Measure("m", ValueType.INTEGER)));
        assertEquals(List.of("attribute 'c': the value 'ends\\' cannot be written as a tag value"),
            dev.cardinal.lineprotocol.SyntheticLineProtocol.unwritable(p));
        assertEquals(List.of(), dev.cardinal.lineprotocol.SyntheticLineProtocol.unwritable(SyntheticSamples.listingEvents(1)));
        assertEquals("2026-01-05T00:00:00Z", SyntheticRows.START.toString());
    }
}
