package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cardinal.model.SampleBinding;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link LineProtocolReader#forWrites}, as the capture endpoint is to use it: a write's body read as a server reads
 * one, each point taken told with where its text and timestamp are, and every problem told.
 */
class WriteBodyTest {

    /** What the listener heard: each point's text and timestamp as the body holds them, and each problem. */
    private static final class Heard implements WriteListener {
        final byte[] body;
        final List<String> points = new ArrayList<>();
        final List<String> problems = new ArrayList<>();

        Heard(byte[] body) {
            this.body = body;
        }

        @Override
        public void accepted(long line, long start, long end, long timestampStart, long timestampEnd) {
            String ts = timestampStart < 0 ? "(none)" : text(timestampStart, timestampEnd);
            points.add(line + ": " + text(start, end) + " | " + ts);
        }

        @Override
        public void problem(ReadProblem problem) {
            problems.add(problem.line() + ": " + problem.kind() + " " + problem.message());
        }

        private String text(long from, long to) {
            return new String(body, (int) from, (int) (to - from), StandardCharsets.UTF_8);
        }
    }

    private static Heard read(String text, int maxProblems, SampleBuilder[] builder) throws Exception {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        Heard heard = new Heard(body);
        SampleBuilder into = new SampleBuilder(new SampleLimits(Integer.MAX_VALUE - 8, 64L << 20, maxProblems));
        LineProtocolReader.forWrites(heard).read(new ByteArrayInputStream(body), "body",
            SampleBinding.lineProtocol("capture", "body", "ns"), into, ReadMonitor.NONE);
        builder[0] = into;
        return heard;
    }

    @Test
    void eachPointTakenIsToldWithWhereItsTextAndTimestampAre() throws Exception {
        SampleBuilder[] into = new SampleBuilder[1];
        Heard heard = read(String.join("\n",
            "cpu,host=a usage=1 100",
            "   \tcpu,host=b usage=2 200",
            "# a comment",
            "",
            "log msg=\"first line",
            "second line\" 300",
            "cpu,host=c usage=3",
            "cpu,host=d usage=4 400\r",
            "cpu usage=oops 500",
            "cpu,host=e usage=\"text\" 600",
            "cpu,host=f usage=-1 -700"), 1000, into);
        assertEquals(List.of(
            "1: cpu,host=a usage=1 100 | 100",
            "2: cpu,host=b usage=2 200 | 200",
            "5: log msg=\"first line\nsecond line\" 300 | 300",
            "7: cpu,host=c usage=3 | (none)",
            "8: cpu,host=d usage=4 400 | 400",
            "11: cpu,host=f usage=-1 -700 | -700"), heard.points);
        assertEquals(List.of("9: MALFORMED invalid boolean",
            "10: TYPE_CONFLICT field type conflict: field 'usage' is string here but float since body:1"), heard.problems);
        assertEquals(6, into[0].build().report().points());
    }

    /** A file whose first 20 lines are malformed is not line protocol; a write's are bad lines, the rest are taken. */
    @Test
    void aBodyIsNeverRefusedWholeAndEveryProblemIsTold() throws Exception {
        StringBuilder body = new StringBuilder("{\"not\": \"line protocol\"}\n");
        for (int i = 0; i < 30; i++) {
            body.append("bad line ").append(i).append('\n');
        }
        body.append("cpu usage=1 1\n");
        SampleBuilder[] into = new SampleBuilder[1];
        Heard heard = read(body.toString(), 10, into);
        assertEquals(List.of("32: cpu usage=1 1 | 1"), heard.points);
        assertEquals(31, heard.problems.size(), "every problem, past the 10 the report keeps");
        ReadReport report = into[0].build().report();
        assertEquals(31, report.badLines());
        assertEquals(10, report.problems().size());
        assertFalse(report.problems().stream().anyMatch(p -> p.kind() == ReadProblem.Kind.NOT_THIS_FORMAT));
    }

    @Test
    void offsetsCountBytesOfTheWholeInputAcrossReadBuffers() throws Exception {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            body.append("m,host=h").append(i % 7).append(" s=\"Zürich ").append(i).append("\" ").append(i).append('\n');
        }
        Heard heard = read(body.toString(), 1000, new SampleBuilder[1]);
        assertEquals(40_000, heard.points.size());
        assertEquals("39999: m,host=h0 s=\"Zürich 39998\" 39998 | 39998", heard.points.get(39_998));
    }
}
