package dev.cardinal.traffic.synthetic;

import dev.cardinal.model.FileProblem;
import java.util.List;
import java.util.stream.Collectors;

/** A profile file that cannot be used, with every problem found in it. */
public final class ProfileFormatException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient List<FileProblem> problems;

    public ProfileFormatException(String source, List<FileProblem> problems) {
        super(source + ": " + problems.stream().filter(FileProblem::error).count() + " problem(s)\n"
            + problems.stream().filter(FileProblem::error).map(p -> "  " + p).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<FileProblem> problems() {
        return problems;
    }
}
