package dev.cardinal.engine.influxdb3;

import java.util.List;

/**
 * The InfluxDB 3 products and their limits. They count alike (a measurement is a table, its tags, fields and time are
 * columns) and differ only here, so a count checks every product's limits side by side instead of asking which one.
 * Core's numbers are the server's own constants; Enterprise and the Cloud products are not open source, so theirs come
 * from their documentation. Each source is given with the limit, and {@code engine-influxdb3.md} lists them all.
 */
final class Products {
    private static final String CORE_SOURCE = "influxdb3_catalog/src/catalog/versions/v2.rs at influxdb v3.9.6";
    private static final String TAG_SOURCE = "NUM_TAG_COLUMNS_LIMIT = TagId::MAX + 1 (a u8), "
        + "influxdb3_catalog/src/catalog/versions/v2.rs at influxdb v3.9.6";
    private static final String ENTERPRISE_SOURCE = "docs.influxdata.com/influxdb3/enterprise/admin/databases";
    private static final String SERVERLESS_SOURCE = "docs.influxdata.com/influxdb3/cloud-serverless/admin/billing/limits";
    private static final String DEDICATED_SOURCE = "docs.influxdata.com/influxdb3/cloud-dedicated/admin/databases";

    /** What a limit counts. */
    enum Measure {
        /** Tables: across all databases (Core, Enterprise) or in one database or bucket (the Cloud products). */
        TABLES,
        /** Columns of one table, time included (the server's {@code num_columns()} counts it). */
        COLUMNS_PER_TABLE,
        /** Tag columns of one table. */
        TAG_COLUMNS_PER_TABLE
    }

    /**
     * One product's limit.
     *
     * @param product how the product is written
     * @param setting the product's own name for it, or what it limits
     * @param measure what it counts
     * @param value   its default
     * @param source  where the default is defined
     */
    record ProductLimit(String product, String setting, Measure measure, long value, String source) {
        /** A stable identifier, for the projection's limit list. */
        String id() {
            return (product + "-" + measure).toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        }
    }

    static final String CORE = "Core";
    static final String ENTERPRISE = "Enterprise";
    static final String SERVERLESS = "Cloud Serverless";
    static final String DEDICATED = "Cloud Dedicated / Clustered";

    /** Every product's limits, Core first. */
    static final List<ProductLimit> LIMITS = List.of(
        new ProductLimit(CORE, "NUM_TABLES_LIMIT (tables across all databases)", Measure.TABLES, 2_000, CORE_SOURCE),
        new ProductLimit(CORE, "NUM_COLUMNS_PER_TABLE_LIMIT", Measure.COLUMNS_PER_TABLE, 500, CORE_SOURCE),
        new ProductLimit(CORE, "NUM_TAG_COLUMNS_LIMIT", Measure.TAG_COLUMNS_PER_TABLE, 256, TAG_SOURCE),
        new ProductLimit(ENTERPRISE, "--num-table-limit (tables across all databases)", Measure.TABLES, 10_000, ENTERPRISE_SOURCE),
        new ProductLimit(ENTERPRISE, "columns per table", Measure.COLUMNS_PER_TABLE, 500, ENTERPRISE_SOURCE),
        new ProductLimit(ENTERPRISE, "NUM_TAG_COLUMNS_LIMIT", Measure.TAG_COLUMNS_PER_TABLE, 256, TAG_SOURCE),
        new ProductLimit(SERVERLESS, "tables per bucket", Measure.TABLES, 500, SERVERLESS_SOURCE),
        new ProductLimit(SERVERLESS, "columns per table", Measure.COLUMNS_PER_TABLE, 200, SERVERLESS_SOURCE),
        new ProductLimit(DEDICATED, "max tables per database (default)", Measure.TABLES, 500, DEDICATED_SOURCE),
        new ProductLimit(DEDICATED, "max columns per table (default; at most 1000)", Measure.COLUMNS_PER_TABLE, 250,
            DEDICATED_SOURCE));

    private Products() {
    }
}
