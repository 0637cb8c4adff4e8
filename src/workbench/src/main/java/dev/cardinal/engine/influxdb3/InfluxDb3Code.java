package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.Artefacts;
import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.Language;
import dev.cardinal.model.Layout;

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
}
