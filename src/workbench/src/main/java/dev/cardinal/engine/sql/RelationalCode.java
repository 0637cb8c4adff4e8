package dev.cardinal.engine.sql;

import dev.cardinal.engine.Artefact;
import dev.cardinal.engine.Artefacts;
import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.FileStems;
import dev.cardinal.engine.Language;
import dev.cardinal.engine.Slots;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Template;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The relational targets' generated code (MariaDB, PostgreSQL): the slot writer and the slot tables with their
 * allocation protocol, and each rollup's summary table, once every engine's layout code is listed.
 */
public final class RelationalCode implements CodeGenerator {
    @Override
    public void layoutCode(CodeRequest r, Artefacts out) {
        // a relational target holds no layout of its own: only what the layout's slots and rollups need
    }

    @Override
    public void rollupCode(CodeRequest r, Artefacts out) {
        Layout l = r.layout();
        String base = r.stem();
        if (SlotWriter.applies(l)) {
            String slotWriter = SlotWriter.className(l);
            out.attempt(slotWriter + ".java", () -> out.put(slotWriter + ".java", SlotWriter.java(r.kind(), l, r.sample(), slotWriter),
                "the slot writer in Java (JDK and JDBC only): `slotOf` and `nameOf` translate names to slots and back"
                    + " through the slot tables behind an LRU cache; `fields` lays a scope's names and values out under the"
                    + " slot keys.", Language.JAVA));
        }
        // two ways of slotting whose names slug alike ("a b", "a-b") get files of their own, numbered in field order
        Map<String, Template.SlotRef> slots = new LinkedHashMap<>();
        for (FieldSpec f : l.fields()) {
            for (Template.SlotRef slot : Slots.slots(f.key())) {
                slots.putIfAbsent(SlotTables.name(l, slot), slot);
            }
        }
        Map<String, String> slotFiles = FileStems.of(List.copyOf(slots.keySet()));
        slots.forEach((tables, slot) -> {
            for (SqlDialect d : SqlDialect.values()) {
                String name = base + ".slots-" + slotFiles.get(tables) + "." + d.id() + ".sql";
                out.attempt(name, () -> out.put(new Artefact(name,
                    SlotTables.generate(d, slot, r.kind(), r.sample(), SlotTables.prefix(l, slot)).text(),
                    "the slot mapping and counter tables with the allocation protocol, for " + d.product() + ".", Language.SQL, d)));
            }
        });
        for (Rollup rollup : r.workspace().rollups()) {
            if (rollup.layout().equals(l.id()) && rollup.destination().kind() == Rollup.DestinationKind.RELATIONAL_TABLE) {
                for (SqlDialect d : SqlDialect.values()) {
                    String stem = r.rollupStems().get(rollup.id()) + "." + d.id();
                    out.attempt(stem + ".sql", () -> out.put(new Artefact(stem + ".sql",
                        SqlGenerator.generate(d, rollup, r.kind(), r.sample()).script(), "the rollup's summary table for " + d.product()
                        + ", a script that runs whole: `" + client(d, stem + ".sql") + "`.", Language.SQL, d)));
                    out.attempt(stem + ".statements.txt", () -> out.put(new Artefact(
                        stem + ".statements.txt", SqlGenerator.generate(d, rollup, r.kind(), r.sample()).statements(), "the statements the"
                        + " daily job and the reports prepare through a driver (`?` parameters), for " + d.product()
                        + "; not a script.", Language.SQL, d)));
                }
            }
        }
    }

    /** How the engine's own client runs a script, stopping at the first error. */
    private static String client(SqlDialect d, String file) {
        return d == SqlDialect.MARIADB ? "mariadb DATABASE < " + file : "psql -v ON_ERROR_STOP=1 -d DATABASE -f " + file;
    }
}
