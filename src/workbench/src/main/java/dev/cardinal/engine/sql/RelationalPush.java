package dev.cardinal.engine.sql;

import dev.cardinal.engine.Applied;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PlanStep;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Rollup summary tables on MariaDB or PostgreSQL through JDBC: plan (a missing table is created, missing
 * columns added, a different primary key is a conflict; columns the server has beyond the plan are left alone),
 * apply, and the sample's rollup upserted (running it again overwrites the same rows).
 */
public final class RelationalPush implements PushTarget, dev.cardinal.engine.RollupUpsert {
    private static final int BATCH = 1_000;

    private final Connection connection;
    private final SqlDialect dialect;
    private final String where;
    private final Map<String, EventKindSample> samples;

    /**
     * @param connection open, with its catalog (MariaDB) or schema (PostgreSQL) set to where the tables go
     * @param samples    event kind to its sample, to size text columns as {@code cardinal generate} does (may be empty)
     */
    public RelationalPush(Connection connection, SqlDialect dialect, String where, Map<String, EventKindSample> samples) {
        this.connection = connection;
        this.dialect = dialect;
        this.where = where;
        this.samples = Map.copyOf(samples);
    }

    /** Connects and selects {@code database} (MariaDB database, PostgreSQL schema); the password array is not kept. */
    public static Connection connect(String jdbcUrl, SqlDialect dialect, String database, String user, char[] password)
        throws IOException {
        try {
            Properties props = new Properties();
            if (user != null) {
                props.setProperty("user", user);
            }
            if (password != null) {
                props.setProperty("password", new String(password));
            }
            Connection c = DriverManager.getConnection(jdbcUrl, props);
            if (dialect == SqlDialect.MARIADB) {
                c.setCatalog(database);
            } else {
                c.setSchema(database);
            }
            return c;
        } catch (SQLException e) {
            throw failure("connecting to " + jdbcUrl, e);
        }
    }

    /** The rollups of the layouts that go to a relational table, with their generated SQL. */
    private List<Map.Entry<Rollup, SqlGenerator.Script>> scripts(Workspace ws, List<Layout> layouts) {
        List<Map.Entry<Rollup, SqlGenerator.Script>> out = new ArrayList<>();
        for (Layout layout : layouts) {
            for (Rollup r : ws.rollups()) {
                if (r.layout().equals(layout.id()) && r.destination().kind() == Rollup.DestinationKind.RELATIONAL_TABLE) {
                    out.add(Map.entry(r, script(ws, layout, r)));
                }
            }
        }
        return out;
    }

    /** The generated SQL of rollup {@code r} over {@code layout}'s event kind. */
    SqlGenerator.Script script(Workspace ws, Layout layout, Rollup r) {
        EventKind kind = ws.eventKind(layout.eventKind()).orElseThrow(() ->
            new IllegalArgumentException("layout " + layout.id() + " names event kind " + layout.eventKind() + ", which the workspace lacks"));
        return SqlGenerator.generate(dialect, r, kind, samples.get(kind.name()));
    }

    SqlDialect dialect() {
        return dialect;
    }

    Connection connection() {
        return connection;
    }

    @Override
    public String target() {
        return where;
    }

    @Override
    public Plan plan(Workspace ws, List<Layout> layouts) throws IOException {
        List<PlanStep> steps = new ArrayList<>();
        try {
            for (var e : scripts(ws, layouts)) {
                steps.add(table(e.getKey(), e.getValue()));
            }
        } catch (SQLException e) {
            throw failure("reading the tables of " + where, e);
        }
        if (steps.isEmpty()) {
            steps.add(PlanStep.unchanged("tables", "no rollup of these layouts goes to a relational table"));
        }
        return new Plan(where, steps);
    }

    PlanStep table(Rollup r, SqlGenerator.Script script) throws SQLException {
        String subject = "table " + script.table();
        String why = "rollup " + r.name();
        Map<String, String> live = columns(script.table());
        if (live.isEmpty()) {
            return new PlanStep(PlanStep.Action.CREATE, subject, List.of(script.createTable()), why + ": not on the server", false);
        }
        List<String> key = primaryKey(script.table());
        List<String> wantKey = script.key().stream().map(dialect::storedName).map(RelationalPush::folded).toList();
        if (!key.equals(wantKey)) {
            return PlanStep.conflict(subject, why + ": the table's primary key is (" + String.join(", ", key)
                + "), the rollup needs (" + String.join(", ", wantKey) + "): upserts would not replace rows");
        }
        List<String> add = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (SqlGenerator.Column c : script.columns()) {
            if (!live.containsKey(folded(dialect.storedName(c.name())))) {
                missing.add(c.name());
                add.add("ALTER TABLE " + dialect.identifier(script.table()) + " ADD COLUMN " + dialect.identifier(c.name())
                    + " " + c.type());
            }
        }
        List<String> inexact = new ArrayList<>();
        for (Map.Entry<String, Integer> k : inexactKeys(script).entrySet()) {
            inexact.add(k.getKey());
            add.add("ALTER TABLE " + dialect.identifier(script.table()) + " MODIFY COLUMN " + dialect.identifier(k.getKey())
                + " " + dialect.exactText(k.getValue()) + " NOT NULL");
        }
        List<String> reasons = new ArrayList<>();
        if (!missing.isEmpty()) {
            reasons.add("missing column(s) " + String.join(", ", missing));
        }
        if (!inexact.isEmpty()) {
            reasons.add("key column(s) " + String.join(", ", inexact) + " compare without case, accents or trailing spaces"
                + " (cpu, CPU and 'cpu ' would be one key)");
        }
        if (add.isEmpty()) {
            return PlanStep.unchanged(subject, why + ": has every column" + (live.size() > script.columns().size()
                ? " (and " + (live.size() - script.columns().size()) + " more, left alone)" : ""));
        }
        return new PlanStep(PlanStep.Action.ALTER, subject, add, why + ": " + String.join("; ", reasons), false);
    }

    /**
     * MariaDB text key columns of the summary table (name to length) whose collation is not the exact one the generated
     * table has (a table made by hand or by an older Cardinal): an upsert would merge keys InfluxDB keeps apart.
     * Making such a column exact never makes two of its rows one key, so it is an ALTER, not a conflict.
     */
    private Map<String, Integer> inexactKeys(SqlGenerator.Script script) throws SQLException {
        Map<String, Integer> out = new LinkedHashMap<>();
        if (dialect != SqlDialect.MARIADB) {
            return out;
        }
        List<String> keys = script.key().stream().map(dialect::storedName).map(RelationalPush::folded).toList();
        try (PreparedStatement ps = connection.prepareStatement("SELECT COLUMN_NAME, CHARACTER_MAXIMUM_LENGTH, COLLATION_NAME"
            + " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION")) {
            ps.setString(1, dialect.storedName(script.table()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String collation = rs.getString(3);
                    if (collation != null && !collation.equals(SqlDialect.EXACT_COLLATION) && keys.contains(folded(rs.getString(1)))) {
                        out.put(rs.getString(1), rs.getInt(2));
                    }
                }
            }
        }
        return out;
    }

    /** Column name (folded) to type name, in table order; empty when there is no such table. */
    private Map<String, String> columns(String table) throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        Map<String, String> out = new LinkedHashMap<>();
        try (ResultSet rs = md.getColumns(catalog(), schema(), escapeLike(md, dialect.storedName(table)), "%")) {
            while (rs.next()) {
                out.put(folded(rs.getString("COLUMN_NAME")), rs.getString("TYPE_NAME"));
            }
        }
        return out;
    }

    private List<String> primaryKey(String table) throws SQLException {
        Map<Integer, String> byPosition = new TreeMap<>();
        try (ResultSet rs = connection.getMetaData().getPrimaryKeys(catalog(), schema(), dialect.storedName(table))) {
            while (rs.next()) {
                byPosition.put(rs.getInt("KEY_SEQ"), folded(rs.getString("COLUMN_NAME")));
            }
        }
        return List.copyOf(byPosition.values());
    }

    private String catalog() throws SQLException {
        return dialect == SqlDialect.MARIADB ? connection.getCatalog() : null;
    }

    private String schema() throws SQLException {
        return dialect == SqlDialect.MARIADB ? null : connection.getSchema();
    }

    private static String escapeLike(DatabaseMetaData md, String name) throws SQLException {
        String esc = md.getSearchStringEscape();
        return name.replace(esc, esc + esc).replace("_", esc + "_").replace("%", esc + "%");
    }

    /** MariaDB compares column names without case; quoted PostgreSQL names keep theirs. */
    private static String folded(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    @Override
    public Applied apply(Plan plan, Collection<String> allowed, PushMonitor monitor) throws IOException, InterruptedException {
        try (Statement st = connection.createStatement()) {
            return Applied.run(plan, allowed, monitor, sql -> {
                try {
                    st.execute(sql);
                } catch (SQLException e) {
                    throw failure("running " + sql + " on " + where, e);
                }
            });
        } catch (SQLException e) {
            throw failure("applying the plan on " + where, e);
        }
    }

    /**
     * Computes each rollup of the layouts over its sample and upserts the rows, a transaction per batch; running it
     * again overwrites the same rows.
     */
    @Override
    public List<Upserted> upsertRollups(Workspace ws, List<Layout> layouts, PushMonitor monitor) throws IOException {
        List<Upserted> out = new ArrayList<>();
        for (var e : scripts(ws, layouts)) {
            out.add(upsertRollup(ws.layout(e.getKey().layout()).map(Layout::eventKind).orElse(""), e.getKey(), e.getValue(), monitor));
        }
        return out;
    }

    /** One rollup of the sample of {@code eventKind} upserted into its table (the one {@code script} names). */
    Upserted upsertRollup(String eventKind, Rollup r, SqlGenerator.Script script, PushMonitor monitor) throws IOException {
        EventKindSample sample = samples.get(eventKind);
        if (sample == null) {
            throw new IllegalArgumentException("no sample traffic for rollup " + r.name());
        }
        RollupRows.Result rows = RollupRows.compute(script, r, sample);
        try {
            upsert(script, rows.rows(), monitor);
            return new Upserted(script.table(), rows.rows().size(), rows.rowsWithoutKey(), count(script.table()));
        } catch (SQLException ex) {
            throw failure("upserting into " + script.table() + " on " + where, ex);
        }
    }

    private void upsert(SqlGenerator.Script script, List<Object[]> rows, PushMonitor monitor) throws SQLException {
        boolean auto = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (PreparedStatement ps = connection.prepareStatement(script.upsert())) {
            int n = 0;
            for (Object[] row : rows) {
                for (int c = 0; c < row.length; c++) {
                    ps.setObject(c + 1, row[c]);
                }
                ps.addBatch();
                if (++n % BATCH == 0 || n == rows.size()) {
                    ps.executeBatch();
                    connection.commit();
                    monitor.progress("upserting into " + script.table(), n, rows.size());
                }
            }
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(auto);
        }
    }

    long count(String table) throws SQLException {
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + dialect.identifier(table))) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** An SQL failure as an IOException that says what was being done, with the server's SQLState and message. */
    static IOException failure(String what, SQLException e) {
        String state = e.getSQLState() == null ? "" : " [SQLState " + e.getSQLState() + "]";
        return new IOException(what + ": " + e.getMessage() + state, e);
    }

    @Override
    public void close() throws IOException {
        try {
            connection.close();
        } catch (SQLException e) {
            throw failure("closing the connection to " + where, e);
        }
    }
}
