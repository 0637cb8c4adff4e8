package dev.cardinal.traffic.synthetic;

import dev.cardinal.model.FileProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.ValueType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProfileFileTest {
    static final String EXAMPLE = """
        {"eventKind": "listing_event", "pointsPerDay": 50000, "span": "30d", "seed": 7, "attributes": [
          {"name": "event", "kind": "closed", "values": 5, "skew": 1.2, "asTag": true},
          {"name": "user_id", "kind": "id", "newPerDay": 2000, "asTag": true},
          {"name": "count", "kind": "measure", "type": "integer"}]}
        """;

    @Test
    void readsTheIssuesExampleWithItsDefaults() throws Exception {
        ProfileReader.Loaded loaded = ProfileReader.read(bytes(EXAMPLE), "example");
        assertEquals(List.of(), loaded.warnings());
        assertEquals(new TrafficProfile("listing_event", 50_000, Duration.ofDays(30), 7, List.of(
            new AttributeProfile.ClosedSet("event", 5, 1.2, true),
            new AttributeProfile.GrowingId("user_id", 2000, AttributeProfile.GrowingId.Per.DAY, 1.0, "u", true),
            new AttributeProfile.Measure("count", ValueType.INTEGER))), loaded.profile());
        assertEquals(1_500_000, loaded.profile().points());
    }

    @Test
    void theWriterWritesWhatTheReaderReadsBack(@TempDir Path dir) throws Exception {
        TrafficProfile p = new TrafficProfile("weather \"x\"", 1440.5, Duration.ofHours(36), -3, List.of(
            new AttributeProfile.ClosedSet("device", 3, 0, List.of("web", "ios", "and roid"), true),
            new AttributeProfile.GrowingId("session", 2.5, AttributeProfile.GrowingId.Per.THOUSAND_POINTS, 0.75, "s-", false),
            new AttributeProfile.Constant("host", "web-01", true),
            new AttributeProfile.Measure("temp", ValueType.FLOAT)));
        Path file = dir.resolve("w" + ProfileReader.EXTENSION);
        ProfileWriter.save(file, p);
        String text = Files.readString(file);
        assertEquals(text, ProfileWriter.toJson(ProfileReader.read(file).profile()), "byte for byte");
        assertEquals(p, ProfileReader.read(file).profile());
        assertEquals("""
            {
              "formatVersion": 1,
              "eventKind": "weather \\"x\\"",
              "pointsPerDay": 1440.5,
              "span": "1d12h",
              "seed": -3,
              "attributes": [
                { "name": "device", "kind": "closed", "values": 3, "names": ["web", "ios", "and roid"], "skew": 0, "asTag": true },
                { "name": "session", "kind": "id", "newPerThousandPoints": 2.5, "repeatSkew": 0.75, "prefix": "s-", "asTag": false },
                { "name": "host", "kind": "constant", "value": "web-01", "asTag": true },
                { "name": "temp", "kind": "measure", "type": "float" }
              ]
            }
            """, text);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        values 0            | {"name": "a", "kind": "closed", "values": 0}                  | attributes[1].values: must be a whole number >= 1
        values 2.5          | {"name": "a", "kind": "closed", "values": 2.5}                | attributes[1].values: must be a whole number >= 1
        values text         | {"name": "a", "kind": "closed", "values": "five"}             | attributes[1].values: must be a whole number >= 1 (at most 1000000), found string
        no values           | {"name": "a", "kind": "closed"}                               | attributes[1].values: missing
        names mismatch      | {"name": "a", "kind": "closed", "values": 3, "names": ["x"]}  | attributes[1].values: 3 values, but names lists 1
        duplicate name      | {"name": "a", "kind": "closed", "names": ["x", "x"]}          | attributes[1].names[1]: duplicate value 'x'
        negative skew       | {"name": "a", "kind": "closed", "values": 3, "skew": -1}      | attributes[1].skew: must be a number from 0 (uniform) to 10
        both rates          | {"name": "a", "kind": "id", "newPerDay": 1, "newPerThousandPoints": 1} | attributes[1].newPerThousandPoints: give newPerDay or newPerThousandPoints, not both
        no rate             | {"name": "a", "kind": "id"}                                   | attributes[1]: missing the rate of new ids
        too many new ids    | {"name": "a", "kind": "id", "newPerDay": 2000}                | attributes[1].newPerDay: must be a number > 0 and at most pointsPerDay
        measure as tag      | {"name": "a", "kind": "measure", "type": "float", "asTag": true} | attributes[1].asTag: a measure is a field value, never a tag
        measure string      | {"name": "a", "kind": "measure", "type": "string"}            | attributes[1].type: unknown measure type 'string'
        unknown kind        | {"name": "a", "kind": "enum"}                                 | attributes[1].kind: unknown kind 'enum' (expected one of closed, id, measure, constant)
        duplicate attribute | {"name": "m", "kind": "constant", "value": "x"}               | attributes[1].name: duplicate attribute 'm'
        name time           | {"name": "time", "kind": "constant", "value": "x"}            | attributes[1].name: 'time' cannot be written
        backslash           | {"name": "a", "kind": "constant", "value": "x\\\\"}           | attributes[1].value: must not contain a backslash
        empty constant      | {"name": "a", "kind": "constant", "value": ""}                | attributes[1].value: must not be empty
        asTag text          | {"name": "a", "kind": "constant", "value": "x", "asTag": "yes"} | attributes[1].asTag: expected true or false, found string
        not an object       | 42                                                            | attributes[1]: expected an object, found number
        """)
    void reportsABadAttributeWithItsPath(String what, String attribute, String expected) {
        String json = "{\"eventKind\": \"k\", \"pointsPerDay\": 1000, \"span\": \"1d\", \"attributes\": [\n"
            + "  {\"name\": \"m\", \"kind\": \"measure\", \"type\": \"integer\"},\n  " + attribute + "]}";
        ProfileFormatException e = assertThrows(ProfileFormatException.class, () -> ProfileReader.read(bytes(json), "p.json"));
        assertTrue(e.problems().stream().anyMatch(p -> p.toString().startsWith(expected)), e.problems().toString());
        FileProblem first = e.problems().stream().filter(p -> p.toString().startsWith(expected)).findFirst().orElseThrow();
        assertEquals(3, first.line(), first.toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        no event kind     | "pointsPerDay": 1000, "span": "1d"                          | eventKind: missing (expected a string)
        zero points       | "eventKind": "k", "pointsPerDay": 0, "span": "1d"           | pointsPerDay: must be a number > 0
        tiny rate         | "eventKind": "k", "pointsPerDay": 0.1, "span": "1d"         | pointsPerDay: pointsPerDay over the span makes no point at all
        bad span          | "eventKind": "k", "pointsPerDay": 10, "span": "30 days"     | span: not a duration
        infinite span     | "eventKind": "k", "pointsPerDay": 10, "span": "INF"         | span: must be a finite duration longer than zero
        comment kind      | "eventKind": "#k", "pointsPerDay": 10, "span": "1d"         | eventKind: must not start with '#'
        newer format      | "formatVersion": 2, "eventKind": "k", "pointsPerDay": 10, "span": "1d" | formatVersion: written by a newer Cardinal
        """)
    void reportsABadTopLevelValueWithItsPath(String what, String members, String expected) {
        String json = "{" + members + ", \"attributes\": [{\"name\": \"m\", \"kind\": \"measure\", \"type\": \"integer\"}]}";
        ProfileFormatException e = assertThrows(ProfileFormatException.class, () -> ProfileReader.read(bytes(json), "p.json"));
        assertTrue(e.problems().stream().anyMatch(p -> p.toString().startsWith(expected)), e.problems().toString());
    }

    @Test
    void reportsEveryProblemAtOnce() {
        String json = """
            {"eventKind": "k", "pointsPerDay": -1, "span": "1d", "attributes": [
              {"name": "a", "kind": "closed", "values": 0, "asTag": true},
              {"name": "b", "kind": "id", "asTag": true}]}
            """;
        ProfileFormatException e = assertThrows(ProfileFormatException.class, () -> ProfileReader.read(bytes(json), "p.json"));
        assertEquals(List.of("pointsPerDay", "attributes[0].values", "attributes[1]"),
            e.problems().stream().map(FileProblem::path).toList());
        assertTrue(e.getMessage().startsWith("p.json: 3 problem(s)"), e.getMessage());
    }

    @Test
    void aProfileOfTagsOnlyIsRefusedSinceAPointNeedsAField() {
        String json = """
            {"eventKind": "k", "pointsPerDay": 10, "span": "1d", "attributes": [
              {"name": "a", "kind": "closed", "values": 2, "asTag": true}]}
            """;
        ProfileFormatException e = assertThrows(ProfileFormatException.class, () -> ProfileReader.read(bytes(json), "p.json"));
        assertTrue(e.problems().get(0).toString().startsWith("attributes: every attribute is a tag"), e.problems().toString());
    }

    @Test
    void badJsonIsReportedWithItsLine() {
        ProfileFormatException e = assertThrows(ProfileFormatException.class,
            () -> ProfileReader.read(bytes("{\n  \"eventKind\": \"k\",\n  \"span\": }"), "p.json"));
        assertEquals(3, e.problems().get(0).line());
        assertTrue(e.problems().get(0).message().startsWith("not valid JSON"), e.problems().toString());
        assertThrows(ProfileFormatException.class, () -> ProfileReader.read(bytes(""), "p.json"));
        assertThrows(ProfileFormatException.class, () -> ProfileReader.read(bytes("[1, 2]"), "p.json"));
    }

    @Test
    void unknownPropertiesAreWarnedAboutAndIgnored() throws Exception {
        String json = EXAMPLE.replace("\"skew\": 1.2,", "\"skew\": 1.2, \"colour\": \"red\",");
        ProfileReader.Loaded loaded = ProfileReader.read(bytes(json), "p.json");
        assertEquals(1, loaded.warnings().size());
        assertEquals("attributes[0].colour: unknown property 'colour' ignored (line 2)", loaded.warnings().get(0).toString());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
