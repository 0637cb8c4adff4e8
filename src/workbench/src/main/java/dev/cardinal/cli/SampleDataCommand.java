package dev.cardinal.cli;

import dev.cardinal.traffic.scenarios.Clock;
import dev.cardinal.traffic.scenarios.DocumentShape;
import dev.cardinal.traffic.scenarios.NamedMetricsDocuments;
import dev.cardinal.traffic.scenarios.Scenarios;
import dev.cardinal.traffic.scenarios.SummaryYear;
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
        + "traffic for benchmarks; with --clock, timestamps as a real writer sends them.")
final class SampleDataCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "SCENARIO", description = "ad-marketplace, weather, custom-metrics (default: all"
        + " three), or " + Scenarios.EXPLOSION + ": the benches' traffic where every line is a new series (listing, user"
        + " and device ids as tags, UUID-like, millions of values per tag at 10M lines; 1,000,000 lines by default).")
    List<String> names;

    @Option(names = {"-o", "--output"}, defaultValue = "sample-data", paramLabel = "DIR",
        description = "Root folder; each scenario goes to DIR/<scenario>/ (default: ${DEFAULT-VALUE}).")
    Path root;

    @Option(names = "--rows", paramLabel = "N", description = "Points per scenario (default: each scenario's own count).")
    Long rows;

    @Option(names = "--clock", defaultValue = "exact", paramLabel = "CLOCK",
        description = "How the application stamps its events: exact (each at its own instant, as the shipped files), "
            + "ms or s (cut to whole milliseconds or seconds, as many writers send them), burst (whole milliseconds, "
            + "and runs of up to 8 events stamped with one instant). Points of one series at one timestamp are one "
            + "point to InfluxDB (default: ${DEFAULT-VALUE}).")
    String clock;

    @Option(names = "--seed", paramLabel = "N", description = "The seed " + Scenarios.EXPLOSION + "'s ids and --shape's"
        + " customers are drawn from (the same seed and rows give the same bytes); the other scenarios have their own"
        + " fixed seed.")
    Long seed;

    @Option(names = "--documents", description = "Also write the document form (NDJSON for OpenSearch / Elasticsearch,"
        + " DIR/<scenario>/" + Scenarios.DOCUMENTS_FILE + ") of the scenarios that have one: custom-metrics.")
    boolean documents;

    @Option(names = "--summary-year", paramLabel = "LISTINGS", description = "Instead of traffic, write a year of the ad"
        + " marketplace's daily summary rows (listing-daily) for LISTINGS listings (a multiple of 210; 21000 is the report"
        + " benchmark's table): DIR/ad-marketplace/" + SUMMARY_ROWS + " (listing_id, day, event, count_sum, user_id_uniques)"
        + " and " + SUMMARY_OWNERS + " (listing_id, account_id), tab-separated, for LOAD DATA INFILE or COPY. One account"
        + " holds 1/21 of the listings, 200 share the rest.")
    Integer summaryYear;

    @Option(names = "--summary-order", defaultValue = "day", paramLabel = "key|day", description = "The summary rows' order:"
        + " day by day as the daily job writes them (default), or the summary table's key.")
    String summaryOrder;

    @Option(names = "--shape", split = ",", paramLabel = "SHAPE", description = "Instead of the scenarios, write documents"
        + " of user-named metrics per customer (NDJSON for OpenSearch / Elasticsearch) whose customers arrive in SHAPE:"
        + " steady, bursts, power-law (of names per customer), stopping (sign-ups die away), whales (a few customers with"
        + " most names), accumulating (each customer keeps naming), or all. Each goes to DIR/shape-SHAPE/"
        + Scenarios.DOCUMENTS_FILE + ", --rows documents over fourteen days (default 300,000), drawn from --seed"
        + " (default " + SHAPE_SEED + ").")
    List<String> shapes;

    /** The seed the document shapes are drawn from unless told another. */
    static final long SHAPE_SEED = 36;

    static final String SUMMARY_ROWS = "listing-daily.year.tsv";
    static final String SUMMARY_OWNERS = "listing-owners.tsv";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = TerminalText.out(spec);
        if (summaryYear != null) {
            return summaryYear(out);
        }
        if (shapes != null) {
            return shapes(out);
        }
        List<String> chosen = names == null || names.isEmpty() ? Scenarios.names() : names;
        for (String name : chosen) {
            if (!Scenarios.writable().contains(name)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "unknown scenario '" + name
                    + "' (expected one of " + String.join(", ", Scenarios.writable()) + ")");
            }
        }
        if (rows != null && rows < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rows must not be negative");
        }
        Clock stamps;
        try {
            stamps = Clock.ofOption(clock);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--clock: " + e.getMessage());
        }
        for (String name : chosen) {
            long n = rows != null ? rows : Scenarios.defaultRows(name);
            Path file;
            try (TerminalProgress.Lines written = TerminalProgress.linesOnTerminal(spec.commandLine().getErr(), "writing",
                root.resolve(name).resolve(Scenarios.TRAFFIC_FILE), n)) {
                file = name.equals(Scenarios.EXPLOSION)
                    ? Scenarios.writeExplosion(root.resolve(name), n, seed != null ? seed : Scenarios.explosionSeed(), written)
                    : Scenarios.write(name, root.resolve(name), n, stamps, written);
            }
            out.printf("%s (%,d points)%n", file, n);
            if (documents && Scenarios.documentNames().contains(name)) {
                long d = rows != null ? rows : Scenarios.defaultDocuments(name);
                out.printf("%s (%,d documents)%n", Scenarios.writeDocuments(name, root.resolve(name), d), d);
            }
        }
        return 0;
    }

    private int shapes(PrintWriter out) throws IOException {
        List<DocumentShape> chosen = new java.util.ArrayList<>();
        for (String s : shapes) {
            try {
                chosen.addAll(s.equals("all") ? List.of(DocumentShape.values()) : List.of(DocumentShape.of(s)));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--shape: " + e.getMessage());
            }
        }
        if (rows != null && rows < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rows must not be negative");
        }
        long n = rows != null ? rows : NamedMetricsDocuments.defaultRows();
        for (DocumentShape shape : new java.util.LinkedHashSet<>(chosen)) {
            Path file = Scenarios.writeShapeDocuments(shape, root.resolve("shape-" + shape.id()), n,
                seed != null ? seed : SHAPE_SEED);
            out.printf("%s (%,d documents)%n", file, n);
        }
        return 0;
    }

    private int summaryYear(PrintWriter out) throws IOException {
        if (!summaryOrder.equals("day") && !summaryOrder.equals("key")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--summary-order is key or day, was '" + summaryOrder + "'");
        }
        SummaryYear year;
        try {
            year = new SummaryYear(new SummaryYear.Shape(summaryYear, 365, SummaryYear.Shape.realistic().first()));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--summary-year: " + e.getMessage());
        }
        Path dir = java.nio.file.Files.createDirectories(root.resolve("ad-marketplace"));
        long rows = year.writeRows(dir.resolve(SUMMARY_ROWS), summaryOrder.equals("key") ? SummaryYear.Order.KEY : SummaryYear.Order.DAY);
        out.printf("%s (%,d summary rows)%n", dir.resolve(SUMMARY_ROWS), rows);
        out.printf("%s (%,d listings)%n", dir.resolve(SUMMARY_OWNERS), year.writeOwners(dir.resolve(SUMMARY_OWNERS)));
        return 0;
    }
}
