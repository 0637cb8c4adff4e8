package dev.cardinal.projection;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What an OpenSearch or Elasticsearch index does with one document sample under dynamic mapping: the mapping it
 * holds afterwards, counted as the engine counts it, the documents it refuses and why, and when the total-fields
 * limit refuses its first document.
 *
 * @param limit            the index's {@code index.mapping.total_fields.limit}
 * @param documents        documents in the sample
 * @param refused          documents the engine refuses, by reason
 * @param mapping          each mapped path and its type after the sample, the limit in force
 * @param fields           fields counted toward the limit after the sample: objects + leaves + multi-fields
 * @param objects          object fields among them
 * @param multiFields      {@code .keyword} multi-fields among them
 * @param wantedFields     fields the sample's names would create without the limit
 * @param firstLimitRefusal the first document the total-fields limit refuses, or null when none is
 * @param truncations      fields whose values the engine truncates (a fraction into a {@code long})
 * @param typeRefusals     fields whose values the engine refuses ({@code mapper_parsing_exception})
 * @param curveSeconds     checkpoints of the wanted-fields curve: seconds after the first document
 * @param curveFields      wanted fields at each checkpoint
 * @param spanSeconds      seconds from the first document to the last (0 when the documents carry no time)
 * @param slots            the names tenants put under an object, when a tenant key was given, else null
 * @param keyBound         the most fields the writer's keys can ever make (a layout whose keys are literal or slot
 *                         numbers below a maximum), or {@link Long#MAX_VALUE} when its keys are open
 * @param tenantForecast   the time to the limit from the tenants' arrivals and the fields each brings as it ages,
 *                         when a tenant key was given and the sample does not reach the limit, else null
 */
public record MappingProjection(long limit, long documents, Map<DocumentMapping.Refusal, Long> refused,
                                Map<String, MappingType> mapping, long fields, long objects, long multiFields,
                                long wantedFields, Refused firstLimitRefusal, List<FieldIssue> truncations,
                                List<FieldIssue> typeRefusals, double[] curveSeconds, double[] curveFields,
                                double spanSeconds, Slots slots, long keyBound, LimitForecast tenantForecast) {

    /**
     * One refused document.
     *
     * @param line     its line in the sample file
     * @param document its 1-based place among the documents
     * @param seconds  seconds after the first document, or NaN when the documents carry no time
     * @param message  the engine's reason
     */
    public record Refused(long line, long document, double seconds, String message) {
    }

    /**
     * A field whose values the engine truncates or refuses.
     *
     * @param path      the field
     * @param type      its type in the mapping
     * @param documents how many documents carry such a value
     * @param firstLine the line of the first of them
     * @param firstDocument the 1-based place of the first of them among the documents
     * @param message   what happens, as the engine says it
     */
    public record FieldIssue(String path, MappingType type, long documents, long firstLine, long firstDocument,
                             String message) {
    }

    /**
     * What slots would hold instead of fields: per tenant, the keys under one object.
     *
     * @param tenantKey     the key that says whose a document is
     * @param object        the top-level object whose keys tenants name (the one with the most per tenant)
     * @param tenants       tenants seen
     * @param distinctNames keys under the object, all tenants together (what dynamic mapping makes fields of)
     * @param mostNames     the most keys one tenant put there: the slots each tenant needs today
     * @param busiest       that tenant
     * @param curveSeconds  checkpoints of the most-names curve: seconds after the first document
     * @param curveNames    the most names one tenant had used by then
     */
    public record Slots(String tenantKey, String object, int tenants, int distinctNames, int mostNames, String busiest,
                        double[] curveSeconds, double[] curveNames) {
        /** How the most names of one tenant grow over time. */
        public GrowthFit fit() {
            return GrowthFit.fit(curveSeconds, curveNames);
        }

        /**
         * Slots to provision per tenant for {@code horizonSeconds} after the first document: the most names one
         * tenant used, or, while that still grows, its fitted value at the horizon.
         */
        public long toProvision(double horizonSeconds) {
            double at = fit().growth() == Growth.CLOSED ? mostNames : Math.max(mostNames, fit().predict(horizonSeconds));
            return (long) Math.ceil(at);
        }
    }

    /** The object holding the most fields: where the names that grow the mapping go ({@code metrics}). */
    public String busiestObject() {
        return busiestObject(mapping);
    }

    /** The object of {@code mapping} holding the most fields, or {@code (top level)}. */
    public static String busiestObject(Map<String, MappingType> mapping) {
        Map<String, Integer> children = new java.util.HashMap<>();
        for (Map.Entry<String, MappingType> e : mapping.entrySet()) {
            int dot = e.getKey().lastIndexOf('.');
            children.merge(dot < 0 ? "(top level)" : e.getKey().substring(0, dot), 1, Integer::sum);
        }
        return children.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue()
            .thenComparing(Map.Entry.comparingByKey())).map(Map.Entry::getKey).orElse("(top level)");
    }

    /** Leaf fields: neither objects nor multi-fields. */
    public long leaves() {
        return fields - objects - multiFields;
    }

    /**
     * Seconds after the first document at which the limit refuses a document: where it did in the sample; else,
     * with a tenant key, the {@link #tenantForecast} (empty where the sample cannot tell or the tenants never reach
     * it); else where the wanted-fields curve, at the rate of the sample's later half, passes it. Empty when the
     * names stopped arriving (a closed set) or the documents carry no time.
     */
    public OptionalDouble secondsToLimit() {
        if (firstLimitRefusal != null) {
            return Double.isNaN(firstLimitRefusal.seconds()) ? OptionalDouble.empty()
                : OptionalDouble.of(firstLimitRefusal.seconds());
        }
        if (spanSeconds <= 0 || curveSeconds.length < 3 || fit().growth() == Growth.CLOSED || keyBound <= limit) {
            return OptionalDouble.empty();
        }
        if (tenantForecast != null) {
            return tenantForecast.reached() ? OptionalDouble.of(tenantForecast.seconds()) : OptionalDouble.empty();
        }
        return rateOverLaterHalf(limit + 1);
    }

    /**
     * When the wanted fields reach {@code target} at the rate of the later half of the sample: a least-squares line
     * over the checkpoints of that half. New fields come with new names, which arrive with new customers at a
     * rate in time rather than in proportion to the traffic; a power law fitted from the start bends with the
     * delay between a customer's arrival and its names (and predicted the custom-metrics scenario's limit 11%
     * early from a fifth of it, where this line is within 5%). A curve that is slowing down is extrapolated too
     * fast, the safe side.
     */
    private OptionalDouble rateOverLaterHalf(double target) {
        double[] line = laterHalfLine();
        if (line == null) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Math.max(spanSeconds, (target - line[1]) / line[0]));
    }

    /** The least-squares line (slope, intercept) over the later half's checkpoints, or null when it does not rise. */
    private double[] laterHalfLine() {
        double half = spanSeconds / 2;
        double n = 0;
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < curveSeconds.length; i++) {
            if (curveSeconds[i] >= half) {
                double x = curveSeconds[i];
                double y = curveFields[i];
                n++;
                sx += x;
                sy += y;
                sxx += x * x;
                sxy += x * y;
            }
        }
        double d = n * sxx - sx * sx;
        if (n < 2 || d <= 0) {
            return null;
        }
        double slope = (n * sxy - sx * sy) / d;
        return slope > 0 ? new double[] {slope, (sy - slope * sx) / n} : null;
    }

    /**
     * The fields the names want {@code seconds} after the first document, at the rate {@link #secondsToLimit} uses: as
     * many as now when the names stopped arriving or the documents carry no time.
     */
    public long wantedFieldsAt(double seconds) {
        double[] line = spanSeconds <= 0 || curveSeconds.length < 3 || fit().growth() == Growth.CLOSED ? null : laterHalfLine();
        return line == null || seconds <= spanSeconds ? wantedFields
            : Math.max(wantedFields, Math.min(keyBound, (long) Math.ceil(line[0] * seconds + line[1])));
    }

    /**
     * When the limit refuses writes, in a sentence: "first refuses document 812 (line 812), 2d3h after the first
     * document", "projected to refuse writes 12d after the first document", or that it is not reached.
     */
    public String whenLimitRefuses() {
        OptionalDouble s = secondsToLimit();
        if (s.isEmpty() && tenantForecast != null && tenantForecast.cannotTell() != null) {
            return tenantForecast.cannotTell();
        }
        if (s.isEmpty() && tenantForecast != null && Double.isInfinite(tenantForecast.seconds())) {
            return "not reached at the pace the tenants seen arrive and name (range " + tenantForecast.range() + ")";
        }
        if (s.isEmpty()) {
            return keyBound <= limit && !limitReachedInSample()
                ? "never: the keys allow at most " + Quantities.count(keyBound) + " fields"
                : "not reached, and not growing toward it";
        }
        return (limitReachedInSample() ? "first refuses document " + firstLimitRefusal.document() + " (line "
            + firstLimitRefusal.line() + "), " : "projected to refuse writes ")
            + Quantities.span(java.time.Duration.ofMillis(Math.round(s.getAsDouble() * 1000)))
            + " after the first document" + (tenantForecast == null || limitReachedInSample() ? ""
                : " (range " + tenantForecast.range() + ", from " + tenantForecast.tenants() + " tenants)");
    }

    /** True when the limit was reached inside the sample (the time to it is observed, not projected). */
    public boolean limitReachedInSample() {
        return firstLimitRefusal != null;
    }

    /** The growth fit of the wanted fields over seconds: class (closed or growing) and rate. */
    public GrowthFit fit() {
        return GrowthFit.fit(curveSeconds, curveFields);
    }
}
