package dev.cardinal.engine;

/**
 * What an artefact is written in, for highlighting and grouping, and how a comment is written in it: the one
 * place where text from names and samples becomes a comment ({@link CommentText}). JSON has no comments; the
 * code panel still labels JSON files with a {@code //} line, as JSON with comments does.
 */
public enum Language {
    INFLUXQL("-- "), FLUX("// "), SQL("-- "), JAVA("// "), JAVASCRIPT("// "), LINE_PROTOCOL("# "), JSON("// "), SHELL("# "), YAML("# ");

    private final String commentStart;

    Language(String commentStart) {
        this.commentStart = commentStart;
    }

    /** A one-line comment saying {@code text}, without its line break; nothing in the text can end it early. */
    public String comment(String text) {
        return commentStart + CommentText.line(text);
    }
}
