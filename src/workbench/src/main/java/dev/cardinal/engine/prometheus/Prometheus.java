package dev.cardinal.engine.prometheus;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.SeriesEngine;
import java.util.Map;
import java.util.Optional;

/** Prometheus (2.x), fed by remote write, as the seam lists it. */
public final class Prometheus implements Engine {
    private final SeriesEngine counting;
    private final CodeGenerator code = new PrometheusCode();
    private final Pushing pushing = new PrometheusPushing();

    /** With Prometheus' own defaults: no per-scrape limit. */
    public Prometheus() {
        this(ScrapeLimits.none());
    }

    /** With the per-scrape limits of the user's scrape config. */
    public Prometheus(ScrapeLimits limits) {
        this.counting = new PrometheusCount(limits);
    }

    @Override
    public String name() {
        return "prometheus";
    }

    @Override
    public String title() {
        return "Prometheus";
    }

    /** With the per-scrape limits given by name ({@link ScrapeLimits#parse}); no setting gives this engine. */
    @Override
    public Engine configured(Map<String, String> settings) {
        return settings.isEmpty() ? this : new Prometheus(ScrapeLimits.parse(settings));
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
