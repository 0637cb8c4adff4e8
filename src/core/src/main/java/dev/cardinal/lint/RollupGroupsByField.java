package dev.cardinal.lint;

import dev.cardinal.model.Role;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Workspace;
import java.util.ArrayList;
import java.util.List;

/**
 * Rule 11: a rollup into InfluxDB (a retention policy or bucket) that groups by an attribute the layout holds in a
 * field. InfluxQL's {@code GROUP BY} takes tags and time only, so the continuous query cannot be written; and making
 * the id a tag to allow it is rule 1's mistake. The cure is a relational summary table fed by a daily job.
 */
final class RollupGroupsByField implements Rule {
    @Override
    public String id() {
        return "rollup-groups-by-field";
    }

    @Override
    public String description() {
        return "a rollup into InfluxDB that must group by an attribute held in a field";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        for (Rollup r : c.workspace().rollups()) {
            if (!r.layout().equals(c.layout().id()) || r.destination().kind() == Rollup.DestinationKind.RELATIONAL_TABLE) {
                continue;
            }
            List<String> notTags = r.groupBy().stream().filter(a -> c.layout().roleOf(a) != Role.TAG).toList();
            if (notTags.isEmpty()) {
                continue;
            }
            String table = QueryNames.plain(r.id().replace('-', '_'));
            out.add(c.finding(this, Severity.ERROR, "rollup " + r.name(),
                "Rollup '" + r.name() + "' groups by " + String.join(", ", notTags) + ", which this layout keeps in fields;"
                    + " InfluxQL's GROUP BY takes tags and time only, so the continuous query cannot be written.",
                List.of(new Evidence("group by", String.join(", ", r.groupBy())),
                    new Evidence("held in fields", String.join(", ", notTags)),
                    new Evidence("destination", r.destination().kind().id() + " " + r.destination().name())),
                new Fix("write the rollup to a relational table '" + table + "' fed by a daily job",
                    ws -> withDestination(ws, r.id(), new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, table,
                        r.destination().retention())))));
        }
        return out;
    }

    private static Workspace withDestination(Workspace ws, String rollupId, Rollup.Destination d) {
        List<Rollup> rollups = ws.rollups().stream().map(r -> r.id().equals(rollupId)
            ? new Rollup(r.id(), r.name(), r.layout(), r.window(), r.aggregates(), r.groupBy(), d) : r).toList();
        return new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), ws.samples(), rollups, ws.targets(), ws.canvas());
    }
}
