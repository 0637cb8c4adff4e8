package dev.cardinal.engine;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;

/**
 * The two relational dialects rollup tables are generated for. They differ in quoting (backticks and doubled
 * backticks in MariaDB, double quotes and doubled quotes in PostgreSQL), in name length (64 characters;
 * 63 bytes, beyond which PostgreSQL silently truncates), in types and in the upsert.
 */
public enum SqlDialect {
    MARIADB, POSTGRESQL;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** MariaDB or PostgreSQL: the engines the SQL is checked on (MySQL lacks MariaDB's exact collation: {@link #scriptHeader}). */
    public String product() {
        return this == MARIADB ? "MariaDB" : "PostgreSQL";
    }

    /** A quoted identifier; names too long for the dialect are cut and given a hash suffix, so two never collide. */
    public String identifier(String name) {
        String n = fit(name);
        return this == MARIADB ? '`' + n.replace("`", "``") + '`' : '"' + n.replace("\"", "\"\"") + '"';
    }

    /** The name as this engine stores it: cut to its identifier limit with a checksum suffix when longer. */
    public String storedName(String name) {
        return fit(name);
    }

    private String fit(String name) {
        if (name.indexOf('\0') >= 0) {
            throw new UnwritableNameException("a name with a NUL character cannot be a " + id() + " identifier: "
                + CommentText.shown(name));
        }
        if (this == MARIADB && name.codePoints().anyMatch(Character::isSupplementaryCodePoint)) {
            // the data dictionary stores names as utf8mb3: the server answers "Invalid utf8mb3 character string"
            throw new UnwritableNameException("the name '" + CommentText.shown(name) + "' cannot be a MariaDB identifier:"
                + " those hold characters of the Basic Multilingual Plane only");
        }
        if (this == MARIADB && name.contains("\r\n")) {
            // the mariadb/mysql client reads a file line by line and drops the CR of a CR LF, inside quotes too: the
            // file would make another name than push makes through JDBC (measured with MariaDB 10.11's client)
            throw new UnwritableNameException("the name '" + CommentText.shown(name) + "' cannot be a MariaDB identifier"
                + " in a SQL file: the client drops the carriage return of a CR LF in it");
        }
        int max = this == MARIADB ? 64 : 63;
        boolean fits = this == MARIADB ? name.codePointCount(0, name.length()) <= max
            : name.getBytes(StandardCharsets.UTF_8).length <= max;
        // MariaDB refuses a name ending in white space ("Incorrect column name"), a line break included
        boolean trailingSpace = !name.isEmpty() && Character.isWhitespace(name.codePointBefore(name.length()));
        if (fits && !(this == MARIADB && trailingSpace)) {
            return name;
        }
        CRC32 crc = new CRC32();
        crc.update(name.getBytes(StandardCharsets.UTF_8));
        String suffix = String.format(Locale.ROOT, "_%08x", crc.getValue());
        StringBuilder cut = new StringBuilder();
        int budget = max - suffix.length();
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            String ch = new String(Character.toChars(cp));
            int cost = this == MARIADB ? 1 : ch.getBytes(StandardCharsets.UTF_8).length;
            if (budget - cost < 0) {
                break;
            }
            budget -= cost;
            cut.append(ch);
            i += Character.charCount(cp);
        }
        return cut.toString().stripTrailing() + suffix;
    }

    public String text(int maxLength) {
        return "VARCHAR(" + maxLength + ")";
    }

    /**
     * A text column that compares exactly, for keys. MariaDB's default collation is case- and accent-insensitive and
     * ignores trailing spaces ({@code 'cpu' = 'CPU '} is true), so {@code cpu} and {@code CPU} would share one key
     * where InfluxDB keeps them apart; its binary no-pad collation tells them apart. PostgreSQL's deterministic
     * collations already do.
     */
    public String exactText(int maxLength) {
        return this == MARIADB ? text(maxLength) + " CHARACTER SET utf8mb4 COLLATE " + EXACT_COLLATION : text(maxLength);
    }

    /** The MariaDB collation of {@link #exactText}. */
    public static final String EXACT_COLLATION = "utf8mb4_nopad_bin";
    /**
     * What the MariaDB scripts say first: {@link #EXACT_COLLATION} is MariaDB's (10.2 and later), and MySQL has no
     * collation of that name, so a MySQL user is told before the first statement fails rather than by it.
     */
    public static final String MARIADB_ONLY = "for MariaDB 10.2 or later (checked on MariaDB 10.11); MySQL has no "
        + EXACT_COLLATION + " collation (its exact, no-pad one is utf8mb4_0900_bin, MySQL 8.0.17 or later; not checked here)";

    /** The first line of a script for this engine: where it was checked, when another engine would refuse it. */
    public String scriptHeader() {
        return this == MARIADB ? commentLine(MARIADB_ONLY) : "";
    }

    /** A line of a SQL script that says {@code text} (a comment, with its line break). */
    public static String commentLine(String text) {
        return Language.SQL.comment(text) + "\n";
    }

    /**
     * What a primary key carries beside its columns so a report reads the key alone. InnoDB keeps MariaDB's rows in key
     * order, so a range of the key is a range of rows; a PostgreSQL heap keeps them in the order the daily job wrote
     * them, a day at a time, so one listing's year is a row on each of 365 pages, and the planner scans the whole table
     * instead (measured: 2.2 s for a year of 1,000 listings out of 6.9 million rows). With the values included in the
     * key's index the same report is an index-only range read per listing (plans in rollup-reports.md).
     */
    public String keyIncludes(List<String> values) {
        return this == POSTGRESQL && !values.isEmpty()
            ? " INCLUDE (" + String.join(", ", values.stream().map(this::identifier).toList()) + ")" : "";
    }

    public String bigint() {
        return "BIGINT";
    }

    public String dbl() {
        return this == MARIADB ? "DOUBLE" : "DOUBLE PRECISION";
    }

    public String date() {
        return "DATE";
    }

    public String timestamp() {
        return this == MARIADB ? "DATETIME(6)" : "TIMESTAMP";
    }

    /** Insert, or overwrite the non-key columns when the key exists: running a day twice never doubles it. */
    public String upsert(String table, List<String> keys, List<String> columns) {
        StringBuilder sb = new StringBuilder("INSERT INTO ").append(identifier(table)).append(" (");
        List<String> all = new java.util.ArrayList<>(keys);
        all.addAll(columns);
        sb.append(String.join(", ", all.stream().map(this::identifier).toList())).append(") VALUES (")
            .append(String.join(", ", all.stream().map(c -> "?").toList())).append(')');
        if (this == MARIADB) {
            sb.append(" ON DUPLICATE KEY UPDATE ").append(String.join(", ", columns.stream()
                .map(c -> identifier(c) + " = VALUES(" + identifier(c) + ")").toList()));
        } else {
            sb.append(" ON CONFLICT (").append(String.join(", ", keys.stream().map(this::identifier).toList()))
                .append(") DO UPDATE SET ").append(String.join(", ", columns.stream()
                    .map(c -> identifier(c) + " = EXCLUDED." + identifier(c)).toList()));
        }
        return sb.toString();
    }
}
