package dev.cardinal.engine.sql;

import static dev.cardinal.engine.SqlDialect.commentLine;

import dev.cardinal.engine.Slots;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.UnwritableNameException;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Template;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.SchemaInference;
import java.util.ArrayList;
import java.util.List;

/**
 * The relational side of the fixed-slot pattern: a mapping table (scope + value -> slot) whose unique constraints
 * make a slot belong to one value and a value hold one slot, and a counter per scope whose row lock serialises
 * allocation. Allocating, in one transaction: look the value up; else take the next slot from the counter (refused
 * once the scope has used all its slots) and insert the mapping; if a concurrent writer mapped the value first, the
 * insert fails on the key, the transaction rolls back (the counter too) and the lookup finds its slot.
 */
public final class SlotTables {

    /**
     * @param lookup   parameters: scope values..., value; returns the slot
     * @param ensure   parameters: scope values...; makes the scope's counter row if missing
     * @param take     parameters: scope values...; moves the counter on (0 rows: the scope is full). PostgreSQL
     *                 returns the new slot; MariaDB reads it with {@code current}
     * @param current  parameters: scope values...; the counter (MariaDB, after {@code take}, same transaction)
     * @param insert   parameters: scope values..., value, slot
     * @param reverse  parameters: scope values..., slot; returns the value that holds the slot (reading results back)
     */
    public record Script(SqlDialect dialect, String mapTable, String counterTable, List<String> scope, String value, int max,
                         String createMap, String createCounter, String lookup, String ensure, String take,
                         String current, String insert, String reverse) {
        public String text() {
            String per = String.join(", ", scope);
            return dialect.scriptHeader() + commentLine("which " + value + " holds which slot, per " + per) + createMap + ";\n\n"
                + commentLine("the next free slot per " + per + "; its row lock serialises allocation") + createCounter + ";\n\n"
                + commentLine("allocate, in one transaction: 1. look up") + lookup + ";\n"
                + commentLine("2. if absent: make sure the counter exists, take the next slot (0 rows updated: all " + max + " slots used)")
                + ensure + ";\n" + take + ";\n" + (current.isEmpty() ? "" : current + ";\n")
                + commentLine("3. map it; a duplicate key means another writer mapped it first: roll back and look up again") + insert + ";\n";
        }
    }

    private SlotTables() {
    }

    /**
     * The table name prefix of {@code slot}'s tables for {@code layout}: the generated SQL creates them under it and the
     * slot writer uses them, so both must name them the same.
     */
    public static String prefix(Layout layout, Template.SlotRef slot) {
        return SchemaInference.slug(layout.id()).replace('-', '_') + "_" + name(layout, slot);
    }

    /**
     * The name of {@code slot}'s tables and files within {@code layout}: the attribute, or, when the layout's field keys
     * slot the attribute in more than one way (another scope or maximum), the attribute with its scope (and maximum
     * when the scopes are the same), so that each way gets tables and files of its own.
     */
    public static String name(Layout layout, Template.SlotRef slot) {
        List<Template.SlotRef> ways = layout.fields().stream().flatMap(f -> Slots.slots(f.key()).stream())
            .filter(s -> s.attribute().equals(slot.attribute())).distinct().toList();
        if (ways.size() <= 1) {
            return slot.attribute();
        }
        String name = slot.attribute() + "_per_" + (slot.scope().isEmpty() ? "layout" : String.join("_", slot.scope()));
        boolean sameScope = ways.stream().filter(s -> s.scope().equals(slot.scope())).count() > 1;
        return sameScope ? name + "_max_" + slot.max() : name;
    }

    /**
     * @throws UnwritableNameException when the slot has no {@code max=}: a counter without a bound could never be
     *                                 refused, and a range check of 1 to 0 refuses every slot
     */
    public static Script generate(SqlDialect d, Template.SlotRef slot, EventKind kind, EventKindSample sample, String prefix) {
        if (slot.max() == 0) {
            throw unbounded(slot);
        }
        String map = prefix + "_slot_map";
        String counter = prefix + "_slot_counter";
        List<String> scope = slot.scope();
        String value = slot.attribute();
        StringBuilder createMap = new StringBuilder("CREATE TABLE ").append(d.identifier(map)).append(" (\n");
        for (String s : scope) {
            createMap.append("  ").append(d.identifier(s)).append(' ').append(text(d, sample, s)).append(" NOT NULL,\n");
        }
        createMap.append("  ").append(d.identifier(value)).append(' ').append(text(d, sample, value))
            .append(" NOT NULL,\n  ").append(d.identifier("slot")).append(" INT NOT NULL,\n");
        List<String> scopeIds = scope.stream().map(d::identifier).toList();
        List<String> key = new ArrayList<>(scopeIds);
        key.add(d.identifier(value));
        List<String> slotKey = new ArrayList<>(scopeIds);
        slotKey.add(d.identifier("slot"));
        createMap.append("  PRIMARY KEY (").append(String.join(", ", key)).append("),\n")
            .append("  CONSTRAINT ").append(d.identifier(map + "_one_value_per_slot")).append(" UNIQUE (").append(String.join(", ", slotKey)).append("),\n")
            .append("  CONSTRAINT ").append(d.identifier(map + "_slot_range")).append(" CHECK (").append(d.identifier("slot"))
            .append(" BETWEEN 1 AND ").append(slot.max()).append(")\n)");
        // without a scope there is one counter: a row with id 1
        StringBuilder createCounter = new StringBuilder("CREATE TABLE ").append(d.identifier(counter)).append(" (\n");
        for (String s : scope) {
            createCounter.append("  ").append(d.identifier(s)).append(' ').append(text(d, sample, s)).append(" NOT NULL,\n");
        }
        if (scope.isEmpty()) {
            createCounter.append("  ").append(d.identifier("id")).append(" INT NOT NULL,\n");
        }
        createCounter.append("  ").append(d.identifier("next_slot")).append(" INT NOT NULL,\n  PRIMARY KEY (")
            .append(scope.isEmpty() ? d.identifier("id") : String.join(", ", scopeIds)).append(")\n)");
        String scopeWhere = scope.isEmpty() ? d.identifier("id") + " = 1" : String.join(" AND ", scopeIds.stream().map(s -> s + " = ?").toList());
        String lookup = "SELECT " + d.identifier("slot") + " FROM " + d.identifier(map) + " WHERE "
            + (scope.isEmpty() ? "" : String.join(" AND ", scopeIds.stream().map(s -> s + " = ?").toList()) + " AND ")
            + d.identifier(value) + " = ?";
        List<String> counterCols = new ArrayList<>(scope.isEmpty() ? List.of(d.identifier("id")) : scopeIds);
        counterCols.add(d.identifier("next_slot"));
        String values = scope.isEmpty() ? "1, 0" : String.join(", ", scope.stream().map(s -> "?").toList()) + ", 0";
        String next = d.identifier("next_slot");
        // not MariaDB's INSERT IGNORE: it stores a value too long for its column cut short, with a warning, so the take
        // that follows finds no counter for the whole value and the scope looks full; this fails with "too long"
        String ensure = "INSERT INTO " + d.identifier(counter) + " (" + String.join(", ", counterCols) + ") VALUES (" + values + ")"
            + (d == SqlDialect.POSTGRESQL ? " ON CONFLICT DO NOTHING" : " ON DUPLICATE KEY UPDATE " + next + " = " + next);
        String take = "UPDATE " + d.identifier(counter) + " SET " + next + " = " + next + " + 1 WHERE " + scopeWhere + " AND "
            + next + " < " + slot.max() + (d == SqlDialect.POSTGRESQL ? " RETURNING " + next : "");
        String current = d == SqlDialect.MARIADB
            ? "SELECT " + next + " FROM " + d.identifier(counter) + " WHERE " + scopeWhere : "";
        List<String> insertCols = new ArrayList<>(key);
        insertCols.add(d.identifier("slot"));
        String insert = "INSERT INTO " + d.identifier(map) + " (" + String.join(", ", insertCols) + ") VALUES ("
            + String.join(", ", insertCols.stream().map(c -> "?").toList()) + ")";
        String reverse = "SELECT " + d.identifier(value) + " FROM " + d.identifier(map) + " WHERE "
            + String.join("", scopeIds.stream().map(s -> s + " = ? AND ").toList()) + d.identifier("slot") + " = ?";
        return new Script(d, map, counter, scope, value, slot.max(), createMap.toString(), createCounter.toString(), lookup,
            ensure, take, current, insert, reverse);
    }

    /** The refusal of a slot without {@code max=}, for the tables and the slot writer alike. */
    static UnwritableNameException unbounded(Template.SlotRef slot) {
        return new UnwritableNameException("the slot of " + slot.attribute() + " has no max=: the slot tables cannot bound it");
    }

    /** A text column that compares exactly (see {@link SqlDialect#exactText}): {@code cpu} and {@code CPU} get a slot each. */
    private static String text(SqlDialect d, EventKindSample sample, String attribute) {
        return d.exactText(SqlGenerator.textLength(sample, attribute));
    }
}
