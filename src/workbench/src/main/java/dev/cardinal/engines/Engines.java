package dev.cardinal.engines;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import dev.cardinal.engine.influxdb1.InfluxDb1;
import dev.cardinal.engine.influxdb2.InfluxDb2;
import dev.cardinal.engine.influxdb3.InfluxDb3;
import dev.cardinal.engine.opensearch.OpenSearch;
import dev.cardinal.engine.prometheus.Prometheus;
import dev.cardinal.engine.sql.Relational;
import dev.cardinal.engine.victoriametrics.VictoriaMetrics;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The one place where engines are listed: adding an engine is adding its package under {@code dev.cardinal.engine}
 * and one line here. The order is the order of the generated code's index and of engines side by side.
 */
public final class Engines {
    /** InfluxDB 1.x, its API answered by whichever server the version header names (InfluxDB 3 answers it too). */
    private static final InfluxDb1 INFLUXDB_1 = new InfluxDb1(ServerFor::answering);
    private static final List<Engine> ALL = List.of(
        INFLUXDB_1,
        new InfluxDb2(),
        new InfluxDb3(INFLUXDB_1.pushing().orElseThrow()),
        new OpenSearch(),
        new Prometheus(),
        new Relational(),
        new VictoriaMetrics());

    private Engines() {
    }

    /** Every engine, in index order. */
    public static List<Engine> all() {
        return ALL;
    }

    /** Every engine's code generator, in index order. */
    public static List<CodeGenerator> generators() {
        return ALL.stream().flatMap(e -> e.code().stream()).toList();
    }

    /** The languages a comparison answers its questions in, from every engine that offers one. */
    public static dev.cardinal.engine.QueryLanguages queryLanguages() {
        return new dev.cardinal.engine.QueryLanguages(ALL.stream().flatMap(e -> e.queries().stream()).toList());
    }

    /** The engine asked for by one of its names, in any case. */
    public static Optional<Engine> named(String asked) {
        return ALL.stream().filter(e -> e.answersTo(asked)).findFirst();
    }

    /** The engine's client for a kind of target, when the engine offers one through the seam. */
    public static Optional<dev.cardinal.engine.Pushing> pushing(dev.cardinal.model.Target.Kind kind) {
        return ALL.stream().flatMap(e -> e.pushing().stream()).filter(p -> p.kinds().contains(kind)).findFirst();
    }

    /** The engine's migration for a kind of target, when the engine offers one. */
    public static Optional<dev.cardinal.engine.Migrating> migrating(dev.cardinal.model.Target.Kind kind) {
        return ALL.stream().flatMap(e -> e.migrating().stream()).filter(m -> m.kinds().contains(kind)).findFirst();
    }

    /** The kinds of target some engine migrates on, in the order {@code Target.Kind} lists them. */
    public static java.util.List<dev.cardinal.model.Target.Kind> migratingKinds() {
        return java.util.Arrays.stream(dev.cardinal.model.Target.Kind.values()).filter(k -> migrating(k).isPresent()).toList();
    }

    /** The kind of target a URL's form names ({@code jdbc:postgresql:}), when an engine recognises it. */
    public static Optional<dev.cardinal.model.Target.Kind> kindOfUrl(String url) {
        return ALL.stream().flatMap(e -> e.pushing().stream()).flatMap(p -> p.kindOf(url).stream()).findFirst();
    }

    /**
     * The kind of target asked for by its id ({@code influxdb-1}) or, for an engine that offers pushing through the
     * seam, by one of the engine's names ({@code vm}, {@code victoria-metrics}).
     */
    public static Optional<dev.cardinal.model.Target.Kind> targetKind(String asked) {
        return dev.cardinal.model.Target.Kind.fromId(asked).or(() -> named(asked).flatMap(Engine::pushing)
            .filter(p -> p.kinds().size() == 1).map(p -> p.kinds().iterator().next()));
    }

    /** The names of the engines that count a sample of rows through the seam, for a usage message. */
    public static String counting() {
        String names = ALL.stream().filter(e -> e.counting().isPresent()).map(Engine::name).collect(Collectors.joining(", "));
        return names.isEmpty() ? "none yet" : names;
    }

    /** The names engines are asked for by, for a usage message: {@code influxdb, influxdb2, ...}. */
    public static String names() {
        return ALL.stream().map(Engine::name).collect(Collectors.joining(", "));
    }
}
