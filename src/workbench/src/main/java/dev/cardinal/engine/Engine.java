package dev.cardinal.engine;

import java.util.Optional;
import java.util.Set;

/**
 * One engine as the front ends see it: the names it is asked for by, what it counts from a sample of traffic, and the
 * code it generates. Each engine package has one; {@code dev.cardinal.engines.Engines} lists them, and a front end
 * that needs an engine asks that list by name instead of naming the package.
 */
public interface Engine {
    /** The name {@code --kind} and {@code --engines} take, lower case ({@code victoriametrics}). */
    String name();

    /** Other names it is asked for by ({@code elasticsearch} for the OpenSearch engine). */
    default Set<String> aliases() {
        return Set.of();
    }

    /** How people write it: {@code VictoriaMetrics}. */
    String title();

    /** Its code generator, when it generates code. */
    default Optional<CodeGenerator> code() {
        return Optional.empty();
    }

    /**
     * Its counting of a line-protocol-shaped sample (rows of tags and fields), when the engine counts one through the
     * seam; empty for an engine that reads another input or that a front end still projects itself.
     */
    default Optional<SeriesEngine> counting() {
        return Optional.empty();
    }

    /**
     * Its client for live servers of its kind (plan, apply, the sample written and measured, import), when a front
     * end reaches it through the seam; empty for an engine without one or that a front end still reaches itself.
     */
    default Optional<Pushing> pushing() {
        return Optional.empty();
    }

    /**
     * Its rewrite of data a live layout already wrote into a new layout on a server of its kind (plan, cost, run,
     * resume), when it offers one.
     */
    default Optional<Migrating> migrating() {
        return Optional.empty();
    }

    /** Its servers by version, when the core projects its series from rows (the InfluxDB family). */
    default Optional<SeriesServers> servers() {
        return Optional.empty();
    }

    /**
     * Every limit it ships with, as its documentation or source gives them: what {@code --all-limits} checks. Each
     * engine's are in its package ({@code limits.json}), never in the core.
     */
    default java.util.List<dev.cardinal.projection.Limit> shippedLimits() {
        return servers().map(SeriesServers::shipped).orElse(java.util.List.of());
    }

    /** Its language for the questions a comparison asks, and where its answers go, when it has one. */
    default Optional<QueryWriter.Offered> queries() {
        return Optional.empty();
    }

    /**
     * Its own lint rules: what this engine refuses or limits that the core's rules do not know (a front end adds them
     * when the user asks for this engine's findings).
     */
    default java.util.List<dev.cardinal.lint.Rule> lintRules() {
        return java.util.List.of();
    }

    /**
     * This engine with settings of its own, named as the engine names them (Prometheus' {@code sample_limit}): what a
     * front end passes on from the user. An engine without settings takes none.
     *
     * @throws IllegalArgumentException naming the setting that is unknown or whose value is wrong, and why
     */
    default Engine configured(java.util.Map<String, String> settings) {
        if (settings.isEmpty()) {
            return this;
        }
        throw new IllegalArgumentException(title() + " takes no settings, not " + String.join(", ", settings.keySet()));
    }

    /** True when {@code asked} is this engine's name or one of its aliases, in any case. */
    default boolean answersTo(String asked) {
        String a = asked.toLowerCase(java.util.Locale.ROOT);
        return name().equals(a) || aliases().contains(a);
    }
}
