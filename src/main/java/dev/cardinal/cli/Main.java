package dev.cardinal.cli;

import dev.cardinal.projection.Limit;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code cardinal} command line. With no arguments it prints help. */
@Command(name = "cardinal", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Schema design workbench for time-series databases: see what a layout costs before the series exist.",
    subcommands = {AnalyzeCommand.class, ApplyCommand.class, CaptureCommand.class, CompareCommand.class, GenerateCommand.class, GuiCommand.class, ImportCommand.class, InferCommand.class, LintCommand.class, PlanCommand.class,
        SampleDataCommand.class,
        SummarizeCommand.class, SynthesizeCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // most commands project; reading the limits (and loading Jackson) overlaps setting up the command line
        Limit.loadInBackground();
        System.exit(run(args));
    }

    /** Runs the command line without a workbench and returns its exit code (0 success, 1 failure, 2 usage error). */
    public static int run(String... args) {
        return run(Workbench.NONE, args);
    }

    /** Runs the command line; {@code cardinal gui} opens {@code workbench}. */
    public static int run(Workbench workbench, String... args) {
        CommandLine.IFactory defaults = CommandLine.defaultFactory();
        return new CommandLine(new Main(), new CommandLine.IFactory() {
            @Override
            @SuppressWarnings("unchecked")
            public <K> K create(Class<K> type) throws Exception {
                return type == GuiCommand.class ? (K) new GuiCommand(workbench) : defaults.create(type);
            }
        }).execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {dev.cardinal.model.BuildInfo.current().versionLine()};
        }
    }
}
