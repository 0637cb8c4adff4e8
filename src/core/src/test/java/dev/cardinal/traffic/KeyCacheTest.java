package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The reader remembers the keys of the last few measurements' last lines and writes a line like the last one of its
 * measurement without the whole-line checks. Whatever the interleaving (more measurements than it remembers,
 * changing key orders, duplicate keys, type conflicts, keys named time), each measurement must come out exactly as
 * when its lines are read alone.
 */
class KeyCacheTest {

    /** A good first line, so that neither reading takes a run of bad lines at its start for a file of another format. */
    private static final String FIRST = "zz f=1i 0";

    @Property(tries = 300)
    void interleavedMeasurementsReadAsEachAlone(@ForAll("traffic") List<String> traffic) {
        List<String> lines = new ArrayList<>(List.of(FIRST));
        lines.addAll(traffic);
        Sample together = LpFixture.read(String.join("\n", lines) + "\n");
        Map<String, List<String>> byMeasurement = new LinkedHashMap<>();
        for (String line : traffic) {
            byMeasurement.computeIfAbsent(measurement(line), m -> new ArrayList<>(List.of(FIRST))).add(line);
        }
        for (Map.Entry<String, List<String>> e : byMeasurement.entrySet()) {
            String m = e.getKey();
            Sample alone = LpFixture.read(String.join("\n", e.getValue()) + "\n");
            String context = m + " in\n" + String.join("\n", lines);
            assertEquals(describe(alone, m), describe(together, m), context);
            assertEquals(problems(alone, e.getValue(), m), problems(together, lines, m), context);
        }
    }

    /**
     * A line with a field named time is written without it and leaves its other keys in the slots: the shape of the
     * line before (one integer field) must not let the next line write its integer into the boolean column of f.
     * Found by the property above (it crashed the reader with a ClassCastException).
     */
    @Example
    void aLineWithAFieldNamedTimeLeavesNoShapeBehind() {
        interleavedMeasurementsReadAsEachAlone(List.of("m10 g=2i 33", "m10,a=z,b=y f=true,time=2i,g=1i 23", "m10 f=1i 999999"));
        Sample s = LpFixture.read(FIRST + "\nm10 g=2i 33\nm10,a=z,b=y f=true,time=2i,g=1i 23\nm10 f=1i 999999\n");
        assertEquals("boolean", s.eventKind("m10").orElseThrow().attribute("f").orElseThrow().type().id());
    }

    private static String measurement(String line) {
        int end = 0;
        while (end < line.length() && line.charAt(end) != ',' && line.charAt(end) != ' ') {
            end++;
        }
        return line.substring(0, end);
    }

    /** A measurement's attributes and every row's values, as text. */
    private static String describe(Sample s, String measurement) {
        EventKindSample k = s.eventKind(measurement).orElse(null);
        if (k == null) {
            return "absent";
        }
        StringBuilder sb = new StringBuilder();
        for (SampleAttribute a : k.attributes()) {
            sb.append(a.name()).append(a.arrivedAsTag() ? "(tag) " : "(" + a.type().id() + ") ");
        }
        for (int r = 0; r < k.rows(); r++) {
            sb.append('\n').append(k.timestamp(r));
            for (SampleAttribute a : k.attributes()) {
                sb.append(' ').append(k.column(a.name()).text(r));
            }
        }
        return sb.toString();
    }

    /**
     * The problems of the lines of one measurement, by the text of their line (not its number), sorted: a file's
     * malformed lines before its first good one are reported after the problems that follow, so order is not compared.
     */
    private static List<String> problems(Sample s, List<String> read, String measurement) {
        List<String> out = new ArrayList<>();
        for (ReadProblem p : s.report().problems()) {
            String line = read.get((int) p.line() - 1);
            if (measurement(line).equals(measurement)) {
                // "since t.lp:N" names a line number, which differs between the two readings
                out.add(line + " -> " + p.kind() + ": " + p.message().replaceAll("since t\\.lp:\\d+", "since an earlier line"));
            }
        }
        out.sort(null);
        return out;
    }

    @Provide
    Arbitrary<List<String>> traffic() {
        Arbitrary<String> measurement = Arbitraries.of("m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "m10")
            .edgeCases(c -> c.add("m0"));
        Arbitrary<String> tag = Combinators.combine(Arbitraries.of("a", "b", "c", "a", "b", "time"), Arbitraries.of("x", "y", "z"))
            .as((k, v) -> k + "=" + v);
        Arbitrary<String> field = Combinators.combine(Arbitraries.of("f", "g", "f", "g", "h", "time"),
            Arbitraries.of("1i", "2i", "2.5", "\"s\"", "true", "3u")).as((k, v) -> k + "=" + v);
        Arbitrary<String> line = Combinators.combine(measurement, tag.list().ofMaxSize(3), field.list().ofMinSize(1).ofMaxSize(3),
            Arbitraries.longs().between(1, 1_000_000))
            .as((m, tags, fields, t) -> m + (tags.isEmpty() ? "" : "," + String.join(",", tags)) + " " + String.join(",", fields) + " " + t);
        // runs of like lines, as traffic has, interleaved
        Arbitrary<List<String>> run = Combinators.combine(line, Arbitraries.integers().between(1, 6))
            .as((l, n) -> java.util.Collections.nCopies(n, l));
        return run.list().ofMinSize(1).ofMaxSize(40).map(runs -> runs.stream().flatMap(List::stream).toList());
    }
}
