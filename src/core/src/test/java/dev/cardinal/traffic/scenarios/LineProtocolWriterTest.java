package dev.cardinal.traffic.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class LineProtocolWriterTest {

    @Test
    void escapesEachPartAsLineProtocolRequires() throws IOException {
        StringWriter out = new StringWriter();
        new LineProtocolWriter(out).measurement("cpu load,a=b").tag("host name", "a,b=c d")
            .stringField("note k", "say \"hi\" \\ bye").integerField("n", 3).floatField("x=y", "1.5").end(42);
        assertEquals("cpu\\ load\\,a=b,host\\ name=a\\,b\\=c\\ d note\\ k=\"say \\\"hi\\\" \\\\ bye\",n=3i,x\\=y=1.5 42\n",
            out.toString());
    }

    @Test
    void roundTripsThroughTheTestParser() throws IOException {
        StringWriter out = new StringWriter();
        new LineProtocolWriter(out).measurement("m").tag("metric", "churn-risk score, net=goal")
            .floatField("value", "3.5").end(7);
        LineProtocolLines p = LineProtocolLines.parse(out.toString().strip());
        assertEquals("churn-risk score, net=goal", p.tags().get("metric"));
        assertEquals("3.5", p.fields().get("value"));
        assertEquals(7, p.time());
    }

    @Test
    void refusesTimeGoingBackwardsAndPointsWithoutFields() throws IOException {
        LineProtocolWriter w = new LineProtocolWriter(new StringWriter());
        w.measurement("m").integerField("n", 1).end(10);
        assertThrows(IllegalStateException.class, () -> w.measurement("m").integerField("n", 1).end(9));
        assertThrows(IllegalStateException.class, () -> w.measurement("m").tag("t", "v").end(11));
    }

    @Test
    void decimalsAreFixedAndTrimmed() {
        assertEquals("12.3", LineProtocolWriter.decimal(12.34, 1));
        assertEquals("12.0", LineProtocolWriter.decimal(12.0, 2));
        assertEquals("3.5", LineProtocolWriter.decimal(3.499999, 2));
        assertEquals("-0.4", LineProtocolWriter.decimal(-0.44, 1));
        assertEquals("0.0", LineProtocolWriter.decimal(-0.04, 1));
        assertEquals("0.05", LineProtocolWriter.decimal(0.05, 2));
        assertEquals("1234567.89", LineProtocolWriter.decimal(1234567.891, 2));
    }
}
