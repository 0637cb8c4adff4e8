package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import dev.cardinal.engine.QueryWriter;
import java.util.Optional;
import java.util.Set;

/** The InfluxDB 2.x and Cloud engine as the seam lists it. */
public final class InfluxDb2 implements Engine {
    private final CodeGenerator code = new InfluxDb2Code();

    @Override
    public String name() {
        return "influxdb2";
    }

    @Override
    public Set<String> aliases() {
        return Set.of("influxdb-cloud");
    }

    @Override
    public String title() {
        return "InfluxDB 2.x and Cloud";
    }

    @Override
    public Optional<QueryWriter.Offered> queries() {
        return Optional.of(new QueryWriter.Offered(new FluxQuestions(), QueryWriter.Place.ALONGSIDE));
    }

    @Override
    public Optional<CodeGenerator> code() {
        return Optional.of(code);
    }
}
