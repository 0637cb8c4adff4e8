package dev.cardinal.engine;

/**
 * Text from a name or a sample value made inert for a generated comment, whatever the language. A comment in
 * InfluxQL, Flux, SQL, shell and line protocol ends at a line break, so a name holding one would turn the rest of the
 * name into a statement; the engines add their own ends: InfluxQL's scanner reads NUL as the end of input and CR as a
 * newline, psql ends a comment at CR, Java turns <code>&#92;u000a</code> into a line break even inside a comment, and Java
 * and JavaScript block comments end at {@code *}{@code /}. So every character that is not plainly visible text is
 * spelled as an escape and the text stays on one line:
 * <ul>
 * <li>a backslash is doubled, so no escape of the text's own is read by a compiler (<code>&#92;u002a/</code> in Java);</li>
 * <li>control characters are {@code \n}, {@code \r}, {@code \t} or {@code \x{1b}}; format characters (bidirectional
 *     overrides that make code read differently from how it runs, zero-width characters) and line and paragraph
 *     separators are {@code \x{202e}} and the like;</li>
 * <li>{@code *}{@code /} becomes {@code *\/}.</li>
 * </ul>
 * What a comment shows is then exactly the text, with its invisible characters made visible.
 */
public final class CommentText {
    private CommentText() {
    }

    /** {@code text} as one inert line. */
    public static String line(String text) {
        return escaped(text, true);
    }

    /**
     * {@code text} for a message to a person (a terminal, a dialog): invisible characters spelled as in
     * {@link #line}, so a name cannot move the cursor or hide its line breaks, but backslashes as typed.
     */
    public static String shown(String text) {
        return escaped(text, false);
    }

    private static String escaped(String text, boolean forCode) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            String escape = !forCode && (cp == '\\' || cp == '/') ? null : escape(cp, i > 0 ? text.charAt(i - 1) : 0);
            if (escape != null && sb == null) {
                sb = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (sb != null) {
                if (escape != null) {
                    sb.append(escape);
                } else {
                    sb.appendCodePoint(cp);
                }
            }
            i += Character.charCount(cp);
        }
        return sb == null ? text : sb.toString();
    }

    private static String escape(int cp, char previous) {
        switch (cp) {
            case '\\':
                return "\\\\";
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            case '/':
                return previous == '*' ? "\\/" : null;
            default:
                break;
        }
        int type = Character.getType(cp);
        boolean invisible = type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
            || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE || type == Character.UNASSIGNED
            || type == Character.PRIVATE_USE;
        return invisible ? String.format(java.util.Locale.ROOT, "\\x{%x}", cp) : null;
    }
}
