package dev.cardinal.engine.sql;

import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Rollup;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.DictionaryColumn;
import dev.cardinal.traffic.DoubleColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LongColumn;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A rollup computed over a sample: one row per group and window, in the summary table's column order, with what
 * the daily job would upsert. Windows are aligned to the Unix epoch in UTC; a daily window is a date. Rows missing
 * a group-by attribute have no key and are counted, not rolled up.
 */
public final class RollupRows {

    /** The rows (values in {@link SqlGenerator.Script#columns()} order) and the sample rows left out. */
    public record Result(List<Object[]> rows, long rowsWithoutKey) {
    }

    private RollupRows() {
    }

    public static Result compute(SqlGenerator.Script script, Rollup rollup, EventKindSample sample) {
        List<SqlGenerator.Column> columns = script.columns();
        int[] groupAttrs = rollup.groupBy().stream().mapToInt(sample::attributeIndex).toArray();
        long window = rollup.window().toNanos();
        boolean daily = rollup.window().equals(Duration.ofDays(1));
        Map<List<Object>, Acc[]> groups = new LinkedHashMap<>();
        long withoutKey = 0;
        rows:
        for (int r = 0; r < sample.rows(); r++) {
            List<Object> key = new ArrayList<>(groupAttrs.length + 1);
            for (int g : groupAttrs) {
                if (g < 0 || !sample.column(g).present(r)) {
                    withoutKey++;
                    continue rows;
                }
                key.add(value(sample.column(g), r));
            }
            long start = Math.floorDiv(sample.timestamp(r), window) * window;
            Instant at = Instant.ofEpochSecond(Math.floorDiv(start, 1_000_000_000L), Math.floorMod(start, 1_000_000_000L));
            key.add(1, daily ? LocalDate.ofInstant(at, ZoneOffset.UTC) : LocalDateTime.ofInstant(at, ZoneOffset.UTC));
            Acc[] accs = groups.computeIfAbsent(key, k -> new Acc[rollup.aggregates().size()]);
            for (int a = 0; a < accs.length; a++) {
                Rollup.AggregateSpec spec = rollup.aggregates().get(a);
                int attr = sample.attributeIndex(spec.attribute());
                if (accs[a] == null) {
                    accs[a] = new Acc(spec.function());
                }
                if (attr >= 0 && sample.column(attr).present(r)) {
                    accs[a].add(sample.column(attr), r, sample.timestamp(r));
                }
            }
        }
        List<Object[]> out = new ArrayList<>(groups.size());
        for (var e : groups.entrySet()) {
            Object[] row = new Object[columns.size()];
            int k = 0;
            int a = 0;
            for (int c = 0; c < columns.size(); c++) {
                SqlGenerator.Column col = columns.get(c);
                row[c] = col.from() == null ? e.getKey().get(k++)
                    : e.getValue()[a++].result(col.from().function());
            }
            out.add(row);
        }
        return new Result(out, withoutKey);
    }

    /** A key value in its SQL-bindable type: Long, Double or String. */
    private static Object value(Column c, int r) {
        if (c instanceof LongColumn l) {
            return l.get(r);
        }
        if (c instanceof DoubleColumn d) {
            return d.get(r);
        }
        return c.text(r);
    }

    /** Every aggregate of one attribute in one group and window. */
    private static final class Acc {
        private long count;
        private boolean numeric = true;
        private boolean integral = true;
        private long longSum;
        private double sum;
        private final List<Object> values = new ArrayList<>();
        private Object first;
        private Object last;
        private long firstTs = Long.MAX_VALUE;
        private long lastTs = Long.MIN_VALUE;
        private final Set<Object> distinct = new HashSet<>();
        private final boolean keepValues;
        private final boolean keepDistinct;

        Acc(Aggregate function) {
            keepValues = function == Aggregate.MIN || function == Aggregate.MAX || function == Aggregate.MEDIAN;
            keepDistinct = function == Aggregate.COUNT_DISTINCT;
        }

        void add(Column c, int r, long ts) {
            Object v;
            if (c instanceof LongColumn l) {
                long x = l.get(r);
                longSum += x;
                sum += x;
                v = x;
            } else if (c instanceof DoubleColumn d) {
                integral = false;
                sum += d.get(r);
                v = d.get(r);
            } else {
                numeric = false;
                integral = false;
                v = c instanceof DictionaryColumn dc ? dc.text(r) : c.text(r);
            }
            count++;
            if (keepValues) {
                values.add(v);
            }
            if (keepDistinct) {
                distinct.add(v);
            }
            if (ts < firstTs) {
                firstTs = ts;
                first = v;
            }
            if (ts >= lastTs) {
                lastTs = ts;
                last = v;
            }
        }

        Object result(Aggregate f) {
            return switch (f) {
                case COUNT -> count;
                case COUNT_DISTINCT -> (long) distinct.size();
                case SUM -> integral ? (Object) longSum : (Object) sum;
                case MEAN -> count == 0 || !numeric ? null : sum / count;
                case MIN, MAX, MEDIAN -> ordered(f);
                case FIRST -> numeric && first != null ? ((Number) first).doubleValue() : first;
                case LAST -> numeric && last != null ? ((Number) last).doubleValue() : last;
            };
        }

        private Object ordered(Aggregate f) {
            if (values.isEmpty()) {
                return null;
            }
            if (numeric) {
                double[] xs = values.stream().mapToDouble(v -> ((Number) v).doubleValue()).toArray();
                Arrays.sort(xs);
                return switch (f) {
                    case MIN -> xs[0];
                    case MAX -> xs[xs.length - 1];
                    default -> xs.length % 2 == 1 ? xs[xs.length / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2;
                };
            }
            String[] ss = values.stream().map(Object::toString).sorted().toArray(String[]::new);
            return switch (f) {
                case MIN -> ss[0];
                case MAX -> ss[ss.length - 1];
                default -> ss[(ss.length - 1) / 2];
            };
        }
    }
}
