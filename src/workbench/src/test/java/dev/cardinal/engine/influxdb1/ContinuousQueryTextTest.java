package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Aggregate;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.RollupQuery;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ContinuousQueryTextTest {
    private static final Layout LAYOUT = new Layout("l", "l", "k", Template.literal("listing"), List.of(TagSpec.of("event")),
        List.of(new FieldSpec(Template.literal("count"), "count")), RetentionPlan.AUTOGEN);

    private static Rollup rollup(RollupQuery q) {
        return new Rollup("r", "r", "l", Duration.ofHours(1), List.of(new Rollup.AggregateSpec("count", Aggregate.SUM)),
            List.of("event"), new Rollup.Destination(Rollup.DestinationKind.RETENTION_POLICY, "rollup", Duration.ZERO), q, null);
    }

    private static RollupQuery where(String condition) {
        return new RollupQuery("c", null, null, null, null, condition, null, false, null);
    }

    @Test
    void cardinalsOwnQueryIsWhatItAlwaysWas() {
        assertEquals("CREATE CONTINUOUS QUERY \"cq_r\" ON \"db\" RESAMPLE FOR 2h BEGIN SELECT SUM(\"count\") AS \"count_sum\""
                + " INTO \"db\".\"rollup\".:MEASUREMENT FROM \"db\".\"autogen\".\"listing\" GROUP BY time(1h), \"event\" END",
            ContinuousQueryText.create(rollup(null), LAYOUT, "db"));
    }

    @Test
    void theQueryReadsTheFieldKeyTheLayoutWrites() {
        Layout renamed = new Layout("l", "l", "k", Template.literal("listing"), List.of(TagSpec.of("event")),
            List.of(new FieldSpec(Template.literal("hits"), "count")), RetentionPlan.AUTOGEN);
        String create = ContinuousQueryText.create(rollup(null), renamed, "db");
        assertTrue(create.contains("SELECT SUM(\"hits\") AS \"count_sum\" "), create);
    }

    @Test
    void theServersSpellingAndOursReadAsTheSameTokens() {
        String server = "CREATE CONTINUOUS QUERY c ON db BEGIN SELECT sum(count) AS count_sum INTO db.rollup.h FROM db.autogen.listing"
            + " WHERE \"tag\" = 'it\\'s' AND a =~ /x\\/y/ GROUP BY time(90m, 15m), event, * fill(0) END";
        String ours = "CREATE CONTINUOUS QUERY \"c\" ON \"db\" BEGIN SELECT SUM(\"count\") AS \"count_sum\" INTO \"db\".\"rollup\".\"h\""
            + " FROM \"db\".\"autogen\".\"listing\" WHERE \"tag\" = 'it\\'s' AND \"a\" =~ /x\\/y/ GROUP BY time(1h30m,15m), \"event\", *"
            + " fill(0.0) END";
        assertEquals(InfluxQlTokens.normalForm(server), InfluxQlTokens.normalForm(ours));
        assertNotEquals(InfluxQlTokens.normalForm(server), InfluxQlTokens.normalForm(ours.replace("\"event\"", "\"Event\"")),
            "a name keeps its case");
        assertNotEquals(InfluxQlTokens.normalForm(server), InfluxQlTokens.normalForm(ours.replace("'it\\'s'", "\"it's\"")),
            "a string is not a name");
    }

    @Test
    void aConditionIsWrittenAnewTokenByToken() {
        String create = ContinuousQueryText.create(rollup(where("(event = 'it\\'s' OR d =~ /mob\\/ile/) AND p::field > -1.5"
            + " AND time > now() - 1h")), LAYOUT, "db");
        assertTrue(create.contains(" WHERE (\"event\" = 'it\\'s' OR \"d\" =~ /mob\\/ile/) AND \"p\"::field > - 1.5"
            + " AND \"time\" > \"now\"() - 1h GROUP BY "), create);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a = 1; DROP DATABASE db", "a = 1 GROUP BY time(1m) END", "a = 1) OR (b = 2", "(a = 1",
        "a = 'unterminated", "a = 1 END; DROP DATABASE db; SELECT a FROM b WHERE a = 1", "a IN (SELECT b FROM c)", ""})
    void aConditionThatIsNoPlainConditionIsRefusedSayingWhy(String condition) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> ContinuousQueryText.create(rollup(where(condition)), LAYOUT, "db"));
        assertTrue(e.getMessage().startsWith("rollup r: the condition '") && e.getMessage().contains("cannot be written as a WHERE"),
            e.getMessage());
    }

    @Test
    void aRegularExpressionCannotEndEarly() {
        String create = ContinuousQueryText.create(rollup(new RollupQuery("c", null, "x\\/ ; DROP DATABASE db; /", null, null, null,
            null, false, null)), LAYOUT, "db");
        List<InfluxQlTokens.Token> tokens = InfluxQlTokens.of(create);
        assertTrue(tokens.stream().anyMatch(t -> t.kind() == InfluxQlTokens.Kind.REGEX && t.text().equals("x/ ; DROP DATABASE db; /")),
            create);
        assertTrue(tokens.stream().noneMatch(t -> t.is(InfluxQlTokens.Kind.KEYWORD, "DROP")), create);
        assertThrows(IllegalArgumentException.class, () -> ContinuousQueryText.create(rollup(new RollupQuery("c", null, "a\\",
            null, null, null, null, false, null)), LAYOUT, "db"));
    }
}
