package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.Artefacts;
import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.Language;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;

/**
 * InfluxDB 3's generated code for a layout: the {@code influxdb3} commands that create its database, its table (tags
 * in the designed order, which the first write would otherwise fix in arrival order) and its caches, and example
 * queries in SQL and in InfluxQL. A templated measurement writes one table per value, each created by its first write,
 * so only the database is created ahead for it.
 */
public final class InfluxDb3Code implements CodeGenerator {
    @Override
    public void layoutCode(CodeRequest r, Artefacts out) {
        Layout l = r.layout();
        String base = r.stem();
        out.attempt("InfluxDB 3 commands for " + l.id(), () -> out.put(base + ".influxdb3.sh", Influxdb3Commands.script(r),
            "`influxdb3 create` commands: the database, the table with its tags in order and typed fields, its caches.",
            Language.SHELL));
        if (!l.measurement().isLiteral()) {
            return;
        }
        out.put(base + ".influxdb3.sql", ExampleQueries.sql(r), "example SQL queries (InfluxDB 3).", Language.SQL);
        out.put(base + ".influxdb3.influxql", ExampleQueries.influxQl(r), "example InfluxQL queries (InfluxDB 3).",
            Language.INFLUXQL);
    }

    /**
     * Each rollup of the layout into a retention policy or a bucket (a time-series destination; a relational table is
     * the SQL engine's) as a scheduled downsampler trigger.
     */
    @Override
    public void rollupCode(CodeRequest r, Artefacts out) {
        for (Rollup rollup : r.workspace().rollups()) {
            if (!rollup.layout().equals(r.layout().id())
                || rollup.destination().kind() == Rollup.DestinationKind.RELATIONAL_TABLE) {
                continue;
            }
            java.util.Optional<String> no = DownsamplerTrigger.unsupported(r.layout(), rollup);
            if (no.isPresent()) {
                out.notWritten(no.get());
                continue;
            }
            String stem = r.rollupStems().get(rollup.id());
            out.attempt("InfluxDB 3 trigger for rollup " + rollup.id(), () -> out.put(stem + ".influxdb3.trigger.sh",
                "#!/bin/sh\nset -e\n" + DownsamplerTrigger.script(r, rollup, stem),
                "`influxdb3 create trigger`: the rollup as a scheduled downsampler (Processing Engine).", Language.SHELL));
        }
    }
}
