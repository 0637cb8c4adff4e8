package dev.cardinal.cli;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * What {@link TerminalText#writer} prints through: escapes as characters pass. A high surrogate waits for its low half
 * (a format character beyond the first plane, such as a tag character, is invisible too), so the pair may arrive in
 * two writes.
 */
final class InertWriter extends Writer {
    private final PrintWriter to;
    private char pendingHigh;

    InertWriter(PrintWriter to) {
        this.to = to;
    }

    @Override
    public void write(char[] cbuf, int off, int len) {
        StringBuilder sb = new StringBuilder(len + 8);
        for (int i = off; i < off + len; i++) {
            char c = cbuf[i];
            if (pendingHigh != 0) {
                char high = pendingHigh;
                pendingHigh = 0;
                if (Character.isLowSurrogate(c)) {
                    append(sb, Character.toCodePoint(high, c));
                    continue;
                }
                sb.append(high);
            }
            if (Character.isHighSurrogate(c)) {
                pendingHigh = c;
            } else {
                append(sb, c);
            }
        }
        to.write(sb.toString());
    }

    private static void append(StringBuilder sb, int cp) {
        if (TerminalText.escaped(cp)) {
            TerminalText.appendEscape(sb, cp);
        } else {
            sb.appendCodePoint(cp);
        }
    }

    @Override
    public void flush() {
        to.flush();
    }

    @Override
    public void close() {
        flush();
    }
}
