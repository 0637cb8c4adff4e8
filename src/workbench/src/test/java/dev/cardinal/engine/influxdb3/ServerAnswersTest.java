package dev.cardinal.engine.influxdb3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.engine.influxdb3.ServerAnswers.ColumnType;
import dev.cardinal.model.ValueType;
import org.junit.jupiter.api.Test;

/**
 * The server's answers as Cardinal quotes them, against the texts recorded from the InfluxDB source at tag v3.9.6
 * (github.com/influxdata/influxdb, commit ecadc94474260465eb69c139f3ea09d3edc262c3), each with its file.
 */
class ServerAnswersTest {

    /** influxdb3/tests/cli/mod.rs, test_create_database_limit: the sixth database of a Core server. */
    @Test
    void theSixthDatabase() {
        assertEquals("Adding a new database would exceed limit of 5 databases", ServerAnswers.tooManyDatabases(5));
    }

    /**
     * influxdb3_catalog/src/error.rs, CatalogError::TooManyTables: "Update to schema would exceed number of tables
     * limit: attempted to create table but already have {current} table(s) (limit: {limit})"; create_table refuses
     * once current_table_count >= table_limit (versions/v2/update.rs).
     */
    @Test
    void theTableBeyondTheLimit() {
        assertEquals("Update to schema would exceed number of tables limit: attempted to create table but already have "
            + "2000 table(s) (limit: 2000)", ServerAnswers.tooManyTables(2000, 2000));
    }

    /** error.rs, CatalogError::TooManyColumns: "... number of columns per table limit of {0} columns". */
    @Test
    void theColumnBeyondTheLimit() {
        assertEquals("Update to schema would exceed number of columns per table limit of 500 columns",
            ServerAnswers.tooManyColumns(500));
    }

    /**
     * influxdb3_catalog/src/catalog/versions/v2/tests.rs line 1518 expects "Update to schema would exceed number of tag
     * columns per table limit of {NUM_TAG_COLUMNS_LIMIT} columns", NUM_TAG_COLUMNS_LIMIT being TagId::MAX + 1 = 256.
     */
    @Test
    void theTagColumnBeyondTheLimit() {
        assertEquals("Update to schema would exceed number of tag columns per table limit of 256 columns",
            ServerAnswers.tooManyTagColumns(Products.LIMITS.stream()
                .filter(l -> l.measure() == Products.Measure.TAG_COLUMNS_PER_TABLE).findFirst().orElseThrow().value()));
    }

    /**
     * versions/v2/update/tests.rs, "Test 5: Adding duplicate within same transaction": a tag then a field named
     * new_tag is InvalidColumnType { expected: Tag, got: Field(Float) }, written by error.rs as "invalid column type for
     * column '{column_name}', expected {expected}, got {got}" with the types of core/schema/src/lib.rs.
     */
    @Test
    void aTagWrittenAsAField() {
        assertEquals("invalid column type for column 'new_tag', expected iox::column_type::tag, got "
            + "iox::column_type::field::float", ServerAnswers.invalidColumnType("new_tag", ColumnType.TAG,
            ColumnType.of(ValueType.FLOAT)));
        assertEquals("iox::column_type::field::uinteger", ColumnType.of(ValueType.UNSIGNED).spelled());
        assertEquals("iox::column_type::field::string", ColumnType.of(ValueType.STRING).spelled());
    }

    /** Core's constants in influxdb3_catalog/src/catalog/versions/v2.rs: 2000 tables, 500 columns per table. */
    @Test
    void coreLimitsAreTheSourcesConstants() {
        assertEquals(2000, limit(Products.CORE, Products.Measure.TABLES));
        assertEquals(500, limit(Products.CORE, Products.Measure.COLUMNS_PER_TABLE));
        assertEquals(10_000, limit(Products.ENTERPRISE, Products.Measure.TABLES));
        assertEquals(500, limit(Products.SERVERLESS, Products.Measure.TABLES));
        assertEquals(200, limit(Products.SERVERLESS, Products.Measure.COLUMNS_PER_TABLE));
        assertEquals(250, limit(Products.DEDICATED, Products.Measure.COLUMNS_PER_TABLE));
    }

    private static long limit(String product, Products.Measure m) {
        return Products.LIMITS.stream().filter(l -> l.product().equals(product) && l.measure() == m).findFirst()
            .orElseThrow().value();
    }
}
