package dev.cardinal.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Binds a workspace file to a {@link Workspace}, checking it as a whole: every problem is reported with its JSON
 * path and line, and a file with any error yields no workspace at all.
 */
public final class WorkspaceReader {
    private static final Set<String> SECRET_KEYS = Set.of("token", "password", "secret", "apiKey", "apikey",
        "authorization", "auth", "credentials");
    /**
     * The properties of each kind of object a workspace holds, by its path with indexes left out ({@code layouts[]})
     * and a canvas position's layout id as {@code *}. The parser builds only these (anything else is read past, so an
     * unknown property costs no memory whatever it holds) and the binder warns about the rest.
     */
    private static final Map<String, Set<String>> KNOWN = Map.ofEntries(
        Map.entry("", Set.of("formatVersion", "name", "eventKinds", "layouts", "samples", "rollups", "targets", "canvas")),
        Map.entry("eventKinds[]", Set.of("name", "origin", "attributes")),
        Map.entry("eventKinds[].attributes[]", Set.of("name", "type")),
        Map.entry("layouts[]", Set.of("id", "name", "eventKind", "measurement", "tags", "fields", "retention")),
        Map.entry("layouts[].tags[]", Set.of("key", "value")),
        Map.entry("layouts[].fields[]", Set.of("key", "attribute")),
        Map.entry("layouts[].retention", Set.of("name", "duration", "shardGroupDuration", "replication")),
        Map.entry("samples[]", Set.of("id", "path", "format", "eventKind", "precision", "timeColumn", "timeFormat",
            "tagColumns")),
        Map.entry("rollups[]", Set.of("id", "name", "layout", "window", "aggregates", "groupBy", "destination", "query",
            "owner")),
        Map.entry("rollups[].aggregates[]", Set.of("attribute", "function", "as")),
        Map.entry("rollups[].destination", Set.of("kind", "name", "retention")),
        // a secret (SECRET_KEYS) is not listed: its value stays out of the tree, and it gets its own warning
        Map.entry("targets[]", Set.of("id", "name", "kind", "url", "database", "org", "serverVersion", "limits")),
        Map.entry("targets[].limits", Set.of("maxSeriesPerDatabase", "maxValuesPerTag", "cloudPlan", "totalFields")),
        Map.entry("canvas.*", Set.of("x", "y")));
    private static final java.util.regex.Pattern INDEX = java.util.regex.Pattern.compile("\\[\\d+]");

    private WorkspaceReader() {
    }

    /** A workspace that loaded, with the warnings found on the way (unknown properties, dropped secrets). */
    public record Loaded(Workspace workspace, List<FileProblem> warnings) {
    }

    public static Loaded read(byte[] bytes, String source) throws WorkspaceFormatException {
        LocatedJson doc = LocatedJson.parse(bytes, WorkspaceReader::kept);
        if (doc.root == null) {
            throw new WorkspaceFormatException(source, doc.problems);
        }
        JsonBinder b = new JsonBinder(doc);
        Workspace ws = bind(doc.root, b, source);
        List<FileProblem> all = b.problems();
        if (ws == null || all.stream().anyMatch(FileProblem::error)) {
            throw new WorkspaceFormatException(source, sorted(all));
        }
        return new Loaded(ws, sorted(all));
    }

    /** Whether the parser builds {@code key} of the object at {@code path}: a known property, or any of an unlisted object's. */
    /** The properties an object of this shape ({@code rollups[]}) may have; see {@link #KNOWN}. */
    static Set<String> known(String shape) {
        return KNOWN.get(shape);
    }

    private static boolean kept(String path, String key) {
        String shape = path.startsWith("canvas.") ? "canvas.*" : INDEX.matcher(path).replaceAll("[]");
        Set<String> known = KNOWN.get(shape);
        return known == null || known.contains(key);
    }

    private static List<FileProblem> sorted(List<FileProblem> problems) {
        List<FileProblem> s = new ArrayList<>(problems);
        s.sort(java.util.Comparator.comparingInt(FileProblem::line));
        return s;
    }

    private static Workspace bind(JsonNode root, JsonBinder b, String source) {
        if (!b.isObject(root, "")) {
            return null;
        }
        b.knownProperties(root, "", KNOWN.get(""));
        Optional<Integer> version = formatVersion(root, b);
        if (version.isEmpty()) {
            return null;
        }
        String name = b.string(root, "name", "", false).orElse(source);
        Map<String, EventKind> kinds = EventKindsJson.read(root, b);
        List<Layout> layouts = layouts(root, b, kinds);
        List<SampleBinding> samples = samples(root, b, kinds);
        List<Rollup> rollups = RollupsJson.read(root, b, kinds, layouts);
        List<Target> targets = targets(root, b);
        Map<String, Position> canvas = canvas(root, b, layouts);
        return new Workspace(name, List.copyOf(kinds.values()), layouts, samples, rollups, targets, canvas);
    }

    private static Optional<Integer> formatVersion(JsonNode root, JsonBinder b) {
        JsonNode v = root.get("formatVersion");
        if (v == null) {
            b.error("formatVersion", "missing: this is not a Cardinal workspace file (expected \"formatVersion\": "
                + Workspace.FORMAT_VERSION + ")");
            return Optional.empty();
        }
        if (!v.isIntegralNumber() || v.asLong() < 1) {
            b.error("formatVersion", "expected a whole number from 1 to " + Workspace.FORMAT_VERSION);
            return Optional.empty();
        }
        if (v.asLong() > Workspace.FORMAT_VERSION) {
            b.error("formatVersion", "written by a newer Cardinal (format " + v.asLong() + "); this version reads up to "
                + Workspace.FORMAT_VERSION);
            return Optional.empty();
        }
        return Optional.of(v.asInt());
    }

    private static List<Layout> layouts(JsonNode root, JsonBinder b, Map<String, EventKind> kinds) {
        List<Layout> layouts = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        List<JsonNode> nodes = b.array(root, "layouts", "", false);
        for (int i = 0; i < nodes.size(); i++) {
            String path = "layouts[" + i + "]";
            JsonNode n = nodes.get(i);
            if (!b.isObject(n, path)) {
                continue;
            }
            b.knownProperties(n, path, KNOWN.get("layouts[]"));
            Optional<String> id = b.string(n, "id", path, true);
            if (id.isPresent() && !ids.add(id.get())) {
                b.error(path + ".id", "duplicate layout id '" + id.get() + "'");
            }
            String name = b.string(n, "name", path, false).orElse(id.orElse(""));
            Optional<String> kindName = b.string(n, "eventKind", path, true);
            EventKind kind = kindName.map(kinds::get).orElse(null);
            if (kindName.isPresent() && kind == null) {
                b.error(path + ".eventKind", "unknown event kind '" + kindName.get() + "'");
            }
            Optional<Template> measurement = b.string(n, "measurement", path, true)
                .flatMap(s -> b.template(s, path + ".measurement"));
            measurement.ifPresent(t -> checkAttributes(t.attributes(), kind, path + ".measurement", b));
            List<TagSpec> tags = tags(n, path, kind, b);
            List<FieldSpec> fields = fields(n, path, kind, b);
            RetentionPlan retention = retention(n, path, b);
            if (id.isPresent() && kindName.isPresent() && measurement.isPresent()) {
                layouts.add(new Layout(id.get(), name, kindName.get(), measurement.get(), tags, fields, retention));
            }
        }
        return layouts;
    }

    /** Why {@code path} cannot name a file on this system (a NUL character anywhere), or empty when it can. */
    private static Optional<String> pathProblem(String path) {
        int nul = path.indexOf('\0');
        if (nul >= 0) {
            return Optional.of("a file path cannot hold a NUL character (character " + (nul + 1) + ")");
        }
        try {
            java.nio.file.Path.of(path);
            return Optional.empty();
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.of("not a file path on this system: " + e.getReason()
                + (e.getIndex() >= 0 ? " (character " + (e.getIndex() + 1) + ")" : ""));
        }
    }

    static void checkAttributes(Set<String> names, EventKind kind, String path, JsonBinder b) {
        if (kind == null) {
            return;
        }
        for (String a : names) {
            if (!kind.has(a)) {
                b.error(path, "unknown attribute '" + a + "'" + suggestion(a, kind));
            }
        }
    }

    private static String suggestion(String name, EventKind kind) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Attribute a : kind.attributes()) {
            int d = editDistance(name, a.name());
            if (d < bestDistance) {
                bestDistance = d;
                best = a.name();
            }
        }
        return best != null && bestDistance <= 2 ? " (did you mean '" + best + "'?)" : " (event kind '" + kind.name()
            + "' has no such attribute)";
    }

    private static int editDistance(String a, String c) {
        int[] prev = new int[c.length() + 1];
        int[] cur = new int[c.length() + 1];
        for (int j = 0; j <= c.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= c.length(); j++) {
                int cost = a.charAt(i - 1) == c.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[c.length()];
    }

    private static List<TagSpec> tags(JsonNode layout, String path, EventKind kind, JsonBinder b) {
        List<TagSpec> tags = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        List<JsonNode> nodes = b.array(layout, "tags", path, false);
        for (int i = 0; i < nodes.size(); i++) {
            String p = path + ".tags[" + i + "]";
            JsonNode n = nodes.get(i);
            TagSpec spec = null;
            if (n.isTextual()) {
                checkAttributes(Set.of(n.asText()), kind, p, b);
                spec = TagSpec.of(n.asText());
            } else if (n.isObject()) {
                b.knownProperties(n, p, KNOWN.get("layouts[].tags[]"));
                Optional<String> key = b.string(n, "key", p, true);
                Optional<Template> value = b.string(n, "value", p, true).flatMap(s -> b.template(s, p + ".value"));
                value.ifPresent(t -> checkAttributes(t.attributes(), kind, p, b));
                if (key.isPresent() && value.isPresent()) {
                    spec = new TagSpec(key.get(), value.get());
                }
            } else {
                b.error(p, "expected an attribute name or an object with \"key\" and \"value\"");
            }
            if (spec != null) {
                if (!keys.add(spec.key())) {
                    b.error(p, "duplicate tag key '" + spec.key() + "'");
                } else {
                    tags.add(spec);
                }
            }
        }
        return tags;
    }

    private static List<FieldSpec> fields(JsonNode layout, String path, EventKind kind, JsonBinder b) {
        List<FieldSpec> fields = new ArrayList<>();
        Set<String> literalKeys = new HashSet<>();
        List<JsonNode> nodes = b.array(layout, "fields", path, false);
        for (int i = 0; i < nodes.size(); i++) {
            String p = path + ".fields[" + i + "]";
            JsonNode n = nodes.get(i);
            FieldSpec spec = null;
            if (n.isTextual()) {
                checkAttributes(Set.of(n.asText()), kind, p, b);
                spec = FieldSpec.of(n.asText());
            } else if (n.isObject()) {
                b.knownProperties(n, p, KNOWN.get("layouts[].fields[]"));
                Optional<Template> key = b.string(n, "key", p, true).flatMap(s -> b.template(s, p + ".key"));
                Optional<String> attribute = b.string(n, "attribute", p, true);
                key.ifPresent(t -> checkAttributes(t.attributes(), kind, p + ".key", b));
                attribute.ifPresent(a -> checkAttributes(Set.of(a), kind, p + ".attribute", b));
                if (key.isPresent() && attribute.isPresent()) {
                    spec = new FieldSpec(key.get(), attribute.get());
                }
            } else {
                b.error(p, "expected an attribute name or an object with \"key\" and \"attribute\"");
            }
            if (spec != null) {
                if (spec.key().isLiteral() && !literalKeys.add(spec.key().literalText())) {
                    b.error(p, "duplicate field key '" + spec.key().literalText() + "'");
                } else {
                    fields.add(spec);
                }
            }
        }
        return fields;
    }

    private static RetentionPlan retention(JsonNode layout, String path, JsonBinder b) {
        JsonNode n = layout.get("retention");
        if (n == null || n.isNull()) {
            return RetentionPlan.AUTOGEN;
        }
        String p = path + ".retention";
        if (!b.isObject(n, p)) {
            return RetentionPlan.AUTOGEN;
        }
        b.knownProperties(n, p, KNOWN.get("layouts[].retention"));
        String name = b.string(n, "name", p, false).orElse("autogen");
        Duration duration = b.duration(n, "duration", p, false).orElse(Duration.ZERO);
        Duration shard = b.duration(n, "shardGroupDuration", p, false).orElse(null);
        if (shard != null && shard.isZero()) {
            b.error(p + ".shardGroupDuration", "a shard group cannot last forever; give a duration such as 1d or 7d");
        }
        int replication = n.has("replication") ? b.integer(n, "replication", p, 1, 64).orElse(1) : 1;
        return new RetentionPlan(name, duration, shard, replication);
    }

    private static List<SampleBinding> samples(JsonNode root, JsonBinder b, Map<String, EventKind> kinds) {
        List<SampleBinding> samples = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        List<JsonNode> nodes = b.array(root, "samples", "", false);
        for (int i = 0; i < nodes.size(); i++) {
            String p = "samples[" + i + "]";
            JsonNode n = nodes.get(i);
            if (!b.isObject(n, p)) {
                continue;
            }
            b.knownProperties(n, p, KNOWN.get("samples[]"));
            Optional<String> id = b.string(n, "id", p, true);
            if (id.isPresent() && !ids.add(id.get())) {
                b.error(p + ".id", "duplicate sample id '" + id.get() + "'");
            }
            Optional<String> file = b.string(n, "path", p, true);
            file.filter(f -> f.contains("\\")).ifPresent(f -> b.error(p + ".path", "use '/' in paths, not '\\'"));
            file.flatMap(WorkspaceReader::pathProblem).ifPresent(why -> b.error(p + ".path", why));
            Optional<SampleFormat> format = b.choice(n, "format", p, true, SampleFormat::fromId,
                Arrays.stream(SampleFormat.values()).map(SampleFormat::id).toList(), "sample format");
            Optional<String> kind = b.string(n, "eventKind", p, false);
            kind.filter(k -> !kinds.containsKey(k))
                .ifPresent(k -> b.warning(p + ".eventKind", "event kind '" + k + "' is not described yet; it will be inferred from the sample"));
            String precision = b.string(n, "precision", p, false).orElse("ns");
            if (!SampleBinding.PRECISIONS.contains(precision)) {
                b.error(p + ".precision", "unknown precision '" + precision + "' (expected one of ns, us, ms, s)");
            }
            String timeColumn = b.string(n, "timeColumn", p, false).orElse(null);
            String timeFormat = b.string(n, "timeFormat", p, false).orElse(null);
            List<String> tagColumns = new ArrayList<>();
            List<JsonNode> tc = b.array(n, "tagColumns", p, false);
            for (int j = 0; j < tc.size(); j++) {
                if (tc.get(j).isTextual()) {
                    tagColumns.add(tc.get(j).asText());
                } else {
                    b.error(p + ".tagColumns[" + j + "]", "expected a column name");
                }
            }
            if (id.isPresent() && file.isPresent() && format.isPresent()) {
                samples.add(new SampleBinding(id.get(), file.get(), format.get(), kind.orElse(null), precision,
                    timeColumn, timeFormat, tagColumns));
            }
        }
        return samples;
    }

    private static List<Target> targets(JsonNode root, JsonBinder b) {
        List<Target> targets = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        List<JsonNode> nodes = b.array(root, "targets", "", false);
        for (int i = 0; i < nodes.size(); i++) {
            String p = "targets[" + i + "]";
            JsonNode n = nodes.get(i);
            if (!b.isObject(n, p)) {
                continue;
            }
            n.fieldNames().forEachRemaining(k -> {
                if (SECRET_KEYS.contains(k)) {
                    b.warning(p + "." + k, "secrets are never kept in a workspace; '" + k
                        + "' was ignored and will not be saved (give it through the environment at push time)");
                }
            });
            Set<String> known = new HashSet<>(KNOWN.get("targets[]"));
            known.addAll(SECRET_KEYS);
            b.knownProperties(n, p, known);
            Optional<String> id = b.string(n, "id", p, true);
            if (id.isPresent() && !ids.add(id.get())) {
                b.error(p + ".id", "duplicate target id '" + id.get() + "'");
            }
            String name = b.string(n, "name", p, false).orElse(id.orElse(""));
            Optional<Target.Kind> kind = b.choice(n, "kind", p, true, Target.Kind::fromId,
                Arrays.stream(Target.Kind.values()).map(Target.Kind::id).toList(), "target kind");
            Optional<String> url = b.string(n, "url", p, true);
            url.ifPresent(u -> checkUrl(u, p + ".url", b));
            String database = b.string(n, "database", p, false).orElse(null);
            String org = b.string(n, "org", p, false).orElse(null);
            ServerVersion version = b.string(n, "serverVersion", p, false).map(v -> serverVersion(v, p + ".serverVersion", b))
                .orElse(null);
            ServerLimits limits = serverLimits(n, p, b);
            if (id.isPresent() && kind.isPresent() && url.isPresent()) {
                targets.add(new Target(id.get(), name, kind.get(), url.get(), database, org, version, limits));
            }
        }
        return targets;
    }

    private static ServerVersion serverVersion(String text, String path, JsonBinder b) {
        try {
            return ServerVersion.parse(text);
        } catch (IllegalArgumentException e) {
            b.error(path, e.getMessage());
            return null;
        }
    }

    /** A target's own limits: each a whole number, 0 for unlimited; absent ones keep the server's default. */
    private static ServerLimits serverLimits(JsonNode target, String p, JsonBinder b) {
        JsonNode n = target.get("limits");
        String path = p + ".limits";
        if (n == null || n.isNull() || !b.isObject(n, path)) {
            return ServerLimits.DEFAULTS;
        }
        b.knownProperties(n, path, KNOWN.get("targets[].limits"));
        String rule = "expected a whole number, 0 for unlimited";
        Long series = b.whole(n, "maxSeriesPerDatabase", path, false, 0, Long.MAX_VALUE, rule).orElse(null);
        Long values = b.whole(n, "maxValuesPerTag", path, false, 0, Long.MAX_VALUE, rule).orElse(null);
        Long fields = b.whole(n, "totalFields", path, false, 0, Long.MAX_VALUE, rule).orElse(null);
        ServerLimits.CloudPlan plan = b.choice(n, "cloudPlan", path, false, ServerLimits.CloudPlan::fromId,
            Arrays.stream(ServerLimits.CloudPlan.values()).map(ServerLimits.CloudPlan::id).toList(), "Cloud plan").orElse(null);
        return new ServerLimits(series, values, plan, fields);
    }

    private static void checkUrl(String url, String path, JsonBinder b) {
        Target.urlProblem(url).ifPresent(problem -> b.error(path, problem));
    }

    private static Map<String, Position> canvas(JsonNode root, JsonBinder b, List<Layout> layouts) {
        Map<String, Position> canvas = new LinkedHashMap<>();
        JsonNode n = root.get("canvas");
        if (n == null || n.isNull() || !b.isObject(n, "canvas")) {
            return canvas;
        }
        Set<String> layoutIds = new HashSet<>();
        layouts.forEach(l -> layoutIds.add(l.id()));
        n.fieldNames().forEachRemaining(key -> {
            String p = "canvas." + key;
            JsonNode pos = n.get(key);
            if (!b.isObject(pos, p)) {
                return;
            }
            b.knownProperties(pos, p, KNOWN.get("canvas.*"));
            Optional<Double> x = b.number(pos, "x", p);
            Optional<Double> y = b.number(pos, "y", p);
            if (!layoutIds.contains(key)) {
                b.warning(p, "no layout with id '" + key + "'; position ignored");
            } else if (x.isPresent() && y.isPresent()) {
                canvas.put(key, new Position(x.get(), y.get()));
            }
        });
        return canvas;
    }
}
