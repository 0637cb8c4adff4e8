package dev.cardinal.traffic;

/**
 * The bytes a line protocol read holds and where its current line is in them: the line source ({@link BufferedLines},
 * {@link PipelinedLines}) moves the bytes, the {@link LineTaker} the line, and the checks, the writer and the problems
 * read both.
 */
final class LineAt {
    /** The bytes held: {@code buf[0, limit)}, the input's end when {@link #eof}. */
    byte[] buf;
    int limit;
    boolean eof;
    /** Bytes of the input before the buffer's start. */
    long consumed;
    /**
     * The physical line the current line starts on, counted from 1 at the input's start: the line of a problem, a
     * warning, a cap and where an attribute was first seen, which the merge of a chunk's reading places in its
     * file; a line named in a message's text is the file's ({@link LineProblems#absolute}).
     */
    long line = 1;
    /** The physical line the current (logical) line ends on (counted as {@link #line}). */
    long lastLine;
    /** Where the current line starts in {@link #buf}, and where its text ends (before a CR). */
    int lineStart;
    int contentEnd;
    /** The lines taken as points so far. */
    long goodLines;

    LineAt(byte[] buf) {
        this.buf = buf;
    }

    /** A physical line and 1-based character column in it. */
    record Place(long line, int column) {
    }

    /** Where the byte at offset {@code at} of the current line is. */
    Place place(int at) {
        long l = line;
        int from = lineStart;
        for (int i = lineStart; i < at && i < limit; i++) {
            if (buf[i] == '\n') {
                l++;
                from = i + 1;
            }
        }
        int column = 1;
        for (int i = from; i < at && i < limit; i++) {
            if ((buf[i] & 0xC0) != 0x80) {
                column++;
            }
        }
        return new Place(l, column);
    }
}
