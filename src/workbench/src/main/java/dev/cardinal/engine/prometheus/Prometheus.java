package dev.cardinal.engine.prometheus;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import dev.cardinal.engine.SeriesEngine;
import java.util.Optional;

/** Prometheus (2.x), fed by remote write, as the seam lists it. */
public final class Prometheus implements Engine {
    private final SeriesEngine counting;
    private final CodeGenerator code = new PrometheusCode();

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

    @Override
    public Optional<CodeGenerator> code() {
        return Optional.of(code);
    }

    @Override
    public Optional<SeriesEngine> counting() {
        return Optional.of(counting);
    }
}
