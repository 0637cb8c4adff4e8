package dev.cardinal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.sql.GeneratedSqlTest;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Identifiers the engines take whatever was typed: quotes, keywords, unicode, and names too long for the engine. */
class SqlDialectTest {

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void longNamesAreCutWithAHashSoTheyStayDistinctAndTheEngineTakesThem(SqlDialect d) throws Exception {
        String a = "ü".repeat(40) + "_listing_daily_summary_for_every_region_a";
        String b = "ü".repeat(40) + "_listing_daily_summary_for_every_region_b";
        String qa = d.identifier(a);
        String qb = d.identifier(b);
        assertNotEquals(qa, qb);
        String inner = qa.substring(1, qa.length() - 1);
        assertTrue(d == SqlDialect.MARIADB ? inner.codePointCount(0, inner.length()) <= 64
            : inner.getBytes(StandardCharsets.UTF_8).length <= 63, inner);
        assertEquals("`se``lect`", SqlDialect.MARIADB.identifier("se`lect"));
        assertEquals("\"se\"\"lect\"", SqlDialect.POSTGRESQL.identifier("se\"lect"));
        assertThrows(IllegalArgumentException.class, () -> d.identifier("nul\0"));
        try (Connection c = GeneratedSqlTest.connect(d); Statement st = c.createStatement()) {
            String table = d.identifier(a + System.nanoTime());
            st.execute("CREATE TABLE " + table + " (" + qa + " INT, " + qb + " INT, " + d.identifier("select") + " INT)");
            st.execute("DROP TABLE " + table);
        }
    }
}
