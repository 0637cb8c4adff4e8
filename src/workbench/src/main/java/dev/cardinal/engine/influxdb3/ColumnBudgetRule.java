package dev.cardinal.engine.influxdb3;

import dev.cardinal.lint.Evidence;
import dev.cardinal.lint.Finding;
import dev.cardinal.lint.Fix;
import dev.cardinal.lint.LayoutTraffic;
import dev.cardinal.lint.LintContext;
import dev.cardinal.lint.Rule;
import dev.cardinal.lint.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The widest table's columns (time, tags, fields) at the horizon, and its tag columns, against each product's limit
 * ({@link Products}): beyond Core's the server refuses the line that adds a column ({@link ServerAnswers}), an error;
 * beyond only a Cloud product's default, a warning (Cloud Dedicated's can be raised to 1000).
 */
final class ColumnBudgetRule implements Rule {
    @Override
    public String id() {
        return "influxdb3-column-budget";
    }

    @Override
    public String description() {
        return "the widest table's columns beyond an InfluxDB 3 product's limit by the horizon";
    }

    @Override
    public List<Finding> check(LintContext c) {
        if (!(c.traffic() instanceof LayoutTraffic.Rows rows)) {
            return List.of();
        }
        long columns = rows.projection().columnsAtHorizon();
        long tags = c.layout().tags().size();
        List<String> over = new ArrayList<>();
        boolean core = false;
        for (Products.ProductLimit l : Products.LIMITS) {
            long reached = l.measure() == Products.Measure.COLUMNS_PER_TABLE ? columns
                : l.measure() == Products.Measure.TAG_COLUMNS_PER_TABLE ? tags : -1;
            if (reached > l.value()) {
                over.add(String.format(Locale.ROOT, "%s %s %,d", l.product(), l.setting(), l.value()));
                core |= l.product().equals(Products.CORE);
            }
        }
        if (over.isEmpty()) {
            return List.of();
        }
        String message = String.format(Locale.ROOT, "the widest table reaches %,d columns (%,d tags) by the horizon,"
            + " beyond %s.", columns, tags, String.join("; ", over))
            + (core ? " Core refuses the line that would add the next column: \"" + ServerAnswers.tooManyColumns(500) + "\"." : "");
        return List.of(new Finding(id(), core ? Severity.ERROR : Severity.WARNING, c.layout().id(), "columns", message,
            List.of(new Evidence("columns at the horizon", String.format(Locale.ROOT, "%,d", columns)),
                new Evidence("columns in the sample", String.format(Locale.ROOT, "%,d", rows.projection().now().maxColumnsPerMeasurement()))),
            new Fix("move data out of field keys (a field per fact, the varying part in a tag) or split the table", null)));
    }
}
