package dev.cardinal.bench;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A small configuration of the {@link CaptureAbuse} bench, in every build: the properties hold whatever the machine's
 * speed (the figures in the README come from the bench command). The bound on a write under abuse is generous, five
 * times the README's target, so a loaded build machine does not make it flaky.
 */
class CaptureAbuseTest {
    @Test
    void underLoadAndAbuseWhatIsAcknowledgedIsSpooledOnceAndAWriteIsStillAnswered() throws Exception {
        CaptureAbuse.Config small = new CaptureAbuse.Config(20_000, List.of(8), 3, 2, 256, 8_000, 20_000);
        for (CaptureAbuse.Load l : CaptureAbuse.load(small)) {
            assertTrue(l.check().exact(), l.check().toString());
            assertEquals(20_000, l.check().spooled());
        }
        CaptureAbuse.Abuse a = CaptureAbuse.abuse(small);
        assertTrue(a.check().exact(), "no point lost or doubled while abused, though writers gave up and retried: " + a.check());
        assertEquals(8_030, a.check().spooled());
        assertTrue(a.bombsRefused() > 0, "the bombs were sent and refused");
        assertTrue(a.worst().compareTo(Duration.ofSeconds(5)) < 0, "a write while slowloris and bombs are open took " + a.worst());
        CaptureAbuse.Load retried = CaptureAbuse.retries(20_000, 16, Duration.ofMillis(150));
        assertTrue(retried.check().exact(), "bodies sent again after a client timeout are counted once: " + retried.check() + " after "
            + retried.timeouts() + " timeouts");
        assertTrue(retried.timeouts() > 0, "the writers did time out and send again");
        CaptureAbuse.Check poisoned = CaptureAbuse.poison(small);
        assertTrue(poisoned.exact(), "a string over two lines and a NUL in a tag take nothing else with them: " + poisoned);
        assertEquals(20_003, poisoned.spooled(), "the poison points' three lines and the 20,000 after them");
    }
}
