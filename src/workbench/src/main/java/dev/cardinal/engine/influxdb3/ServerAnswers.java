package dev.cardinal.engine.influxdb3;

/**
 * What an InfluxDB 3 server answers when a write or a schema change goes beyond a limit or against a column's type:
 * the texts of {@code CatalogError} in {@code influxdb3_catalog/src/error.rs} at tag {@code v3.9.6} of
 * github.com/influxdata/influxdb, with the column types spelled as {@code core/schema/src/lib.rs} at the same tag
 * spells them ({@code impl From<&InfluxColumnType> for &str}). The notes of a count quote them, so that what the user
 * reads is what the server will say; the tests hold them to the source's text.
 */
final class ServerAnswers {
    /** Where the texts are defined. */
    static final String SOURCE = "influxdb3_catalog/src/error.rs at influxdb v3.9.6";

    private ServerAnswers() {
    }

    /** {@code CatalogError::TooManyTables}: the table that would be one too many is refused (HTTP 422). */
    static String tooManyTables(long current, long limit) {
        return "Update to schema would exceed number of tables limit: attempted to create table but already have "
            + current + " table(s) (limit: " + limit + ")";
    }

    /** {@code CatalogError::TooManyColumns}: the line that would add one column too many is refused (HTTP 422). */
    static String tooManyColumns(long limit) {
        return "Update to schema would exceed number of columns per table limit of " + limit + " columns";
    }

    /** {@code CatalogError::TooManyTagColumns}. */
    static String tooManyTagColumns(long limit) {
        return "Update to schema would exceed number of tag columns per table limit of " + limit + " columns";
    }

    /** {@code CatalogError::TooManyDbs}. */
    static String tooManyDatabases(long limit) {
        return "Adding a new database would exceed limit of " + limit + " databases";
    }

    /**
     * {@code CatalogError::InvalidColumnType}: a name that is already a column of another type (a tag written as a
     * field, or a field as a tag) refuses the line (HTTP 400).
     */
    static String invalidColumnType(String column, ColumnType expected, ColumnType got) {
        return "invalid column type for column '" + column + "', expected " + expected.spelled() + ", got " + got.spelled();
    }

    /** The column types as the server writes them in its messages. */
    enum ColumnType {
        TAG("iox::column_type::tag"),
        FLOAT("iox::column_type::field::float"),
        INTEGER("iox::column_type::field::integer"),
        UNSIGNED("iox::column_type::field::uinteger"),
        STRING("iox::column_type::field::string"),
        BOOLEAN("iox::column_type::field::boolean");

        private final String spelled;

        ColumnType(String spelled) {
            this.spelled = spelled;
        }

        String spelled() {
            return spelled;
        }

        static ColumnType of(dev.cardinal.model.ValueType t) {
            return switch (t) {
                case FLOAT -> FLOAT;
                case INTEGER -> INTEGER;
                case UNSIGNED -> UNSIGNED;
                case BOOLEAN -> BOOLEAN;
                default -> STRING;
            };
        }
    }
}
