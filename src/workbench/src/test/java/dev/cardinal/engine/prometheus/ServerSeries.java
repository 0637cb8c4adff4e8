package dev.cardinal.engine.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** What a Prometheus reports about the series it holds, through its own HTTP API. */
record ServerSeries(long headSeries, Set<String> series, Map<String, Long> valuesByLabel, Map<String, Long> topValueCounts,
                    java.util.List<Map.Entry<String, Long>> topPairs) {

    static ServerSeries read(ScratchPrometheus server) throws IOException, InterruptedException {
        JsonNode tsdb = server.api("/api/v1/status/tsdb");
        long head = tsdb.get("headStats").get("numSeries").asLong();
        Map<String, Long> top = new TreeMap<>();
        tsdb.get("labelValueCountByLabelName").forEach(n -> top.put(n.get("name").asText(), n.get("value").asLong()));
        Set<String> series = new HashSet<>();
        for (JsonNode s : server.api("/api/v1/series?match[]=" + ScratchPrometheus.encode("{__name__=~\".+\"}"))) {
            Map<String, String> labels = new TreeMap<>();
            s.fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
            series.add(SeriesTally.key(labels));
        }
        Map<String, Long> values = new TreeMap<>();
        for (JsonNode name : server.api("/api/v1/labels")) {
            values.put(name.asText(), (long) server.api("/api/v1/label/" + name.asText() + "/values").size());
        }
        java.util.List<Map.Entry<String, Long>> pairs = new java.util.ArrayList<>();
        tsdb.get("seriesCountByLabelValuePair").forEach(n -> pairs.add(Map.entry(n.get("name").asText(), n.get("value").asLong())));
        return new ServerSeries(head, series, values, top, pairs);
    }
}
