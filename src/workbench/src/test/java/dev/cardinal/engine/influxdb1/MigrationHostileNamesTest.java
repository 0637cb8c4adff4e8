package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A migration between layouts whose measurement, tag and field names hold quotes, backslashes, InfluxQL's own syntax
 * and unicode, run on a real influxd: every name stays a name, and every point arrives with every value. (Line protocol
 * cannot carry a line break in a name, so 1.x has none there; the test carries line breaks in string values.)
 */
class MigrationHostileNamesTest extends ScratchServerTest {
    static final String MEASUREMENT = "m\"; DROP DATABASE \"x\" -- ' \\q ünï 📈";
    static final String ID = "id\"\\s";
    static final String KIND = "k'ind\" GROUP BY *";
    static final String TEXT = "f\"; SELECT * INTO \"y\"";
    static final String VALUE = "välue 'q'";

    @TempDir
    Path tmp;

    static Layout layout(String id, List<TagSpec> tags, List<FieldSpec> fields) {
        return new Layout(id, id, "e", Template.literal(MEASUREMENT), tags, fields, RetentionPlan.AUTOGEN);
    }

    /** Line protocol's escapes: comma, space and (outside the measurement) equals sign. */
    static String lp(String name, boolean measurement) {
        String s = name.replace(",", "\\,").replace(" ", "\\ ");
        return measurement ? s : s.replace("=", "\\=");
    }

    @Test
    void hostileNamesAreRewrittenAsNamesWithEveryValueKept() throws Exception {
        client.query("CREATE DATABASE " + InfluxQl.identifier("hostile \"db\"") + " WITH SHARD DURATION 1d", null);
        String db = "hostile \"db\"";
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            lines.append(lp(MEASUREMENT, true)).append(',').append(lp(ID, false)).append('=').append(lp("u" + i % 97 + "\"'\\x", false))
                .append(',').append(lp(KIND, false)).append('=').append(lp(i % 3 == 0 ? "a b" : "ç=\"", false)).append(' ')
                .append(lp(TEXT, false)).append("=\"line ").append(i).append("\nnext \\\"quoted\\\"\",")
                .append(lp(VALUE, false)).append('=').append(i * 0.5)
                .append(' ').append(1_767_571_200_000_000_000L + i * 3_600_000_000_000L).append('\n');
        }
        client.write(db, null, "ns", lines.toString().getBytes(StandardCharsets.UTF_8));

        Layout from = layout("tags", List.of(TagSpec.of(ID), TagSpec.of(KIND)), List.of(FieldSpec.of(TEXT), FieldSpec.of(VALUE)));
        Layout to = layout("fields", List.of(TagSpec.of(KIND)), List.of(FieldSpec.of(ID),
            new FieldSpec(Template.literal("renamed \"" + TEXT), TEXT), FieldSpec.of(VALUE)));
        InfluxV1Migration m = new InfluxV1Migration(new InfluxV1Migration.Place(db, "autogen", MEASUREMENT),
            new InfluxV1Migration.Place(db, "autogen", MEASUREMENT + " n\\ew"), MigrationMapping.of(from, to));
        // the survey's probe writes into, counts and drops a measurement of the hostile name; 10 points a slice: two slices a window
        V1MigrationSurvey survey = V1MigrationSurvey.take(client, m, 10, tmp.resolve("state"));
        assertEquals(500, survey.points());
        assertEquals(List.of(), rows(db, MEASUREMENT + " n\\ew" + MigrationProbe.SUFFIX, Map.of()), "the probe's points are dropped");
        List<InfluxV1Migration.Window> windows = m.windows(client);
        assertEquals(21, windows.size(), "500 hours in one-day shard groups");
        MigrationState state = MigrationState.open(tmp.resolve("state"), MigrationRun.planIdentity(m));
        MigrationRun.Result r = new MigrationRun(client, m, state).run(windows, Long.MAX_VALUE, (i, n, w, p, skipped) -> { });
        assertEquals(500, r.points());

        List<String> before = rows(db, MEASUREMENT, Map.of(TEXT, "renamed \"" + TEXT));
        assertEquals(500, before.size());
        assertEquals(before, rows(db, MEASUREMENT + " n\\ew", Map.of()));
        assertTrue(before.get(0).contains("\nnext \"quoted\""), before.get(0));
        List<String> tagKeys = new ArrayList<>();
        client.query("SHOW TAG KEYS FROM " + InfluxQl.identifier(MEASUREMENT + " n\\ew"), db).series()
            .forEach(s -> s.values().forEach(v -> tagKeys.add(String.valueOf(v.get(0)))));
        assertEquals(List.of(KIND), tagKeys, "the tag kept is a tag, the id a field");
        assertEquals(List.of("hostile \"db\""), databases().stream().filter(d -> d.startsWith("hostile")).toList());

        // the destructive step: counted again, then the hostile name dropped, and only it
        assertEquals(null, MigrationRun.recheck(client, m, windows, state));
        client.query(m.dropOld(), db);
        assertEquals(List.of(), rows(db, MEASUREMENT, Map.of()));
        assertEquals(before, rows(db, MEASUREMENT + " n\\ew", Map.of()));
        assertEquals(List.of("hostile \"db\""), databases().stream().filter(d -> d.startsWith("hostile")).toList());
    }

    /** influxd 1.6.7 writes a SELECT INTO's series key unescaped: a trailing backslash would swallow the tag set into the name. */
    @Test
    void aNameEndingInABackslashIsRefusedWhereSelectIntoWritesIt() {
        Layout from = layout("tags", List.of(TagSpec.of(ID), TagSpec.of(KIND + "\\")), List.of(FieldSpec.of(VALUE)));
        Layout to = layout("fields", List.of(TagSpec.of(KIND + "\\")), List.of(FieldSpec.of(VALUE)));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MigrationMapping.of(from, to)).getMessage()
            .contains("ends in a backslash"));
        MigrationMapping ok = MigrationMapping.of(layout("a", List.of(TagSpec.of(ID)), List.of(FieldSpec.of(VALUE))),
            layout("b", List.of(), List.of(FieldSpec.of(ID), FieldSpec.of(VALUE))));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new InfluxV1Migration(new InfluxV1Migration.Place("d", "autogen", "m"),
            new InfluxV1Migration.Place("d", "autogen", "m2\\"), ok)).getMessage().contains("ends in a backslash"));
    }

    @Test
    void whatSelectIntoCannotDoIsRefusedWithTheReason() {
        Layout tags = layout("tags", List.of(TagSpec.of(ID)), List.of(FieldSpec.of(VALUE)));
        Layout promoted = layout("promoted", List.of(TagSpec.of(ID), TagSpec.of(VALUE)), List.of());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MigrationMapping.of(tags, promoted)).getMessage()
            .contains("a field cannot become a tag"));
        Layout renamed = layout("renamed", List.of(new TagSpec("other", Template.ref(ID))), List.of(FieldSpec.of(VALUE)));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MigrationMapping.of(tags, renamed)).getMessage()
            .contains("cannot be renamed"));
    }

    private static List<String> databases() throws Exception {
        List<String> out = new ArrayList<>();
        client.query("SHOW DATABASES", null).series().forEach(s -> s.values().forEach(v -> out.add(String.valueOf(v.get(0)))));
        return out;
    }

    /** Every point as sorted text (time and every column), with columns renamed as given. */
    private static List<String> rows(String db, String measurement, Map<String, String> renamed) throws Exception {
        List<String> out = new ArrayList<>();
        for (InfluxV1Result.Series s : client.query("SELECT * FROM " + InfluxQl.identifier(measurement), db).series()) {
            for (int r = 0; r < s.values().size(); r++) {
                Map<String, String> row = new TreeMap<>();
                for (String c : s.columns()) {
                    if (s.value(r, c) != null) {
                        row.put(renamed.getOrDefault(c, c), String.valueOf(s.value(r, c)));
                    }
                }
                out.add(row.toString());
            }
        }
        out.sort(null);
        return out;
    }
}
