package dev.cardinal.traffic;

/**
 * One problem met while reading sample traffic.
 *
 * @param file    the file, as given
 * @param line    1-based line (0 when the problem concerns the whole file)
 * @param column  1-based character column in that line (0 when unknown)
 * @param kind    what sort of problem
 * @param message the reason, in words
 */
public record ReadProblem(String file, long line, int column, Kind kind, String message) {

    public enum Kind {
        /** The line breaks the format's syntax; it was skipped. */
        MALFORMED,
        /** A field arrived with another type than before (the server's "field type conflict"); the line was skipped. */
        TYPE_CONFLICT,
        /** The file is not what its name or binding says it is; it was not read. */
        NOT_THIS_FORMAT,
        /** The file could not be read (missing, no permission, corrupt compression); rows before the fault are kept. */
        UNREADABLE,
        /** Reading stopped at the memory budget or row cap; the rest was not read. */
        CAPPED,
        /** The line was kept, as the server keeps it, but it is probably not what was meant (see the message). */
        WARNING
    }

    /** The same problem {@code lines} further on in its file (one about the whole file stays as it is). */
    ReadProblem movedBy(long lines) {
        return line <= 0 || lines == 0 ? this : new ReadProblem(file, line + lines, column, kind, message);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(file);
        if (line > 0) {
            sb.append(':').append(line);
            if (column > 0) {
                sb.append(':').append(column);
            }
        }
        sb.append(": ");
        if (kind == Kind.WARNING) {
            sb.append("warning: ");
        }
        return sb.append(message).toString();
    }
}
