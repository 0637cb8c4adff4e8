package dev.cardinal.traffic.synthetic;

import dev.cardinal.model.FileProblem;
import dev.cardinal.model.JsonBinder;
import dev.cardinal.model.LocatedJson;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cardinal.model.Durations;
import dev.cardinal.model.ValueType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Binds a {@code *.profile.json} file to a {@link TrafficProfile}, checking it as a whole: every problem is reported
 * with its JSON path and line, and a file with any error yields no profile. The format is in {@link ProfileWriter}.
 */
public final class ProfileReader {
    public static final String EXTENSION = ".profile.json";
    public static final int FORMAT_VERSION = 1;
    private static final Set<String> COMMON = Set.of("name", "kind", "asTag");

    private ProfileReader() {
    }

    /** A profile that loaded, with the warnings found on the way (unknown properties). */
    public record Loaded(TrafficProfile profile, List<FileProblem> warnings) {
    }

    public static Loaded read(Path file) throws IOException, ProfileFormatException {
        return read(Files.readAllBytes(file), file.toString());
    }

    public static Loaded read(byte[] bytes, String source) throws ProfileFormatException {
        LocatedJson doc = LocatedJson.parse(bytes);
        JsonBinder b = new JsonBinder(doc);
        TrafficProfile profile = doc.root() == null ? null : bind(doc.root(), b);
        List<FileProblem> all = new ArrayList<>(b.problems());
        all.sort(Comparator.comparingInt(FileProblem::line));
        if (profile == null || b.hasErrors()) {
            throw new ProfileFormatException(source, all);
        }
        return new Loaded(profile, all);
    }

    private static TrafficProfile bind(JsonNode root, JsonBinder b) {
        if (!b.isObject(root, "")) {
            return null;
        }
        b.knownProperties(root, "", Set.of("formatVersion", "eventKind", "pointsPerDay", "span", "seed", "attributes"));
        Optional<Long> version = b.whole(root, "formatVersion", "", false, 1, Long.MAX_VALUE,
            "must be a whole number >= 1");
        if (version.isPresent() && version.get() > FORMAT_VERSION) {
            b.error("formatVersion", "written by a newer Cardinal (format " + version.get() + "); this version reads up to "
                + FORMAT_VERSION);
            return null;
        }
        Optional<String> kind = b.string(root, "eventKind", "", true);
        kind.ifPresent(k -> text(k, "eventKind", b, k.startsWith("#") ? "must not start with '#' (a line protocol comment)" : null));
        Optional<Double> perDay = b.number(root, "pointsPerDay", "", true, 0, true, Double.MAX_VALUE, "must be a number > 0");
        Optional<Duration> span = b.string(root, "span", "", true).flatMap(s -> span(s, b));
        long seed = b.whole(root, "seed", "", false, Long.MIN_VALUE, Long.MAX_VALUE, "must be a whole number").orElse(0L);
        if (perDay.isPresent() && span.isPresent()) {
            String problem = TrafficProfile.pointsProblem(TrafficProfile.points(perDay.get(), span.get()), span.get());
            if (problem != null) {
                b.error("pointsPerDay", problem);
            }
        }
        List<AttributeProfile> attributes = attributes(root, b, perDay.orElse(Double.NaN));
        if (b.hasErrors() || kind.isEmpty() || perDay.isEmpty() || span.isEmpty()) {
            return null;
        }
        try {
            return new TrafficProfile(kind.get(), perDay.get(), span.get(), seed, attributes);
        } catch (IllegalArgumentException e) { // a rule the checks above missed: still a located answer, not a crash
            b.error("", e.getMessage());
            return null;
        }
    }

    private static Optional<Duration> span(String s, JsonBinder b) {
        try {
            Duration d = Durations.parse(s);
            if (d.isZero()) {
                b.error("span", "must be a finite duration longer than zero, e.g. 30d");
                return Optional.empty();
            }
            return Optional.of(d);
        } catch (IllegalArgumentException e) {
            b.error("span", "not a duration: " + e.getMessage());
            return Optional.empty();
        }
    }

    private static List<AttributeProfile> attributes(JsonNode root, JsonBinder b, double perDay) {
        List<AttributeProfile> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<JsonNode> nodes = b.array(root, "attributes", "", true);
        if (nodes.isEmpty() && root.has("attributes")) {
            b.error("attributes", "must list at least one attribute");
        }
        for (int i = 0; i < nodes.size(); i++) {
            String path = "attributes[" + i + "]";
            JsonNode n = nodes.get(i);
            if (!b.isObject(n, path)) {
                continue;
            }
            Optional<String> name = b.string(n, "name", path, true);
            name.ifPresent(s -> text(s, path + ".name", b, s.equals("time")
                ? "'time' cannot be written: InfluxDB drops a point with a tag named time and ignores such a field" : null));
            if (name.isPresent() && !names.add(name.get())) {
                b.error(path + ".name", "duplicate attribute '" + name.get() + "'");
            }
            boolean asTag = b.bool(n, "asTag", path).orElse(false);
            String kind = b.string(n, "kind", path, true).orElse("");
            String nm = name.orElse("?");
            AttributeProfile a = switch (kind) {
                case "closed" -> closed(n, path, nm, asTag, b);
                case "id" -> id(n, path, nm, asTag, b, perDay);
                case "measure" -> measure(n, path, nm, asTag, b);
                case "constant" -> constant(n, path, nm, asTag, b);
                default -> {
                    if (n.hasNonNull("kind")) {
                        b.error(path + ".kind", "unknown kind '" + kind + "' (expected one of closed, id, measure, constant)");
                    }
                    yield null;
                }
            };
            if (a != null && name.isPresent()) {
                out.add(a);
            }
        }
        if (!out.isEmpty() && out.size() == nodes.size() && out.stream().allMatch(AttributeProfile::asTag)) {
            b.error("attributes", "every attribute is a tag, and a point needs at least one field: set \"asTag\": false"
                + " on one, or add a measure");
        }
        return out;
    }

    private static AttributeProfile closed(JsonNode n, String path, String name, boolean asTag, JsonBinder b) {
        b.knownProperties(n, path, with("values", "names", "skew"));
        List<String> valueNames = new ArrayList<>();
        List<JsonNode> given = b.array(n, "names", path, false);
        Set<String> seen = new HashSet<>();
        for (int j = 0; j < given.size(); j++) {
            String p = path + ".names[" + j + "]";
            if (!given.get(j).isTextual()) {
                b.error(p, "expected a string");
                continue;
            }
            String v = given.get(j).asText();
            text(v, p, b, null);
            if (!seen.add(v)) {
                b.error(p, "duplicate value '" + v + "'");
            }
            valueNames.add(v);
        }
        Optional<Long> values = b.whole(n, "values", path, given.isEmpty(), 1, AttributeProfile.ClosedSet.MAX_VALUES,
            "must be a whole number >= 1" + " (at most " + AttributeProfile.ClosedSet.MAX_VALUES + ")");
        if (values.isPresent() && !given.isEmpty() && values.get() != given.size()) {
            b.error(path + ".values", values.get() + " values, but names lists " + given.size());
        }
        double skew = skew(n, "skew", path, 0, b);
        int count = values.map(Long::intValue).orElse(given.size());
        return b.hasErrors() || count < 1 ? null : new AttributeProfile.ClosedSet(name, count, skew, valueNames, asTag);
    }

    private static AttributeProfile id(JsonNode n, String path, String name, boolean asTag, JsonBinder b, double perDay) {
        b.knownProperties(n, path, with("newPerDay", "newPerThousandPoints", "repeatSkew", "prefix"));
        boolean daily = n.hasNonNull("newPerDay");
        boolean perPoints = n.hasNonNull("newPerThousandPoints");
        if (daily == perPoints) {
            b.error(daily ? path + ".newPerThousandPoints" : path, daily ? "give newPerDay or newPerThousandPoints, not both"
                : "missing the rate of new ids: newPerDay or newPerThousandPoints");
            return null;
        }
        Optional<Double> rate = daily
            ? b.number(n, "newPerDay", path, true, 0, true, perDay >= 0 ? perDay : Double.MAX_VALUE,
                "must be a number > 0 and at most pointsPerDay (each point brings at most one new id)")
            : b.number(n, "newPerThousandPoints", path, true, 0, true, 1000,
                "must be a number > 0 and at most 1000 (each point brings at most one new id)");
        double skew = skew(n, "repeatSkew", path, 1, b);
        String prefix = b.string(n, "prefix", path, false).orElse(AttributeProfile.GrowingId.defaultPrefix(name));
        text(prefix, path + ".prefix", b, null);
        AttributeProfile.GrowingId.Per per = daily ? AttributeProfile.GrowingId.Per.DAY
            : AttributeProfile.GrowingId.Per.THOUSAND_POINTS;
        return rate.isEmpty() || b.hasErrors() ? null
            : new AttributeProfile.GrowingId(name, rate.get(), per, skew, prefix, asTag);
    }

    private static AttributeProfile measure(JsonNode n, String path, String name, boolean asTag, JsonBinder b) {
        b.knownProperties(n, path, with("type"));
        if (asTag) {
            b.error(path + ".asTag", "a measure is a field value, never a tag (a tag per reading is a series per reading)");
        }
        Optional<String> type = b.string(n, "type", path, true);
        if (type.isPresent() && !type.get().equals("integer") && !type.get().equals("float")) {
            b.error(path + ".type", "unknown measure type '" + type.get() + "' (expected integer or float)");
            return null;
        }
        return type.isEmpty() || asTag ? null : new AttributeProfile.Measure(name, ValueType.fromId(type.get()).orElseThrow());
    }

    private static AttributeProfile constant(JsonNode n, String path, String name, boolean asTag, JsonBinder b) {
        b.knownProperties(n, path, with("value"));
        Optional<String> value = b.string(n, "value", path, true);
        value.ifPresent(v -> text(v, path + ".value", b, null));
        return value.isEmpty() || value.get().isEmpty() ? null : new AttributeProfile.Constant(name, value.get(), asTag);
    }

    private static double skew(JsonNode n, String key, String path, double fallback, JsonBinder b) {
        return b.number(n, key, path, false, 0, false, AttributeProfile.MAX_SKEW,
            "must be a number from 0 (uniform) to " + (int) AttributeProfile.MAX_SKEW).orElse(fallback);
    }

    private static Set<String> with(String... keys) {
        Set<String> s = new HashSet<>(COMMON);
        s.addAll(List.of(keys));
        return s;
    }

    /**
     * Names and values end up in line protocol as tags or fields, so what no line can carry is refused here, with
     * its place, rather than skipped row by row later: control characters (a newline ends the line) and
     * backslashes (the 1.x parser reads a backslash before a delimiter inconsistently).
     */
    private static void text(String s, String path, JsonBinder b, String extra) {
        if (s.isEmpty() && !path.endsWith(".prefix")) {
            b.error(path, "must not be empty (an empty tag is not written)");
        } else if (s.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            b.error(path, "must not contain control characters such as a newline or a tab");
        } else if (s.indexOf('\\') >= 0) {
            b.error(path, "must not contain a backslash (line protocol cannot always carry one)");
        } else if (extra != null) {
            b.error(path, extra);
        }
    }
}
