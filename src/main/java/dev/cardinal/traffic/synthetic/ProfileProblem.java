package dev.cardinal.traffic.synthetic;

/**
 * One problem found in a profile file: where (JSON path and line) and why.
 *
 * @param path    JSON path such as {@code attributes[1].values}; empty for the whole document
 * @param line    1-based line in the file
 * @param message what is wrong, in words a user can act on
 * @param error   true for an error (the profile is refused), false for a warning (it loads)
 */
public record ProfileProblem(String path, int line, String message, boolean error) {

    @Override
    public String toString() {
        return (path.isEmpty() ? "" : path + ": ") + message + " (line " + line + ")";
    }
}
