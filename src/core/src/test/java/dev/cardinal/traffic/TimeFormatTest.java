package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TimeFormatTest {
    /** 2024-01-01T12:00:00Z. */
    private static final long NOON = 1_704_110_400L * 1_000_000_000L;

    @Test
    void rfc3339WithZuluOffsetsAndFractions() throws Exception {
        TimeFormat f = TimeFormat.of("rfc3339", "ns");
        assertEquals(NOON, f.parse("2024-01-01T12:00:00Z"));
        assertEquals(NOON + 123_456_789, f.parse("2024-01-01T12:00:00.123456789Z"));
        assertEquals(NOON + 500_000_000, f.parse("2024-01-01T12:00:00.5Z"));
        assertEquals(NOON, f.parse("2024-01-01T14:00:00+02:00"));
        assertEquals(NOON, f.parse("2024-01-01T06:30:00-0530"));
        assertEquals(NOON, f.parse("2024-01-01t12:00:00z"));
        assertEquals(NOON, f.parse("2024-01-01T12:00Z"));
        assertEquals(-1_000_000_000L + 250_000_000L, f.parse("1969-12-31T23:59:59.25Z"));
    }

    @Test
    void rfc3339WithoutZoneIsUtc() throws Exception {
        TimeFormat f = TimeFormat.of("RFC3339", "s");
        assertEquals(NOON, f.parse("2024-01-01 12:00:00"));
        assertEquals(NOON + 1_000_000, f.parse("2024-01-01T12:00:00.001"));
    }

    @Test
    void rfc3339RejectsWhatItCannotRead() {
        TimeFormat f = TimeFormat.of("rfc3339", "ns");
        assertEquals("'yesterday' is not an RFC 3339 time such as 2024-01-01T12:00:00Z",
            assertThrows(TimeFormat.InvalidTimeException.class, () -> f.parse("yesterday")).getMessage());
        assertTrue(assertThrows(TimeFormat.InvalidTimeException.class, () -> f.parse("2024-02-30T00:00:00Z"))
            .getMessage().startsWith("'2024-02-30T00:00:00Z' has no such date"));
        assertEquals("'2024-01-01T24:00:00Z' has no such time of day",
            assertThrows(TimeFormat.InvalidTimeException.class, () -> f.parse("2024-01-01T24:00:00Z")).getMessage());
        assertEquals("'2024-01-01T12:00:00.1234567891Z' has 10 fractional digits; RFC 3339 times here take 1 to 9",
            assertThrows(TimeFormat.InvalidTimeException.class, () -> f.parse("2024-01-01T12:00:00.1234567891Z"))
                .getMessage());
        assertThrows(TimeFormat.InvalidTimeException.class, () -> f.parse("2024-01-01T12:00:00+02"));
        assertThrows(TimeFormat.InvalidTimeException.class, () -> f.parse("2024-01-01T12:00:00Z trailing"));
        assertEquals("'1600-01-01T00:00:00Z' is outside the range of nanosecond timestamps (1677-09-21 to 2262-04-11)",
            assertThrows(TimeFormat.InvalidTimeException.class, () -> f.parse("1600-01-01T00:00:00Z")).getMessage());
    }

    @Test
    void epochInEachPrecision() throws Exception {
        assertEquals(NOON, TimeFormat.of("epoch", "s").parse("1704110400"));
        assertEquals(NOON, TimeFormat.of("epoch", "ms").parse("1704110400000"));
        assertEquals(NOON, TimeFormat.of("epoch", "us").parse("1704110400000000"));
        assertEquals(NOON, TimeFormat.of("epoch", "ns").parse("1704110400000000000"));
        assertEquals(-2_000_000L, TimeFormat.of("epoch", "ms").parse("-2"));
    }

    @Test
    void epochTakesFractionsAndJsonNumbers() throws Exception {
        assertEquals(NOON + 500_000_000, TimeFormat.of("epoch", "s").parse("1704110400.5"));
        assertEquals(NOON, TimeFormat.of("epoch", "s").parseNumber("1.7041104E9"));
        assertEquals(NOON + 1_500, TimeFormat.of("epoch", "us").parseNumber("1704110400000001.5"));
    }

    @Test
    void epochRejectsTextAndOverflow() {
        TimeFormat s = TimeFormat.of("epoch", "s");
        assertEquals("'99999999999' is outside the range of nanosecond timestamps (1677-09-21 to 2262-04-11)",
            assertThrows(TimeFormat.InvalidTimeException.class, () -> s.parse("99999999999")).getMessage());
        assertEquals("'12:00' is not an epoch time (an integer in s)",
            assertThrows(TimeFormat.InvalidTimeException.class, () -> s.parse("12:00")).getMessage());
        assertThrows(TimeFormat.InvalidTimeException.class, () -> s.parseNumber("1e999999"));
    }

    @Test
    void detectsEpochFromTheFirstValueAndKeepsIt() throws Exception {
        TimeFormat f = TimeFormat.of(null, "ms");
        assertEquals(NOON, f.parse("1704110400000"));
        assertEquals("epoch in ms", f.toString());
        assertThrows(TimeFormat.InvalidTimeException.class, () -> f.parse("2024-01-01T12:00:00Z"));
    }

    @Test
    void detectsRfc3339FromTheFirstValueAndKeepsIt() throws Exception {
        TimeFormat f = TimeFormat.of(null, "ms");
        assertEquals(NOON, f.parse("2024-01-01T12:00:00Z"));
        assertEquals("rfc3339", f.toString());
        assertThrows(TimeFormat.InvalidTimeException.class, () -> f.parse("1704110400000"));
    }

    @Test
    void jsonNumberMeansEpochWhenDetecting() throws Exception {
        assertEquals(NOON, TimeFormat.of(null, "s").parseNumber("1704110400"));
        assertThrows(TimeFormat.InvalidTimeException.class, () -> TimeFormat.of("rfc3339", "s").parseNumber("1704110400"));
    }

    @Test
    void patternsAreUtcUnlessTheyCarryAnOffset() throws Exception {
        assertEquals(NOON, TimeFormat.of("dd/MM/yyyy HH:mm", "ns").parse("01/01/2024 12:00"));
        assertEquals(NOON, TimeFormat.of("yyyy-MM-dd HH:mm:ssXXX", "ns").parse("2024-01-01 14:00:00+02:00"));
        assertEquals(NOON - 12 * 3600 * 1_000_000_000L, TimeFormat.of("yyyyMMdd", "ns").parse("20240101"));
        assertEquals("'2024-01-01' does not match the pattern 'dd/MM/yyyy'",
            assertThrows(TimeFormat.InvalidTimeException.class,
                () -> TimeFormat.of("dd/MM/yyyy", "ns").parse("2024-01-01")).getMessage());
        assertEquals("the pattern 'HH:mm' gives no date for '12:00'",
            assertThrows(TimeFormat.InvalidTimeException.class,
                () -> TimeFormat.of("HH:mm", "ns").parse("12:00")).getMessage());
    }

    @Test
    void badSpecsAreRefusedUpFront() {
        assertEquals("precision 'h' is not one of ns, us, ms, s",
            assertThrows(IllegalArgumentException.class, () -> TimeFormat.of("epoch", "h")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TimeFormat.of("yyyy-bb", "s")).getMessage()
            .startsWith("time format 'yyyy-bb' is neither rfc3339, epoch nor a valid java.time pattern"));
    }
}
