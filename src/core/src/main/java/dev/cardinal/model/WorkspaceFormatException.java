package dev.cardinal.model;

import java.util.List;
import java.util.stream.Collectors;

/** A workspace file that cannot be loaded, with every problem found in it. Nothing of it was loaded. */
public final class WorkspaceFormatException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient List<FileProblem> problems;

    public WorkspaceFormatException(String source, List<FileProblem> problems) {
        super(source + ": " + problems.stream().filter(FileProblem::error).count() + " problem(s)\n"
            + problems.stream().filter(FileProblem::error).map(p -> "  " + p).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<FileProblem> problems() {
        return problems;
    }
}
