package dev.cardinal.cli;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The weather scenario with one more layout, {@code odd}, whose measurement, tag key, tag values and field key hold
 * terminal controls, quotes, backslashes, braces and a bidirectional override: what the metrics engines' plan and
 * apply tests write, saved beside its sample in a temp directory.
 */
final class HostileMetricsWorkspace {
    /** ESC [2J clears the screen, ESC ] 0 ; ... BEL sets the window title, U+202E reverses the line. */
    static final String CONTROLS = "\u001b[2J\u001b]0;pwned\u0007\u202e";
    static final String LAYOUT = "odd";

    private HostileMetricsWorkspace() {
    }

    /**
     * @param tagKey     the hostile tag's key
     * @param valueStart what every value of that tag starts with (then the crop), literal text
     */
    static Path write(Path dir, String measurement, String tagKey, String valueStart, String fieldKey) throws Exception {
        Path from = Path.of("sample-data/weather/weather" + WorkspaceFiles.EXTENSION);
        Workspace ws = WorkspaceFiles.rebase(WorkspaceFiles.load(from).workspace(), from, dir.resolve("w" + WorkspaceFiles.EXTENSION));
        Layout odd = new Layout(LAYOUT, LAYOUT, "weather", Template.literal(measurement),
            List.of(new TagSpec(tagKey, Template.parse(valueStart.replace("{", "{{").replace("}", "}}") + "{crop}")),
                TagSpec.of("region")),
            List.of(new FieldSpec(Template.literal(fieldKey), "temp")), RetentionPlan.AUTOGEN);
        List<Layout> layouts = new ArrayList<>(ws.layouts());
        layouts.add(odd);
        Path file = dir.resolve("w" + WorkspaceFiles.EXTENSION);
        WorkspaceFiles.save(file, new Workspace(ws.name(), ws.eventKinds(), layouts, ws.samples(), ws.rollups(), ws.targets(),
            ws.canvas()));
        return file;
    }

    /** True when {@code text} holds none of the controls as they are (escaped, they are visible text). */
    static boolean inert(String text) {
        return text.chars().noneMatch(c -> c == 0x1b || c == 0x07 || c == 0x202e || c == '\r');
    }
}
