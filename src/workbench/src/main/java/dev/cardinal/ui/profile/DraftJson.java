package dev.cardinal.ui.profile;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cardinal.model.LocatedJson;
import dev.cardinal.traffic.synthetic.ProfileReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The form's profile as the {@code *.profile.json} text and back. The JSON has the layout {@code ProfileWriter}
 * gives (keys in its order, one attribute per line), so a profile that went through the form reads as one written by
 * {@code cardinal}; values are written as typed, so a wrong one reaches the reader and is reported with its place.
 */
final class DraftJson {
    private static final Pattern NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    private DraftJson() {
    }

    static String toJson(ProfileDraft d) {
        List<String> top = new ArrayList<>();
        top.add(member("formatVersion", Integer.toString(ProfileReader.FORMAT_VERSION)));
        add(top, "eventKind", string(d.eventKind.get()));
        add(top, "pointsPerDay", number(d.pointsPerDay.get()));
        add(top, "span", string(d.span.get()));
        add(top, "seed", number(d.seed.get()));
        List<String> lines = new ArrayList<>();
        for (AttributeDraft a : d.attributes()) {
            lines.add("    { " + String.join(", ", members(a)) + " }");
        }
        top.add(member("attributes", "[" + (lines.isEmpty() ? "" : "\n" + String.join(",\n", lines) + "\n  ") + "]"));
        return "{\n  " + String.join(",\n  ", top) + "\n}\n";
    }

    private static List<String> members(AttributeDraft a) {
        List<String> m = new ArrayList<>();
        m.add(member("name", quote(a.name.get())));
        AttributeKind kind = a.kind.get();
        if (kind != null) {
            m.add(member("kind", quote(kind.json())));
            switch (kind) {
                case CLOSED -> {
                    add(m, "values", number(a.values.get()));
                    List<String> names = Arrays.stream(a.names.get().split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
                    if (!names.isEmpty()) {
                        m.add(member("names", "[" + String.join(", ", names.stream().map(DraftJson::quote).toList()) + "]"));
                    }
                    add(m, "skew", number(a.skew.get()));
                }
                case ID -> {
                    add(m, a.per.get().json(), number(a.rate.get()));
                    add(m, "repeatSkew", number(a.repeatSkew.get()));
                    add(m, "prefix", string(a.prefix.get()));
                }
                case MEASURE -> add(m, "type", string(a.type.get()));
                case CONSTANT -> add(m, "value", quote(a.value.get()));
            }
        }
        if (kind != AttributeKind.MEASURE) {
            m.add(member("asTag", Boolean.toString(a.asTag.get())));
        }
        return m;
    }

    /** Adds {@code key} unless its value was left blank (the reader then says what is missing, or takes the default). */
    private static void add(List<String> members, String key, String json) {
        if (json != null) {
            members.add(member(key, json));
        }
    }

    private static String member(String key, String json) {
        return "\"" + key + "\": " + json;
    }

    /** A number as typed; what is not one goes as a string, for the reader to say that it must be a number. */
    private static String number(String typed) {
        String s = typed.strip();
        return s.isEmpty() ? null : NUMBER.matcher(s).matches() ? s : quote(s);
    }

    private static String string(String typed) {
        return typed.isBlank() ? null : quote(typed.strip());
    }

    private static String quote(String s) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
    }

    /**
     * Fills {@code d} from {@code json}; false (and {@code d} as it was) when the text is not a JSON object. Rows are
     * reused in order, so the form keeps its controls while the JSON is typed.
     */
    static boolean fill(ProfileDraft d, String json) {
        JsonNode root = LocatedJson.parse(json.getBytes(StandardCharsets.UTF_8)).root();
        if (root == null || !root.isObject()) {
            return false;
        }
        d.eventKind.set(text(root.get("eventKind")));
        d.pointsPerDay.set(text(root.get("pointsPerDay")));
        d.span.set(text(root.get("span")));
        d.seed.set(text(root.get("seed")));
        JsonNode list = root.path("attributes");
        int n = list.isArray() ? list.size() : 0;
        while (d.attributes().size() > n) {
            d.attributes().remove(d.attributes().size() - 1);
        }
        while (d.attributes().size() < n) {
            d.attributes().add(new AttributeDraft());
        }
        for (int i = 0; i < n; i++) {
            fill(d.attributes().get(i), list.get(i));
        }
        return true;
    }

    private static void fill(AttributeDraft a, JsonNode n) {
        a.name.set(text(n.get("name")));
        a.kind.set(AttributeKind.ofJson(text(n.get("kind"))));
        a.values.set(text(n.get("values")));
        a.skew.set(text(n.get("skew")));
        JsonNode names = n.path("names");
        List<String> listed = new ArrayList<>();
        names.forEach(v -> listed.add(text(v)));
        a.names.set(names.isArray() ? String.join(", ", listed) : text(n.get("names")));
        boolean perPoints = !n.hasNonNull("newPerDay") && n.hasNonNull("newPerThousandPoints");
        a.per.set(perPoints ? RatePer.THOUSAND_POINTS : RatePer.DAY);
        a.rate.set(text(n.get(a.per.get().json())));
        a.repeatSkew.set(text(n.get("repeatSkew")));
        a.prefix.set(text(n.get("prefix")));
        String type = text(n.get("type"));
        a.type.set(type.isEmpty() ? "integer" : type);
        a.value.set(text(n.get("value")));
        a.asTag.set(n.path("asTag").asBoolean(false));
    }

    /** A value as the form shows it: a string's text, a number as ProfileWriter writes it, anything else as JSON. */
    private static String text(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return "";
        }
        if (v.isTextual()) {
            return v.asText();
        }
        if (v.isIntegralNumber()) {
            return v.asText();
        }
        if (v.isNumber()) {
            double x = v.doubleValue();
            return x == Math.rint(x) && Math.abs(x) < 0x1p53 ? Long.toString((long) x) : Double.toString(x);
        }
        return v.toString();
    }
}
