package dev.cardinal.ui.help;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * Enough Markdown for the user guide: headings, paragraphs, bullet lists, {@code **bold**},
 * {@code `code`} and links (their text), as text flows with style classes; nothing is interpreted as markup of
 * JavaFX, so any text is safe to show.
 */
final class MarkdownText {
    private static final Pattern INLINE = Pattern.compile("\\*\\*(.+?)\\*\\*|`([^`]+)`|\\[([^\\]]+)]\\([^)]*\\)");

    private MarkdownText() {
    }

    /** The section of {@code markdown} under the heading {@code heading} (up to the next heading of its level or above). */
    static String section(String markdown, String heading) {
        String[] lines = markdown.split("\n", -1);
        StringBuilder out = new StringBuilder();
        int level = -1;
        for (String line : lines) {
            int hashes = line.startsWith("#") ? line.indexOf(' ') : 0;
            if (level < 0) {
                if (hashes > 0 && line.substring(hashes + 1).strip().equals(heading)) {
                    level = hashes;
                }
                continue;
            }
            if (hashes > 0 && hashes <= level && line.substring(0, hashes).chars().allMatch(c -> c == '#')) {
                break;
            }
            out.append(line).append('\n');
        }
        return out.toString().strip();
    }

    /** One node per block: headings, paragraphs and list items. */
    static List<Node> blocks(String markdown) {
        List<Node> out = new ArrayList<>();
        StringBuilder block = new StringBuilder();
        String kind = "paragraph";
        for (String line : markdown.split("\n", -1)) {
            String t = line.strip();
            boolean item = t.startsWith("- ") || t.startsWith("* ");
            boolean heading = t.startsWith("#");
            if (t.isEmpty() || item || heading) {
                flush(out, block, kind);
                kind = "paragraph";
            }
            if (heading) {
                block.append(t.replaceFirst("^#+\\s*", ""));
                flush(out, block, "heading");
                // a section (##) stands out from its subsections (###)
                out.get(out.size() - 1).getStyleClass().add("guide-h" + (t.length() - t.replaceFirst("^#+", "").length()));
            } else if (item) {
                kind = "item";
                block.append("•  ").append(t.substring(2));
            } else if (!t.isEmpty()) {
                block.append(block.length() == 0 ? "" : " ").append(t);
            }
        }
        flush(out, block, kind);
        return out;
    }

    private static void flush(List<Node> out, StringBuilder block, String kind) {
        if (block.length() == 0) {
            return;
        }
        TextFlow flow = new TextFlow();
        flow.getStyleClass().addAll("guide-block", "guide-" + kind);
        flow.getChildren().addAll(inline(block.toString(), kind.equals("heading")));
        out.add(flow);
        block.setLength(0);
    }

    private static List<Text> inline(String text, boolean heading) {
        List<Text> out = new ArrayList<>();
        Matcher m = INLINE.matcher(text);
        int at = 0;
        while (m.find()) {
            if (m.start() > at) {
                out.add(text(text.substring(at, m.start()), heading ? "guide-heading-text" : "guide-text"));
            }
            if (m.group(1) != null) {
                out.add(text(m.group(1), "guide-bold"));
            } else if (m.group(2) != null) {
                out.add(text(m.group(2), "guide-code"));
            } else {
                out.add(text(m.group(3), "guide-text"));
            }
            at = m.end();
        }
        if (at < text.length()) {
            out.add(text(text.substring(at), heading ? "guide-heading-text" : "guide-text"));
        }
        return out;
    }

    private static Text text(String s, String style) {
        Text t = new Text(s);
        t.getStyleClass().add(style);
        return t;
    }
}
