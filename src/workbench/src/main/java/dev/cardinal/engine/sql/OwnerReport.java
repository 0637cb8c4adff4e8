package dev.cardinal.engine.sql;

import static dev.cardinal.engine.SqlDialect.commentLine;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.Rollup;
import java.util.List;

/**
 * The report per owner: a year of one account's listings, the seed's promise. The owner's table maps each value of
 * the rollup's first group column (a listing) to its owner (an account). Its index on (owner, id) hands the report
 * the owner's ids in one range read, and the summary's primary key, which starts with the id and the window, hands
 * each id's year in another: the engine reads the owner's rows and no others, on MariaDB and PostgreSQL alike
 * (nested loop over index range reads; plans and timings in {@code src/site/markdown/rollup-reports.md}).
 */
final class OwnerReport {
    /** What the script says above the owner's table. */
    static final String TABLES_COMMENT = "the owner's table, one row per owned id with its owner's id, made if missing (an"
        + " existing one is used as it is), and its index by owner, which makes the report per owner read only the"
        + " owner's rows";

    private OwnerReport() {
    }

    /**
     * The owner's table and its index by owner, both made only if missing.
     *
     * @param id        the summary's first column: the owned ids
     * @param ownerType the column type of the owner's id
     */
    static List<String> tables(SqlDialect d, Rollup.Owner owner, SqlGenerator.Column id, String ownerType) {
        if (owner.column().equals(id.name())) {
            throw new IllegalArgumentException("the owner's id column '" + owner.column() + "' is the name of the ids it owns");
        }
        String table = d.identifier(owner.table());
        String create = "CREATE TABLE IF NOT EXISTS " + table + " (\n  " + d.identifier(id.name()) + " " + id.type()
            + " NOT NULL,\n  " + d.identifier(owner.column()) + " " + ownerType + " NOT NULL,\n  PRIMARY KEY ("
            + d.identifier(id.name()) + ")\n)";
        String index = "CREATE INDEX IF NOT EXISTS " + d.identifier(owner.table() + "_by_" + owner.column()) + " ON " + table
            + " (" + d.identifier(owner.column()) + ", " + d.identifier(id.name()) + ")";
        return List.of(create, index);
    }

    /**
     * One owner's report over a range of windows, a row per owned id: parameters the owner's id, from (inclusive),
     * to (exclusive).
     *
     * @param selects the report's columns over the summary aliased {@code s}
     */
    static String report(SqlDialect d, Rollup.Owner owner, String summary, String id, String window, String selects) {
        if (owner.table().equals(summary)) {
            throw new IllegalArgumentException("the owner's table '" + owner.table() + "' is the rollup's summary table");
        }
        String ownedId = "s." + d.identifier(id);
        String w = "s." + d.identifier(window);
        return "SELECT " + selects + " FROM " + d.identifier(owner.table()) + " o JOIN " + d.identifier(summary) + " s ON "
            + ownedId + " = o." + d.identifier(id) + " WHERE o." + d.identifier(owner.column()) + " = ? AND " + w + " >= ? AND "
            + w + " < ? GROUP BY " + ownedId + " ORDER BY " + ownedId;
    }

    /** The comment above the report per owner in the statement templates. */
    static String comment(String id) {
        return commentLine("the report for one owner, a row per " + id + " it owns (parameters: the owner's id, from, to):"
            + " range reads of the owner's index and of the summary's key, whatever the table's size");
    }
}
