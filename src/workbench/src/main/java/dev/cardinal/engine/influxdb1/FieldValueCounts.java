package dev.cardinal.engine.influxdb1;

import java.util.Map;
import java.util.TreeMap;

/**
 * How many points carry each field key on an InfluxDB 1.x server, as {@code SELECT count(*)} answers: where points
 * that shared a series and a timestamp go missing, read back beside {@link ServerNumbers} after a sample write.
 */
final class FieldValueCounts {
    private FieldValueCounts() {
    }

    /**
     * {@code SELECT count(*)} per field key, summed over measurements ({@code measurement}, or all when null) of one
     * retention policy: how many points carry each field, with points of one series and timestamp counted once, as
     * the server holds them. A field no point carries is left out.
     */
    static Map<String, Long> read(InfluxV1Client client, String database, String retentionPolicy,
                                  String measurement) throws InfluxV1Exception, InterruptedException {
        String from = InfluxQl.identifier(retentionPolicy) + "." + (measurement == null ? "/.*/" : InfluxQl.identifier(measurement));
        Map<String, Long> counts = new TreeMap<>();
        for (InfluxV1Result.Series s : client.query("SELECT count(*) FROM " + from, database).series()) {
            for (int c = 0; c < s.columns().size(); c++) {
                String column = s.columns().get(c);
                Object n = s.values().get(0).get(c);
                // count(*) names each column count_<field key>; a field absent from a measurement answers null
                if (column.startsWith("count_") && n instanceof Number v && v.longValue() > 0) {
                    counts.merge(column.substring("count_".length()), v.longValue(), Long::sum);
                }
            }
        }
        return counts;
    }
}
