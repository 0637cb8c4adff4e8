package dev.cardinal.traffic;

import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.Workspace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The layouts a traffic summary counts for an event kind: each of the workspace's layouts, and each layout one toggle
 * away from one of them (one attribute moved from tag to field or from field to tag), once each by
 * {@link TrafficSummary#signature}. The job and every reader of a summary agree on this list.
 */
public final class SummaryCoverage {
    private SummaryCoverage() {
    }

    public static List<Layout> layouts(Workspace ws, String eventKind) {
        Map<String, Layout> out = new LinkedHashMap<>();
        List<Layout> own = ws.layoutsOf(eventKind);
        own.forEach(l -> out.putIfAbsent(TrafficSummary.signature(l), l));
        List<String> attributes = ws.eventKind(eventKind).map(EventKind::attributes).orElse(List.of()).stream()
            .map(Attribute::name).toList();
        for (Layout l : own) {
            for (String a : attributes) {
                Role r = l.roleOf(a);
                Layout toggled = r == Role.TAG ? l.withRole(a, Role.FIELD) : r == Role.FIELD ? l.withRole(a, Role.TAG) : null;
                if (toggled != null) {
                    out.putIfAbsent(TrafficSummary.signature(toggled), toggled);
                }
            }
        }
        return new ArrayList<>(out.values());
    }

    /**
     * How to compute a summary that covers a workspace's layouts, for a message: the {@code cardinal summarize}
     * command (which runs the job through {@code spark-submit}), then the job's own command for a cluster, as words.
     */
    public static List<List<String>> rerun(String workspaceFile) {
        String out = "SUMMARY" + TrafficSummary.EXTENSION;
        return List.of(List.of("cardinal", "summarize", "INPUT...", "--workspace", workspaceFile, "-o", out),
            List.of("spark-submit", "--class", "dev.cardinal.spark.SummarizeJob", "cardinal-summarize.jar", "--workspace",
                workspaceFile, "--out", out, "INPUT..."));
    }

    /** {@link #rerun} as one line of text: the command here, then the one for a cluster in parentheses. */
    public static String rerunText(String workspaceFile) {
        List<List<String>> rerun = rerun(workspaceFile);
        return shell(rerun.get(0)) + " (on a cluster: " + shell(rerun.get(1)) + ")";
    }

    private static final java.util.regex.Pattern PLAIN = java.util.regex.Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    /** The command as a POSIX shell reads it: a word with other characters than plain ones single-quoted. */
    public static String shell(List<String> command) {
        StringBuilder b = new StringBuilder();
        for (String word : command) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(PLAIN.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'");
        }
        return b.toString();
    }
}
