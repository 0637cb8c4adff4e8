package dev.cardinal.engine.sql;

import dev.cardinal.engine.PlanStep;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The relational rollups of a migration from a live layout to a new one: the summary tables the new layout's rollups
 * need (and the live layout's, which go on over the new layout where it has none of its own for their table), against
 * the tables the server has. A table with the key and columns needed is kept; a missing one is created, one missing
 * columns is altered; one whose primary key differs (the rollup's keys changed) is rebuilt: a new table
 * {@code <table>_<new layout id>} with the new key, while the old table stays as it is until {@link #dropOld} names
 * it, which drops it and gives the new table its name. Each table made or changed is filled from the sample, as
 * {@code cardinal apply --write-sample} fills it (the same rows: upserts, so a second run overwrites them).
 */
public final class RollupMigration {
    /** What the migration does with one summary table. */
    public enum Action { KEEP, CREATE, ALTER, REBUILD, BLOCKED }

    /**
     * One summary table: the rollup over the new layout that fills it (for a rebuild, already naming the new table),
     * its SQL, the table it replaces (a rebuild's old table, else null), the statements that make it, and why.
     */
    public record Table(Rollup rollup, SqlGenerator.Script script, Action action, String replaces, List<String> statements,
                        String why) {
        public Table {
            statements = List.copyOf(statements);
        }
    }

    private final RelationalPush push;
    private final Layout to;
    private final List<Table> tables;

    private RollupMigration(RelationalPush push, Layout to, List<Table> tables) {
        this.push = push;
        this.to = to;
        this.tables = List.copyOf(tables);
    }

    /**
     * The plan on {@code target}, a rollup target's client ({@code Engines.pushing} of MariaDB or PostgreSQL): reads the
     * server's tables, changes nothing.
     *
     * @throws IllegalArgumentException when the target is not a rollup target
     */
    public static RollupMigration plan(dev.cardinal.engine.PushTarget target, Workspace ws, Layout from, Layout to) throws IOException {
        if (!(target instanceof RelationalPush push)) {
            throw new IllegalArgumentException("the rollup tables migrate on MariaDB or PostgreSQL, not on " + target.getClass().getSimpleName());
        }
        return plan(push, ws, from, to);
    }

    /** The plan: reads the server's tables, changes nothing. */
    static RollupMigration plan(RelationalPush push, Workspace ws, Layout from, Layout to) throws IOException {
        List<Rollup> rollups = new ArrayList<>();
        Set<String> covered = new HashSet<>();
        for (Rollup r : ws.rollups()) {
            if (relational(r) && r.layout().equals(to.id())) {
                rollups.add(r);
                covered.add(r.destination().name());
            }
        }
        for (Rollup r : ws.rollups()) {
            if (relational(r) && r.layout().equals(from.id()) && !covered.contains(r.destination().name())) {
                rollups.add(new Rollup(r.id(), r.name(), to.id(), r.window(), r.aggregates(), r.groupBy(), r.destination(),
                    r.query(), r.owner()));
            }
        }
        List<Table> tables = new ArrayList<>();
        try {
            for (Rollup r : rollups) {
                tables.add(table(push, ws, to, r));
            }
        } catch (SQLException e) {
            throw RelationalPush.failure("reading the tables of " + push.target(), e);
        }
        return new RollupMigration(push, to, tables);
    }

    private static boolean relational(Rollup r) {
        return r.destination().kind() == Rollup.DestinationKind.RELATIONAL_TABLE;
    }

    private static Table table(RelationalPush push, Workspace ws, Layout to, Rollup r) throws SQLException {
        List<String> lost = new ArrayList<>(r.groupBy().stream().filter(a -> to.roleOf(a) == Role.DROPPED).toList());
        r.aggregates().stream().map(Rollup.AggregateSpec::attribute).filter(a -> to.roleOf(a) == Role.DROPPED).forEach(lost::add);
        SqlGenerator.Script script = push.script(ws, to, r);
        if (!lost.isEmpty()) {
            return new Table(r, script, Action.BLOCKED, null, List.of(), "rollup " + r.name() + " reads " + String.join(", ", lost)
                + ", which layout " + to.id() + " does not store: its table could not be filled from the new layout's data");
        }
        PlanStep live = push.table(r, script);
        return switch (live.action()) {
            case UNCHANGED -> new Table(r, script, Action.KEEP, null, List.of(), live.reason());
            case CREATE -> new Table(r, script, Action.CREATE, null, live.statements(), live.reason());
            case ALTER, REPLACE -> new Table(r, script, Action.ALTER, null, live.statements(), live.reason());
            case CONFLICT -> rebuilt(push, ws, to, r, live.reason());
        };
    }

    /** The rollup into a new table beside the old one, keyed as the new layout's rollup needs. */
    private static Table rebuilt(RelationalPush push, Workspace ws, Layout to, Rollup r, String conflict) throws SQLException {
        String old = r.destination().name();
        Rollup into = new Rollup(r.id(), r.name(), r.layout(), r.window(), r.aggregates(), r.groupBy(),
            new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, old + "_" + to.id(), r.destination().retention()),
            r.query(), r.owner());
        SqlGenerator.Script script = push.script(ws, to, into);
        PlanStep made = push.table(into, script);
        if (made.action() == PlanStep.Action.CONFLICT) {
            return new Table(into, script, Action.BLOCKED, old, List.of(), conflict + "; and the table it would be rebuilt in: "
                + made.reason());
        }
        return new Table(into, script, Action.REBUILD, old, made.statements(), conflict + "; rebuilt as " + script.table()
            + (made.action() == PlanStep.Action.UNCHANGED ? " (there already)" : "") + ", and " + old + " kept until it is dropped by name");
    }

    public List<Table> tables() {
        return tables;
    }

    /** The plan as text: one line per table, then its statements. */
    public String text() {
        StringBuilder sb = new StringBuilder("rollup tables on " + push.target() + " for layout " + to.id() + ":\n");
        if (tables.isEmpty()) {
            sb.append("  none: no rollup of these layouts goes to a relational table\n");
        }
        for (Table t : tables) {
            sb.append("  ").append(t.action().name().toLowerCase(java.util.Locale.ROOT)).append(' ').append(t.script().table())
                .append(": ").append(t.why()).append('\n');
            t.statements().forEach(s -> sb.append("    ").append(s.replace("\n", "\n    ")).append(";\n"));
        }
        return sb.toString();
    }

    /**
     * Makes each table the plan creates, alters or rebuilds and fills it from the sample; the tables kept and the old
     * tables of a rebuild are not touched. A rebuilt or created table holds exactly the rows computed, else this says so.
     */
    public List<RelationalPush.Upserted> run(PushMonitor monitor) throws IOException {
        List<RelationalPush.Upserted> out = new ArrayList<>();
        for (Table t : tables) {
            if (t.action() == Action.KEEP || t.action() == Action.BLOCKED) {
                continue;
            }
            execute(t.statements());
            RelationalPush.Upserted u = push.upsertRollup(to.eventKind(), t.rollup(), t.script(), monitor);
            if (t.action() != Action.ALTER && u.inTable() != u.computed()) {
                throw new IOException(t.script().table() + " holds " + u.inTable() + " row(s) after " + u.computed()
                    + " were computed from the sample: rows that were there before this migration; it is left as it is");
            }
            out.add(u);
        }
        return out;
    }

    /**
     * The named destructive step: drops the old table of the rebuild that replaces {@code named} (its exact name) and
     * gives the new table its name, so the workspace's rollup finds it. Refused, with nothing dropped, when no rebuild
     * replaces that name or its new table holds no row yet.
     *
     * @return what was done
     */
    public String dropOld(String named) throws IOException {
        Table t = tables.stream().filter(x -> x.action() == Action.REBUILD && x.replaces().equals(named)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("'" + named + "' is not the exact name of a table this migration rebuilds ("
                + String.join(", ", tables.stream().filter(x -> x.action() == Action.REBUILD).map(Table::replaces).toList())
                + "); nothing dropped"));
        SqlDialect d = push.dialect();
        String fresh = t.script().table();
        try {
            if (push.count(fresh) == 0) {
                throw new IllegalArgumentException(fresh + " holds no row yet: run the migration (--execute) before dropping " + named);
            }
        } catch (SQLException e) {
            throw RelationalPush.failure("counting the rows of " + fresh + " (run the migration with --execute first)", e);
        }
        List<String> statements = List.of("DROP TABLE " + d.identifier(named), d == SqlDialect.MARIADB
            ? "RENAME TABLE " + d.identifier(fresh) + " TO " + d.identifier(named)
            : "ALTER TABLE " + d.identifier(fresh) + " RENAME TO " + d.identifier(named));
        execute(statements);
        return "dropped table " + named + " and renamed " + fresh + " to " + named;
    }

    /** Runs statements in one transaction where the engine has transactional DDL (PostgreSQL). */
    private void execute(List<String> statements) throws IOException {
        Connection c = push.connection();
        try {
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                for (String sql : statements) {
                    st.execute(sql);
                }
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(auto);
            }
        } catch (SQLException e) {
            throw RelationalPush.failure("running " + String.join("; ", statements) + " on " + push.target(), e);
        }
    }
}
