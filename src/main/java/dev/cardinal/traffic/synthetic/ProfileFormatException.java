package dev.cardinal.traffic.synthetic;

import java.util.List;
import java.util.stream.Collectors;

/** A profile file that cannot be used, with every problem found in it. */
public final class ProfileFormatException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient List<ProfileProblem> problems;

    public ProfileFormatException(String source, List<ProfileProblem> problems) {
        super(source + ": " + problems.stream().filter(ProfileProblem::error).count() + " problem(s)\n"
            + problems.stream().filter(ProfileProblem::error).map(p -> "  " + p).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<ProfileProblem> problems() {
        return problems;
    }
}
