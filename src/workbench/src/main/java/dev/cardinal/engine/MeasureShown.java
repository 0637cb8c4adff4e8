package dev.cardinal.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.MemoryEstimate;
import dev.cardinal.projection.MemoryModel;
import java.util.Locale;

/**
 * A layout's numbers as projected, in the words {@code cardinal apply --write-sample} shows them for the InfluxDB
 * engines: one place for the JSON of the projection and the text row beside the server's figure.
 */
public final class MeasureShown {
    private MeasureShown() {
    }

    /**
     * Adds {@code projected} to {@code n}: points, measurements, series, what the server's series query reports as
     * projected ({@code reported}, -1: not counted, null), field keys, values per tag and the index memory model.
     *
     * @return the node added
     */
    public static ObjectNode projected(ObjectNode n, LayoutMeasure p, long reported) {
        ObjectNode projected = n.putObject("projected").put("points", p.points()).put("measurements", p.measurements())
            .put("series", p.series());
        if (reported < 0) {
            projected.putNull("serverReportedSeries");
        } else {
            projected.put("serverReportedSeries", reported);
        }
        projected.put("fieldKeys", p.fieldKeys());
        ObjectNode pt = projected.putObject("tags");
        p.tags().forEach(pt::put);
        MemoryEstimate memory = MemoryModel.estimate(p.footprint());
        projected.putObject("indexMemoryBytes").put("low", memory.low()).put("high", memory.high());
        return projected;
    }

    /** One row of the text table: what, projected, measured, marked when the two differ. */
    public static String row(String what, long projected, long measured) {
        return String.format(Locale.ROOT, "  %-28s %,14d %,14d%s", what, projected, measured,
            projected == measured ? "" : "   <- differs");
    }
}
