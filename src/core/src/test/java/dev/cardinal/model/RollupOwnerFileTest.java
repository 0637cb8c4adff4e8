package dev.cardinal.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A rollup's owner (issue 30, part 2) is saved and read back; a wrong one is refused with its JSON path. */
class RollupOwnerFileTest {
    private static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    private static String withOwner(String owner) throws Exception {
        String text = Files.readString(ADS);
        return text.replaceFirst("\"formatVersion\" *: *\\d+", "\"formatVersion\": 4")
            .replaceFirst("(\"destination\" *: *\\{[^}]*\\})", "$1, \"owner\": " + owner);
    }

    private static List<String> problems(String text) {
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read(text.getBytes(StandardCharsets.UTF_8), "w"));
        return e.problems().stream().map(p -> p.toString().replaceAll(" \\(line \\d+\\)$", "")).toList();
    }

    @Test
    void anOwnerIsWrittenAsFormat4AndReadBack() throws Exception {
        Workspace ws = WorkspaceReader.read(withOwner("{\"table\": \"listing\", \"column\": \"account_id\", \"type\": \"integer\"}")
            .getBytes(StandardCharsets.UTF_8), "w").workspace();
        assertEquals(new Rollup.Owner("listing", "account_id", ValueType.INTEGER), ws.rollups().get(0).owner());
        assertEquals(4, ws.formatVersion(), "a format-3 reader would drop the owner on its next save");
        byte[] written = WorkspaceWriter.write(ws);
        WorkspaceReader.Loaded back = WorkspaceReader.read(written, "w");
        assertEquals(ws, back.workspace());
        assertEquals(List.of(), back.warnings());
        assertArrayEquals(written, WorkspaceWriter.write(back.workspace()));
        // without an owner the workspace stays in the format older builds read
        Workspace plain = WorkspaceFiles.load(ADS).workspace();
        assertNull(plain.rollups().get(0).owner());
        assertEquals(1, plain.formatVersion());
    }

    @Test
    void theOwnersTypeIsAStringUnlessSaid() throws Exception {
        Workspace ws = WorkspaceReader.read(withOwner("{\"table\": \"listing\", \"column\": \"account_id\"}")
            .getBytes(StandardCharsets.UTF_8), "w").workspace();
        assertEquals(ValueType.STRING, ws.rollups().get(0).owner().type());
    }

    @Test
    void aWrongOwnerIsRefusedWhereItIs() throws Exception {
        assertEquals(List.of("rollups[0].owner.table: missing (expected a string)"),
            problems(withOwner("{\"column\": \"account_id\"}")));
        assertEquals(List.of("rollups[0].owner.column: the owner's id column 'listing_id' is the name of the ids it owns"
                + " (groupBy[0]): give the owner's id a name of its own"),
            problems(withOwner("{\"table\": \"listing\", \"column\": \"listing_id\"}")));
        assertEquals(List.of("rollups[0].owner.table: the owner's table 'listing_daily' is the rollup's summary table:"
                + " name the entity table that maps each listing_id to its owner"),
            problems(withOwner("{\"table\": \"listing_daily\", \"column\": \"account_id\"}")));
        assertEquals("rollups[0].owner.type: unknown value type 'text' (expected one of string, integer, unsigned, float,"
            + " boolean)", problems(withOwner("{\"table\": \"listing\", \"column\": \"account_id\", \"type\": \"text\"}")).get(0));
        assertEquals(List.of("rollups[0].owner: expected an object, found string"), problems(withOwner("\"listing\"")));
    }

    @Test
    void onlyARollupIntoATableHasAnOwner() throws Exception {
        String text = withOwner("{\"table\": \"listing\", \"column\": \"account_id\"}")
            .replace("\"kind\": \"relational-table\"", "\"kind\": \"retention-policy\"");
        assertEquals(List.of("rollups[0].owner: an owner is for a rollup into a relational table: its report per owner"
            + " joins the owner's table"), problems(text));
    }
}
