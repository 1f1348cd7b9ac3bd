package io.fpsctl.cli;

import java.util.List;
import picocli.AutoComplete.GenerateCompletion;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The top-level {@code fpsctl} command; subcommands do the work. The subcommands are not in the annotation: picocli
 * would build every one of them (reflection over all their options, loading their classes) on every start.
 * {@link #commandLine} adds only the one a run names (all of them when the run names none, e.g. {@code --help}).
 */
@Command(name = "fpsctl", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {TopLevelHelp.DESCRIPTION_1, TopLevelHelp.DESCRIPTION_2},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {TopLevelHelp.EXIT_0, TopLevelHelp.EXIT_1, TopLevelHelp.EXIT_2, TopLevelHelp.EXIT_3,
            TopLevelHelp.EXIT_4, TopLevelHelp.EXIT_5, TopLevelHelp.EXIT_129,
            TopLevelHelp.EXIT_130, TopLevelHelp.EXIT_141,
            TopLevelHelp.EXIT_143})
final class FpsctlCommand implements Runnable {

    /** Subcommand names in the order {@code --help} lists them. */
    static final List<String> SUBCOMMANDS = List.copyOf(TopLevelHelp.SUMMARIES.keySet());

    @Option(names = "--debug", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Show stack traces of errors.")
    boolean debug;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        TopLevelHelp.print(spec.commandLine().getOut());
    }

    /**
     * The command tree for {@code args}: the subcommand they name, fully built; when they name none (help, usage)
     * or an unknown one (an error that lists the names), a stub per subcommand with its name and description only;
     * every subcommand in full for {@code generate-completion} and {@code @file} arguments.
     */
    static CommandLine commandLine(String[] args) {
        CommandLine cl = new CommandLine(new FpsctlCommand());
        String wanted = subcommandOf(args);
        if (wanted == null && versionOnly(args)) {
            return cl;
        }
        boolean full = "generate-completion".equals(wanted);
        for (String a : args) {
            full |= a.startsWith("@"); // picocli expands argument files: let it see every subcommand
        }
        boolean stubs = !full && (wanted == null || !SUBCOMMANDS.contains(wanted));
        for (String name : SUBCOMMANDS) {
            if (full) {
                cl.addSubcommand(name, classOf(name));
            } else if (stubs) {
                cl.addSubcommand(name, stub(name));
            } else if (name.equals(wanted)) {
                cl.addSubcommand(name, classOf(name));
            }
        }
        return cl;
    }

    /** What {@code fpsctl --help} shows of a subcommand: its name and summary, without loading its class. */
    private static CommandSpec stub(String name) {
        CommandSpec spec = CommandSpec.create().name(name);
        spec.usageMessage().description(TopLevelHelp.summary(name));
        return spec;
    }

    /** The first argument that is not an option; null when there is none. */
    private static String subcommandOf(String[] args) {
        for (String a : args) {
            if (!a.startsWith("-")) {
                return a;
            }
        }
        return null;
    }

    /** {@code --version} without a subcommand and without help: the version needs no subcommand. */
    private static boolean versionOnly(String[] args) {
        boolean version = false;
        for (String a : args) {
            if (a.equals("-V") || a.equals("--version")) {
                version = true;
            } else if (!a.equals("--debug")) {
                return false;
            }
        }
        return version;
    }

    /** A switch, not a map of lambdas: no class is loaded for a subcommand the run does not use. */
    private static Class<?> classOf(String name) {
        return switch (name) {
            case "watch" -> WatchCommand.class;
            case "capture" -> CaptureCommand.class;
            case "gate" -> GateCommand.class;
            case "analyze" -> AnalyzeCommand.class;
            case "report" -> ReportCommand.class;
            case "compare" -> CompareCommand.class;
            case "devices" -> DevicesCommand.class;
            case "exporter" -> ExporterCommand.class;
            case "sim" -> SimCommand.class;
            case "agent" -> AgentCommand.class;
            case "mcp" -> McpCommand.class;
            case "generate-completion" -> GenerateCompletion.class;
            default -> throw new IllegalArgumentException(name);
        };
    }
}
