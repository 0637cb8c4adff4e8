package dev.cardinal.cli;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.DictionaryColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.ReadReport;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleAttribute;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SchemaInference;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cardinal infer FILE... -o NAME.cardinal.json}: a workspace for the traffic found in the files. */
@Command(name = "infer", mixinStandardHelpOptions = true,
    description = "Read sample traffic and write a workspace describing it: event kinds, attributes, value types, "
        + "and the layout as written (the keys that arrived as tags are tags).")
final class InferCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Traffic files: line protocol (.lp), CSV (.csv), NDJSON (.ndjson, .jsonl); .gz allowed.")
    List<Path> files;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "NAME.cardinal.json", description = "Workspace file to write.")
    Path output;

    @Option(names = "--format", paramLabel = "FORMAT", description = "line-protocol, csv or ndjson (default: from each file's name or content).")
    String format;

    @Option(names = "--precision", defaultValue = "ns", description = "Timestamp unit: ns, us, ms or s (default: ${DEFAULT-VALUE}).")
    String precision;

    @Option(names = "--event-kind", paramLabel = "NAME", description = "Event kind of CSV/NDJSON rows (default: the file name).")
    String eventKind;

    @Option(names = "--time-column", paramLabel = "COLUMN", description = "CSV column / NDJSON property holding the time.")
    String timeColumn;

    @Option(names = "--time-format", paramLabel = "FORMAT", description = "rfc3339, epoch (in --precision) or a java.time pattern.")
    String timeFormat;

    @Option(names = "--tag-columns", split = ",", paramLabel = "COLUMN", description = "CSV columns / NDJSON properties that arrive as tags.")
    List<String> tagColumns = new ArrayList<>();

    @Option(names = "--name", description = "Workspace name (default: the output file name).")
    String name;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = TerminalText.out(spec);
        PrintWriter err = TerminalText.err(spec);
        if (!SampleBinding.PRECISIONS.contains(precision)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--precision must be one of ns, us, ms, s");
        }
        SampleFormat forced = null;
        if (format != null) {
            forced = SampleFormat.fromId(format).orElseThrow(() -> new CommandLine.ParameterException(spec.commandLine(),
                "--format must be line-protocol, csv or ndjson"));
        }
        if (!output.getFileName().toString().endsWith(WorkspaceFiles.EXTENSION)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "the output file name must end in " + WorkspaceFiles.EXTENSION);
        }
        List<SampleReader.Source> sources = new ArrayList<>();
        List<SampleBinding> bindings = new ArrayList<>();
        int n = 0;
        for (Path f : files) {
            Optional<String> refused = SampleReader.refusal(f);
            if (refused.isPresent()) {
                err.println("cardinal infer: " + f + ": " + refused.get());
                return 1;
            }
            SampleFormat fmt = forced != null ? forced : SampleReader.detectFormat(f);
            String id = files.size() == 1 ? "traffic" : "traffic-" + (++n);
            SampleBinding b = new SampleBinding(id, WorkspaceFiles.relativize(output, f), fmt,
                fmt.namesEventKinds() ? null : eventKind, precision, timeColumn, timeFormat, tagColumns);
            sources.add(new SampleReader.Source(f, b));
            bindings.add(b);
        }
        Sample sample = TerminalProgress.read(sources, spec);
        printProblems(sample.report(), err);
        if (sample.rows() == 0) {
            err.println("cardinal infer: no points could be read; nothing written");
            return 1;
        }
        String wsName = name != null ? name : output.getFileName().toString().replace(WorkspaceFiles.EXTENSION, "");
        Workspace ws = SchemaInference.infer(wsName, sample, bindings);
        WorkspaceFiles.save(output, ws);
        printSummary(sample, out);
        out.printf("Wrote %s (%d event kind%s, %d layout%s)%n", output, ws.eventKinds().size(),
            ws.eventKinds().size() == 1 ? "" : "s", ws.layouts().size(), ws.layouts().size() == 1 ? "" : "s");
        return 0;
    }

    static void printProblems(ReadReport r, PrintWriter err) {
        for (ReadProblem p : r.problems()) {
            err.println(p);
        }
        if (r.problemsOmitted() > 0) {
            err.printf("... and %,d more problems%n", r.problemsOmitted());
        }
        for (ReadProblem w : r.warnings()) {
            err.println(w);
        }
        if (r.warningsOmitted() > 0) {
            err.printf("... and %,d more warnings%n", r.warningsOmitted());
        }
    }

    private static void printSummary(Sample sample, PrintWriter out) {
        ReadReport r = sample.report();
        out.printf("Read %d file%s: %,d lines, %,d points, %,d bad lines%s%n", r.files(), r.files() == 1 ? "" : "s",
            r.lines(), r.points(), r.badLines(),
            r.withoutTimestamp() > 0 ? ", " + String.format("%,d", r.withoutTimestamp()) + " without timestamp (given the read time)" : "");
        for (EventKindSample k : sample.eventKinds()) {
            out.printf("%n  %s: %,d points, %d attributes, %d bytes per row held%n", k.name(), k.rows(),
                k.attributes().size(), k.bytesPerRow());
            for (int i = 0; i < k.attributes().size(); i++) {
                SampleAttribute a = k.attributes().get(i);
                Column c = k.column(i);
                String distinct = c instanceof DictionaryColumn d ? String.format("%,d distinct", d.dictionary().size()) : "";
                out.printf("    %-24s %-9s %-6s %s%n", a.name(), a.type().id(), a.arrivedAsTag() ? "tag" : "field", distinct);
            }
        }
        out.println();
    }
}
