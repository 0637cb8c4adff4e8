package dev.cardinal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every push row whose measurement is outside what the projection allows is marked, so that a verdict of "differ"
 * always points at its row: counts must be equal, index memory inside the model's range (the low edge's row is
 * marked when the server holds less, the high edge's when it holds more).
 */
class SampleRowsTest {

    private static List<Boolean> memoryRowsMarked(long measured) {
        return List.of(
            new ComparisonRow("index memory growth, bytes (model: low)", 4_932_522, measured, ComparisonRow.Bound.AT_LEAST)
                .differs(),
            new ComparisonRow("index memory growth, bytes (model: high)", 6_525_597, measured, ComparisonRow.Bound.AT_MOST)
                .differs());
    }

    @Test
    void memoryOutsideTheModelsRangeMarksTheEdgeItCrossed() {
        assertEquals(List.of(false, true), memoryRowsMarked(7_930_277), "issue 34's push: measured above the high edge");
        assertEquals(List.of(true, false), memoryRowsMarked(4_000_000));
        assertEquals(List.of(false, false), memoryRowsMarked(5_500_000));
        assertEquals(List.of(false, false), memoryRowsMarked(6_525_597), "the edges are inside");
    }

    @Test
    void countsMustBeEqualAndAnUnknownMeasurementMarksNothing() {
        assertEquals(true, ComparisonRow.exact("series", 12_934, 12_935).differs());
        assertEquals(false, ComparisonRow.exact("series", 12_934, 12_934).differs());
        assertEquals(false, ComparisonRow.exact("series", 12_934, -1).differs());
    }
}
