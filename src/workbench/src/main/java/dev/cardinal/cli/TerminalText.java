package dev.cardinal.cli;

import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What a command prints, made inert for a terminal. Names from traffic and workspaces reach a command's messages
 * as they were read, and a terminal obeys the control characters among them: ESC and the C1 CSI start sequences that
 * clear the screen, set the window title or hide text; CR and backspace overwrite what was printed; bidirectional
 * overrides make a line read differently from what it holds. So every such character is spelled as a visible escape
 * ({@code \u001b}, {@code \r}, {@code \u202e}), which shows the user what is there and, being JSON's own escape,
 * leaves a JSON report valid and equal. Line feed and tab pass, since a report's layout is made of them.
 *
 * <p>Every command prints through {@link #out} and {@link #err}; a single value shown on one line (the capture's live
 * line) goes through {@link #inert}, which escapes line feeds and tabs too. Data a command writes for a program
 * (files, line protocol) is not text for a terminal and does not pass here.
 */
public final class TerminalText {
    private TerminalText() {
    }

    /** The command's standard output, made inert. */
    public static PrintWriter out(CommandSpec spec) {
        return writer(spec.commandLine().getOut());
    }

    /** The command's standard error, made inert. */
    public static PrintWriter err(CommandSpec spec) {
        return writer(spec.commandLine().getErr());
    }

    /**
     * {@code to} with every control character but line feed and tab escaped as it passes; each line printed is flushed,
     * so a line reaches the terminal when it is printed, as through picocli's own writers.
     */
    public static PrintWriter writer(PrintWriter to) {
        return new PrintWriter(new InertWriter(to), true);
    }

    /** {@code text} with every control character escaped, line feed and tab included: one line, whatever it holds. */
    public static String inert(CharSequence text) {
        StringBuilder sb = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int cp = Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))
                ? Character.toCodePoint(c, text.charAt(i + 1)) : c;
            if (cp == '\n' || cp == '\t' || escaped(cp)) {
                appendEscape(sb, cp);
            } else {
                sb.appendCodePoint(cp);
            }
            i += Character.charCount(cp) - 1;
        }
        return sb.toString();
    }

    /** Whether a terminal could act on {@code cp} or show it as nothing: controls, format characters, separators. */
    static boolean escaped(int cp) {
        if (cp == '\n' || cp == '\t') {
            return false;
        }
        int type = Character.getType(cp);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
            || type == Character.PARAGRAPH_SEPARATOR;
    }

    /** {@code cp} as the visible escape that spells it, JSON's own. */
    static void appendEscape(StringBuilder sb, int cp) {
        switch (cp) {
            case '\n' -> sb.append("\\n");
            case '\t' -> sb.append("\\t");
            case '\r' -> sb.append("\\r");
            case '\b' -> sb.append("\\b");
            case '\f' -> sb.append("\\f");
            default -> {
                // a supplementary character as its two UTF-16 halves, as JSON spells it
                for (char half : Character.toChars(cp)) {
                    sb.append(String.format(Locale.ROOT, "\\u%04x", (int) half));
                }
            }
        }
    }
}
