package dev.cardinal.cli;

import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cardinal sample-data}: writes the sample scenarios (workspace + deterministic traffic). */
@Command(name = "sample-data", mixinStandardHelpOptions = true,
    description = "Write the sample scenarios: a workspace and deterministic traffic (fixed seed) for each. "
        + "Without --rows this reproduces the files under sample-data/ byte for byte; with --rows it makes larger "
        + "traffic for benchmarks.")
final class SampleDataCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "SCENARIO", description = "ad-marketplace, weather, custom-metrics (default: all).")
    List<String> names;

    @Option(names = {"-o", "--output"}, defaultValue = "sample-data", paramLabel = "DIR",
        description = "Root folder; each scenario goes to DIR/<scenario>/ (default: ${DEFAULT-VALUE}).")
    Path root;

    @Option(names = "--rows", paramLabel = "N", description = "Points per scenario (default: each scenario's own count).")
    Long rows;

    @Option(names = "--documents", description = "Also write the document form (NDJSON for OpenSearch / Elasticsearch,"
        + " DIR/<scenario>/" + Scenarios.DOCUMENTS_FILE + ") of the scenarios that have one: custom-metrics.")
    boolean documents;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = TerminalText.out(spec);
        List<String> chosen = names == null || names.isEmpty() ? Scenarios.names() : names;
        for (String name : chosen) {
            if (!Scenarios.names().contains(name)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "unknown scenario '" + name
                    + "' (expected one of " + String.join(", ", Scenarios.names()) + ")");
            }
        }
        if (rows != null && rows < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rows must not be negative");
        }
        for (String name : chosen) {
            long n = rows != null ? rows : Scenarios.defaultRows(name);
            Path file = Scenarios.write(name, root.resolve(name), n);
            out.printf("%s (%,d points)%n", file, n);
            if (documents && Scenarios.documentNames().contains(name)) {
                long d = rows != null ? rows : Scenarios.defaultDocuments(name);
                out.printf("%s (%,d documents)%n", Scenarios.writeDocuments(name, root.resolve(name), d), d);
            }
        }
        return 0;
    }
}
