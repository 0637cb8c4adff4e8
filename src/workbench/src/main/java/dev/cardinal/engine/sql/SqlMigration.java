package dev.cardinal.engine.sql;

import dev.cardinal.engine.Migration;
import dev.cardinal.engine.MigrationCost;
import dev.cardinal.engine.MigrationRequest;
import dev.cardinal.engine.MigrationSurvey;
import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The rollup tables' migration through the seam: connected at its survey (a database driver's connection, closed by
 * {@link #close}), planned by {@link RollupMigration}, costed by the rows each table to make is filled with.
 */
final class SqlMigration implements Migration {
    private final MigrationRequest request;
    private final RelationalPushing pushing;
    private RelationalPush push;
    private RollupMigration plan;

    SqlMigration(MigrationRequest request, RelationalPushing pushing) {
        this.request = request;
        this.pushing = pushing;
    }

    @Override
    public String into() {
        return plan == null ? "the new layout's rollup tables" : String.join(", ", made().stream().map(t -> t.script().table()).toList());
    }

    @Override
    public String old() {
        return plan == null ? "" : String.join(", ", rebuilt().stream().map(RollupMigration.Table::replaces).toList());
    }

    private List<RollupMigration.Table> made() {
        return plan.tables().stream().filter(t -> t.action() != RollupMigration.Action.KEEP && t.action() != RollupMigration.Action.BLOCKED)
            .toList();
    }

    private List<RollupMigration.Table> rebuilt() {
        return plan.tables().stream().filter(t -> t.action() == RollupMigration.Action.REBUILD).toList();
    }

    @Override
    public MigrationSurvey survey(Consumer<String> say) throws IOException, InterruptedException {
        if (push == null) {
            say.accept("Connecting to " + request.server().where() + "…");
            push = (RelationalPush) pushing.connect(request.server().withSample(request.sample()));
        }
        say.accept("Reading the rollup tables on the server…");
        plan = RollupMigration.plan(push, request.workspace(), request.from(), request.to());
        EventKindSample sample = request.sample() == null ? null : request.sample().eventKind(request.to().eventKind()).orElse(null);
        List<MigrationCost.Row> cost = new ArrayList<>();
        long rows = 0;
        for (RollupMigration.Table t : plan.tables()) {
            String action = t.action().name().toLowerCase(java.util.Locale.ROOT);
            if (t.action() == RollupMigration.Action.KEEP || t.action() == RollupMigration.Action.BLOCKED || sample == null) {
                cost.add(new MigrationCost.Row(t.script().table(), action + (sample == null && t.action() != RollupMigration.Action.KEEP
                    ? ": rows not counted (the workspace binds no sample of this event kind)" : "")));
                continue;
            }
            long n = RollupRows.compute(t.script(), t.rollup(), sample).rows().size();
            rows += n;
            cost.add(new MigrationCost.Row(t.script().table(), action + ": " + Quantities.count(n) + " row(s) rebuilt from the sample"
                + (t.replaces() == null ? "" : "; " + t.replaces() + " kept beside it until dropped by name")));
        }
        cost.add(new MigrationCost.Row("rows to rebuild", Quantities.count(rows) + " in " + made().size() + " table(s)"));
        List<String> blocked = plan.tables().stream().filter(t -> t.action() == RollupMigration.Action.BLOCKED)
            .map(t -> t.script().table() + ": " + t.why()).toList();
        return new MigrationSurvey(plan.text(), made().size(), rows, cost, -1, 0, "nothing written", List.of(),
            blocked.isEmpty() ? null : String.join("; ", blocked));
    }

    @Override
    public Result run(MigrationSurvey survey, MigrationWindow.Progress progress) throws IOException {
        StringBuilder said = new StringBuilder();
        long rows = 0;
        List<RelationalPush.Upserted> done = plan.run(PushMonitor.NONE);
        for (RelationalPush.Upserted u : done) {
            rows += u.computed();
            said.append(String.format(java.util.Locale.ROOT, "%s: the sample's rollup is %,d row(s), upserted; the table holds %,d%n",
                u.table(), u.computed(), u.inTable()));
        }
        return new Result(rows, done.size(), done.size(), 0, said.toString().strip());
    }

    @Override
    public Optional<String> whyNoDrop() {
        return plan != null && !rebuilt().isEmpty() ? Optional.empty()
            : Optional.of("no rollup table is rebuilt: there is no old table to drop");
    }

    @Override
    public String dropOld(MigrationSurvey survey, String typed) throws IOException {
        return plan.dropOld(typed);
    }

    @Override
    public void close() throws IOException {
        if (push != null) {
            push.close();
        }
    }
}
