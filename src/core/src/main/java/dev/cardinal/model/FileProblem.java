package dev.cardinal.model;

/**
 * One problem found while loading a JSON file (a workspace, a traffic profile): where (JSON path and line) and why.
 *
 * @param path    JSON path such as {@code layouts[1].tags[2]}; empty for the whole document
 * @param line    1-based line in the file
 * @param message what is wrong, in words a user can act on
 * @param error   true for an error (the file is refused), false for a warning (the file loads)
 */
public record FileProblem(String path, int line, String message, boolean error) {

    public static FileProblem error(String path, int line, String message) {
        return new FileProblem(path, line, message, true);
    }

    public static FileProblem warning(String path, int line, String message) {
        return new FileProblem(path, line, message, false);
    }

    @Override
    public String toString() {
        return (path.isEmpty() ? "" : path + ": ") + message + " (line " + line + ")";
    }
}
