package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LpFixture;
import dev.cardinal.traffic.SchemaInference;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The sample's span where its timestamps reach the ends of what a server stores (MinInt64 + 2, MaxInt64 - 1). */
class SampleSpanTest {

    @Test
    void timestampsAtBothInt64EdgesSpanTheirWholeRange() {
        EventKindSample k = LpFixture.read("m,t=a f=1 -9223372036854775806\nm,t=b f=1 0\nm,t=c f=1 9223372036854775806\n")
            .eventKinds().get(0);
        SampleIndex index = new SampleIndex(k);
        double seconds = 18_446_744_073.709551612;
        assertEquals(seconds, index.spanSeconds(), 1e-6);
        Projection p = new Projector(index).project(SchemaInference.eventKind(k), SchemaInference.asWritten(k, "w"),
            TestServer.settings());
        assertEquals(Duration.ofMillis(Math.round(seconds * 1000)), p.sampleSpan());
        assertEquals("213,504.0 days", Quantities.span(p.sampleSpan()));
    }

    @Test
    void aSpanWithinALongIsUnchanged() {
        EventKindSample k = LpFixture.read("m f=1 -5000000000\nm f=2 7000000000\n").eventKinds().get(0);
        assertEquals(12.0, new SampleIndex(k).spanSeconds());
    }
}
