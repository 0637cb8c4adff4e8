package dev.cardinal.cli;

import dev.cardinal.lineprotocol.SyntheticLineProtocol;
import dev.cardinal.model.Durations;
import dev.cardinal.traffic.synthetic.ProfileReader;
import dev.cardinal.traffic.synthetic.SyntheticRows;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cardinal synthesize PROFILE.profile.json -o traffic.lp.gz}: traffic made from a profile, written as line
 * protocol so it goes wherever a sample file goes ({@code infer}, {@code analyze}, the workbench). The rows come
 * from the same {@link SyntheticRows} as an in-memory synthetic sample, so both hold the same points.
 */
@Command(name = "synthesize", mixinStandardHelpOptions = true,
    description = "Write synthetic traffic for a profile (attributes typed by hand: closed sets, growing ids, "
        + "measures, constants) as line protocol. The same profile and seed give the same file, byte for byte. "
        + "Attributes with \"asTag\": true are written as tags, the rest as fields.")
final class SynthesizeCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PROFILE" + ProfileReader.EXTENSION, description = "The traffic profile.")
    Path profileFile;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE.lp.gz",
        description = "Line protocol file to write; gzipped when the name ends in .gz.")
    Path output;

    @Option(names = "--rows", paramLabel = "N", description = "Write at most the first N points (default: all the profile makes).")
    Long rows;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = TerminalText.out(spec);
        PrintWriter err = TerminalText.err(spec);
        if (rows != null && rows < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rows must be at least 1");
        }
        TrafficProfile profile = CliFiles.profile(profileFile, err, "synthesize", "nothing written");
        if (profile == null) {
            return 1;
        }
        List<String> unwritable = SyntheticLineProtocol.unwritable(profile);
        if (!unwritable.isEmpty()) {
            unwritable.forEach(u -> err.println("cardinal synthesize: " + profileFile + ": " + u));
            return 1;
        }
        long written = write(profile, rows == null ? Long.MAX_VALUE : rows);
        if (written < profile.points()) { // --rows cut the span short: do not claim the whole of it
            out.printf("Wrote %s: the first %,d of %,d points of %s from %s (seed %d)%n", output, written,
                profile.points(), profile.eventKind(), SyntheticRows.START, profile.seed());
        } else {
            out.printf("Wrote %s: %,d points of %s over %s from %s (seed %d)%n", output, written, profile.eventKind(),
                Durations.format(profile.span()), SyntheticRows.START, profile.seed());
        }
        return 0;
    }

    private long write(TrafficProfile profile, long max) throws IOException {
        try (TerminalProgress.Lines written = TerminalProgress.linesOnTerminal(spec.commandLine().getErr(), "writing",
            output, Math.min(max, profile.points()))) {
            return SyntheticLineProtocol.write(profile, max, output, written);
        }
    }
}
