package dev.cardinal.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code cardinal} command line. With no arguments it prints help. */
@Command(name = Main.NAME, mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Schema design workbench for time-series databases: see what a layout costs before the series exist.",
    subcommands = {AnalyzeCommand.class, ApplyCommand.class, CaptureCommand.class, CompareCommand.class, GenerateCommand.class, GuiCommand.class, ImportCommand.class, InferCommand.class, LintCommand.class, MigrateCommand.class, PlanCommand.class,
        SampleDataCommand.class,
        SummarizeCommand.class, SynthesizeCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    static final String NAME = "cardinal";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        preload();
        System.exit(run(args));
    }

    /** Most commands project: reading the engines' limits (and loading Jackson) overlaps setting up the command line. */
    public static void preload() {
        dev.cardinal.engines.ServerFor.loadInBackground();
    }

    /** Runs the command line without a workbench and returns its exit code (0 success, 1 failure, 2 usage error). */
    public static int run(String... args) {
        return run(Workbench.NONE, args);
    }

    /** Runs the command line; {@code cardinal gui} opens {@code workbench}. */
    public static int run(Workbench workbench, String... args) {
        CommandLine.IFactory defaults = CommandLine.defaultFactory();
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            @SuppressWarnings("unchecked")
            public <K> K create(Class<K> type) throws Exception {
                return type == GuiCommand.class ? (K) new GuiCommand(workbench) : defaults.create(type);
            }
        };
        CommandLine line = commandLine(factory, args);
        Phases.mark("command line set up");
        return line.execute(args);
    }

    /**
     * The command line that runs {@code args}: when they start with a command's name, a {@code cardinal} that knows
     * that command alone (what follows a command's name is that command's, so it parses, prints and fails the same),
     * since picocli's model of the other twelve (reflection over their classes, and loading the classes their options
     * and methods name) is start-up time spent for nothing; every command otherwise.
     */
    static CommandLine commandLine(CommandLine.IFactory factory, String... args) {
        Class<?> named = args.length == 0 ? null : subcommand(args[0]);
        if (named == null) {
            return new CommandLine(new Main(), factory);
        }
        CommandLine line = new CommandLine(CommandLine.Model.CommandSpec.create().name(NAME), factory);
        line.addSubcommand(named);
        return line;
    }

    /** The command class named {@code name} (not {@code help}, which needs them all), or null. */
    static Class<?> subcommand(String name) {
        for (Class<?> c : Main.class.getAnnotation(Command.class).subcommands()) {
            Command command = c.getAnnotation(Command.class);
            if (c != CommandLine.HelpCommand.class && command != null && command.name().equals(name)) {
                return c;
            }
        }
        return null;
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
