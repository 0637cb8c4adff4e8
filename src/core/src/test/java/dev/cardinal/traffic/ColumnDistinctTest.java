package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Numeric columns count their distinct values once, and again after a value is written. */
class ColumnDistinctTest {
    @Test
    void aWriteAfterACountIsCountedNextTime() {
        LongColumn longs = new LongColumn(4, false);
        longs.set(0, 7);
        longs.set(1, 7);
        assertEquals(1, longs.distinct());
        assertEquals(1, longs.distinct(), "counted once, asked twice");
        longs.set(2, 8);
        assertEquals(2, longs.distinct(), "the new value is counted");

        DoubleColumn doubles = new DoubleColumn(4);
        doubles.set(0, 1.5);
        assertEquals(1, doubles.distinct());
        doubles.set(1, 2.5);
        doubles.set(2, 1.5);
        assertEquals(2, doubles.distinct());
    }
}
