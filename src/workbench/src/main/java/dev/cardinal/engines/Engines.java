package dev.cardinal.engines;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.influxdb1.InfluxDb1Code;
import dev.cardinal.engine.influxdb2.InfluxDb2Code;
import dev.cardinal.engine.opensearch.OpenSearchCode;
import dev.cardinal.engine.sql.RelationalCode;
import java.util.List;

/**
 * The one place where engines are listed: adding an engine is adding its package under {@code dev.cardinal.engine}
 * and one line here. The order is the order of the generated code's index.
 */
public final class Engines {
    private static final List<CodeGenerator> ALL = List.of(
        new InfluxDb1Code(),
        new InfluxDb2Code(),
        new OpenSearchCode(),
        new RelationalCode());

    private Engines() {
    }

    /** Every engine's code generator, in index order. */
    public static List<CodeGenerator> all() {
        return ALL;
    }
}
