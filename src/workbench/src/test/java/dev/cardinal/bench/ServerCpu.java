package dev.cardinal.bench;

import dev.cardinal.engine.SqlDialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * What a query cost the database server in CPU, for benchmarks on a machine other processes share: the CPU time of
 * the server thread or process that answered, read from {@code /proc} (the servers run on this machine).
 */
final class ServerCpu {
    private ServerCpu() {
    }

    /** Linux's clock ticks per second, the unit of a thread's CPU time in {@code /proc} ({@code getconf CLK_TCK}). */
    static final int TICKS_PER_SECOND = 100;

    /**
     * CPU ticks of each thread of the server that answers {@code c}, read from {@code /proc}: PostgreSQL's backend
     * process of the connection, or every thread of {@code mariadbd} (one per connection). Wall time on a machine
     * shared with other builds says how long a user waited; this says what the query costs the server.
     */
    static Map<String, Long> ticks(Connection c, SqlDialect d) throws Exception {
        Map<String, Long> ticks = new HashMap<>();
        if (d == SqlDialect.POSTGRESQL) {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
                rs.next();
                ticks.put("backend", threadTicks(Path.of("/proc", rs.getString(1), "stat")));
            }
            return ticks;
        }
        try (var tasks = Files.list(Path.of("/proc", mariadbd(), "task"))) {
            for (Path t : tasks.toList()) {
                ticks.put(t.getFileName().toString(), threadTicks(t.resolve("stat")));
            }
        }
        return ticks;
    }

    /** The process id of the local MariaDB server (its pid file is not where {@code @@pid_file} says here). */
    private static String mariadbd() throws java.io.IOException {
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(x -> x.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    if (Files.readString(p.resolve("comm")).strip().equals("mariadbd")) {
                        return p.getFileName().toString();
                    }
                } catch (java.io.IOException gone) {
                    // a process that ended while the list was read
                }
            }
        }
        throw new IllegalStateException("no mariadbd process on this machine");
    }

    /** User plus system ticks of a thread: fields 14 and 15 of its stat line, counted after the command's parenthesis. */
    private static long threadTicks(Path stat) {
        try {
            String line = Files.readString(stat);
            String[] f = line.substring(line.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (java.io.IOException e) {
            return 0; // the thread ended between listing and reading
        }
    }

    /** The largest growth of one thread between two readings: the thread that ran the query. */
    static long busiest(Map<String, Long> before, Map<String, Long> after) {
        long most = 0;
        for (Map.Entry<String, Long> e : after.entrySet()) {
            most = Math.max(most, e.getValue() - before.getOrDefault(e.getKey(), e.getValue()));
        }
        return most;
    }
}
