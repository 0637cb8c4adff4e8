package dev.cardinal.ui.profile;

import dev.cardinal.lineprotocol.SyntheticLineProtocol;
import dev.cardinal.model.FileProblem;
import dev.cardinal.traffic.synthetic.ProfileFormatException;
import dev.cardinal.traffic.synthetic.ProfileReader;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A profile's JSON checked as {@code cardinal synthesize} checks it: the profile when it reads and can be written as
 * line protocol, else every problem with its line, and each problem placed where the form shows it (beside the row
 * of its attribute, beside a field at the top, or under the form).
 *
 * @param profile    the profile, or null when anything is wrong
 * @param problems   what the reader found, with JSON path and line
 * @param unwritable what reads but no line protocol can carry
 */
public record ProfileCheck(TrafficProfile profile, List<FileProblem> problems, List<String> unwritable) {
    private static final Pattern ROW = Pattern.compile("attributes\\[(\\d+)\\](?:\\.([A-Za-z]+))?.*");
    /** How the form names what the JSON calls these keys. */
    private static final Map<String, String> LABELS = Map.ofEntries(Map.entry("values", "distinct values"),
        Map.entry("names", "value names"), Map.entry("newPerDay", "new a day"),
        Map.entry("newPerThousandPoints", "new per 1,000 points"), Map.entry("repeatSkew", "repeat skew"),
        Map.entry("asTag", "sent as"));

    public ProfileCheck {
        problems = List.copyOf(problems);
        unwritable = List.copyOf(unwritable);
    }

    public static ProfileCheck of(String json) {
        try {
            TrafficProfile p = ProfileReader.read(json.getBytes(StandardCharsets.UTF_8), "profile").profile();
            List<String> unwritable = SyntheticLineProtocol.unwritable(p);
            return new ProfileCheck(unwritable.isEmpty() ? p : null, List.of(), unwritable);
        } catch (ProfileFormatException e) {
            return new ProfileCheck(null, e.problems(), List.of());
        }
    }

    /** Every problem on its own line, with its line in the JSON. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        for (FileProblem f : problems) {
            out.add("line " + f.line() + ": " + (f.path().isEmpty() ? "" : f.path() + ": ") + f.message());
        }
        out.addAll(unwritable);
        return out;
    }

    /** The problems of attribute {@code row} (0-based), each named by the setting it is about. */
    public List<String> ofRow(int row) {
        List<String> out = new ArrayList<>();
        for (FileProblem f : problems) {
            Matcher m = ROW.matcher(f.path());
            if (m.matches() && Integer.parseInt(m.group(1)) == row) {
                out.add(m.group(2) == null ? f.message() : LABELS.getOrDefault(m.group(2), m.group(2)) + ": " + f.message());
            }
        }
        return out;
    }

    /** The problems of a setting at the top ({@code eventKind}, {@code pointsPerDay}, {@code span}, {@code seed}). */
    public List<String> atSetting(String key) {
        return problems.stream().filter(f -> f.path().equals(key)).map(FileProblem::message).toList();
    }

    /** The problems that belong to no row and no setting: the profile as a whole, and what cannot be written. */
    public List<String> general() {
        List<String> out = new ArrayList<>();
        for (FileProblem f : problems) {
            if (!ROW.matcher(f.path()).matches() && !List.of("eventKind", "pointsPerDay", "span", "seed").contains(f.path())) {
                out.add((f.path().isEmpty() ? "" : f.path() + ": ") + f.message());
            }
        }
        out.addAll(unwritable);
        return out;
    }
}
