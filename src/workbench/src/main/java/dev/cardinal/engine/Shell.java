package dev.cardinal.engine;

/**
 * POSIX shell spelling of arguments: a word of letters, digits and {@code -_./:=@%+,} as it is, anything else in single
 * quotes, inside which the shell expands nothing ({@code $}, backquotes, globs and line breaks are text); a single
 * quote is written {@code '\''}. A NUL cannot be passed to a command at all, so a name holding one is refused rather
 * than cut short.
 */
public final class Shell {
    private Shell() {
    }

    public static String quote(String argument) {
        if (argument.indexOf('\0') >= 0) {
            throw new UnwritableNameException("the name '" + CommentText.shown(argument)
                + "' cannot be a shell argument: it holds a NUL character");
        }
        if (!argument.isEmpty() && argument.chars().allMatch(Shell::plain)) {
            return argument; // nothing in it the shell reads
        }
        return "'" + argument.replace("'", "'\\''") + "'";
    }

    private static boolean plain(int c) {
        return c < 128 && (Character.isLetterOrDigit(c) || "-_./:=@%+,".indexOf(c) >= 0);
    }
}
