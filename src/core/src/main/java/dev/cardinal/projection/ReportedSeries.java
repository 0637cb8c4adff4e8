package dev.cardinal.projection;

/**
 * What a server's own series query reports once the sample is written through a layout: the figure to set beside
 * {@code series}, and the query that gives it on that server.
 *
 * @param server   the server, which decides what is counted
 * @param series   the figure, or null when the server counts no series (3.x)
 * @param estimate the figure's +-2 sigma range when counting was estimated, else null
 */
public record ReportedSeries(Server server, Long series, Estimate estimate) {

    /** The query, e.g. {@code SHOW SERIES EXACT CARDINALITY}; null when the server has none. */
    public String query() {
        return server.seriesQuery();
    }

    /** "SHOW SERIES EXACT CARDINALITY on InfluxDB 1.8.10 counts each series once, across shard groups (from 1.7.8)" */
    public String explanation() {
        return query() == null ? server.product() + " " + server.seriesMeaning()
            : query() + " on " + server.product() + " " + server.seriesMeaning();
    }

    /** The query as a label, or what stands for it when the server has none. */
    public String label() {
        return query() != null ? query() : "series (" + server.product() + " counts none)";
    }

    /** The figure for people: a count, an estimate with its range, or a dash when the server counts none. */
    public String text() {
        return estimate != null ? estimate.toString() : series == null ? "—" : Quantities.count(series);
    }
}
