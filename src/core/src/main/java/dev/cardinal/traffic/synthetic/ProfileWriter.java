package dev.cardinal.traffic.synthetic;

import dev.cardinal.model.AtomicFiles;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.cardinal.model.Durations;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a profile as a {@code *.profile.json} file meant to be typed, diffed and kept in git: keys in a fixed
 * order, LF line endings, one attribute per line, every default written out so the file says what it does.
 * <pre>
 * {
 *   "formatVersion": 1,
 *   "eventKind": "listing_event",
 *   "pointsPerDay": 50000,
 *   "span": "30d",
 *   "seed": 7,
 *   "attributes": [
 *     { "name": "event", "kind": "closed", "values": 5, "skew": 1.2, "asTag": true },
 *     { "name": "device", "kind": "closed", "values": 3, "names": ["web", "ios", "android"], "skew": 0, "asTag": true },
 *     { "name": "user_id", "kind": "id", "newPerDay": 2000, "repeatSkew": 1, "prefix": "u", "asTag": true },
 *     { "name": "host", "kind": "constant", "value": "web-01", "asTag": true },
 *     { "name": "count", "kind": "measure", "type": "integer" }
 *   ]
 * }
 * </pre>
 */
public final class ProfileWriter {
    private ProfileWriter() {
    }

    public static String toJson(TrafficProfile p) {
        StringBuilder sb = new StringBuilder(512);
        sb.append("{\n");
        sb.append("  \"formatVersion\": ").append(ProfileReader.FORMAT_VERSION).append(",\n");
        sb.append("  \"eventKind\": ").append(quote(p.eventKind())).append(",\n");
        sb.append("  \"pointsPerDay\": ").append(number(p.pointsPerDay())).append(",\n");
        sb.append("  \"span\": ").append(quote(Durations.format(p.span()))).append(",\n");
        sb.append("  \"seed\": ").append(p.seed()).append(",\n");
        sb.append("  \"attributes\": [");
        List<String> lines = new ArrayList<>();
        for (AttributeProfile a : p.attributes()) {
            lines.add("    { " + String.join(", ", members(a)) + " }");
        }
        sb.append(lines.isEmpty() ? "" : "\n" + String.join(",\n", lines) + "\n  ").append("]\n}\n");
        return sb.toString();
    }

    /** Writes atomically ({@link AtomicFiles}): a crash never leaves half a file. */
    public static void save(Path file, TrafficProfile p) throws IOException {
        AtomicFiles.write(file, toJson(p).getBytes(StandardCharsets.UTF_8));
    }


    private static List<String> members(AttributeProfile a) {
        List<String> m = new ArrayList<>();
        m.add(member("name", quote(a.name())));
        if (a instanceof AttributeProfile.ClosedSet c) {
            m.add(member("kind", "\"closed\""));
            m.add(member("values", Integer.toString(c.values())));
            if (!c.valueNames().isEmpty()) {
                m.add(member("names", "[" + String.join(", ", c.valueNames().stream().map(ProfileWriter::quote).toList()) + "]"));
            }
            m.add(member("skew", number(c.skew())));
        } else if (a instanceof AttributeProfile.GrowingId g) {
            m.add(member("kind", "\"id\""));
            m.add(member(g.per() == AttributeProfile.GrowingId.Per.DAY ? "newPerDay" : "newPerThousandPoints", number(g.rate())));
            m.add(member("repeatSkew", number(g.repeatSkew())));
            m.add(member("prefix", quote(g.prefix())));
        } else if (a instanceof AttributeProfile.Measure ms) {
            m.add(member("kind", "\"measure\""));
            m.add(member("type", quote(ms.type().id())));
        } else if (a instanceof AttributeProfile.Constant k) {
            m.add(member("kind", "\"constant\""));
            m.add(member("value", quote(k.value())));
        }
        if (!(a instanceof AttributeProfile.Measure)) {
            m.add(member("asTag", Boolean.toString(a.asTag())));
        }
        return m;
    }

    private static String member(String key, String json) {
        return "\"" + key + "\": " + json;
    }

    private static String quote(String s) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
    }

    /** Whole numbers without a fraction ({@code 50000}, not {@code 50000.0}), so a typed file reads back as typed. */
    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 0x1p53 ? Long.toString((long) v) : Double.toString(v);
    }
}
