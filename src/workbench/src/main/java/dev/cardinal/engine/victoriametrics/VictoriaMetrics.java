package dev.cardinal.engine.victoriametrics;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.SeriesEngine;
import java.util.Optional;
import java.util.Set;

/** VictoriaMetrics (single node) as the seam lists it: it takes line protocol at {@code /write}. */
public final class VictoriaMetrics implements Engine {
    private final SeriesEngine counting = new VmCounting();
    private final CodeGenerator code = new VmCode();
    private final Pushing pushing = new VmPushing();

    @Override
    public String name() {
        return "victoriametrics";
    }

    @Override
    public Set<String> aliases() {
        return Set.of("victoria-metrics", "vm");
    }

    @Override
    public String title() {
        return "VictoriaMetrics";
    }

    @Override
    public Optional<CodeGenerator> code() {
        return Optional.of(code);
    }

    @Override
    public Optional<SeriesEngine> counting() {
        return Optional.of(counting);
    }

    @Override
    public Optional<Pushing> pushing() {
        return Optional.of(pushing);
    }
}
