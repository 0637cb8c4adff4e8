package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import dev.cardinal.engine.QueryWriter;
import java.util.Optional;
import java.util.Set;

/** The InfluxDB 1.x engine as the seam lists it. */
public final class InfluxDb1 implements Engine {
    private final CodeGenerator code = new InfluxDb1Code();

    @Override
    public String name() {
        return "influxdb";
    }

    @Override
    public Set<String> aliases() {
        return Set.of("influxdb1");
    }

    @Override
    public String title() {
        return "InfluxDB 1.x";
    }

    @Override
    public Optional<QueryWriter.Offered> queries() {
        return Optional.of(new QueryWriter.Offered(new InfluxQlQuestions(), QueryWriter.Place.MAIN));
    }

    @Override
    public Optional<CodeGenerator> code() {
        return Optional.of(code);
    }
}
