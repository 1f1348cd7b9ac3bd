package io.fpsctl.cli;

import java.util.List;
import picocli.AutoComplete.GenerateCompletion;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The top-level {@code fpsctl} command; subcommands do the work. The subcommands are not in the annotation: picocli
 * would build every one of them (reflection over all their options, loading their classes) on every start.
 * {@link #commandLine} adds only the one a run names (all of them when the run names none, e.g. {@code --help}).
 */
@Command(name = "fpsctl", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "How smoothly an Android app renders: fps, janky and dropped frames, and why a frame was slow.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:ok (gate: passed)",
            "1:gate failed",
            "2:usage error",
            "3:adb/device problem (no server, no device, offline, unauthorized, several devices)",
            "4:app problem (not installed, not running, no frames)",
            "5:input/output problem (unreadable file, not a dump, cannot write)"})
final class FpsctlCommand implements Runnable {

    /** Subcommand names in the order {@code --help} lists them. */
    static final List<String> SUBCOMMANDS =
            List.of("watch", "capture", "gate", "analyze", "devices", "sim", "agent", "generate-completion");

    @Option(names = "--debug", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Show stack traces of errors.")
    boolean debug;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The command tree for {@code args}: only the subcommand they name, or all when they name none or an unknown one. */
    static CommandLine commandLine(String[] args) {
        CommandLine cl = new CommandLine(new FpsctlCommand());
        String wanted = subcommandOf(args);
        if (wanted == null && versionOnly(args)) {
            return cl;
        }
        boolean all = wanted == null || !SUBCOMMANDS.contains(wanted) || wanted.equals("generate-completion");
        for (String name : SUBCOMMANDS) {
            if (all || name.equals(wanted)) {
                cl.addSubcommand(name, create(name));
            }
        }
        return cl;
    }

    /** The first argument that is not an option; null when there is none or an {@code @file} argument file. */
    private static String subcommandOf(String[] args) {
        for (String a : args) {
            if (a.startsWith("@")) {
                return null; // picocli expands argument files: let it see every subcommand
            }
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
    private static Object create(String name) {
        return switch (name) {
            case "watch" -> new WatchCommand();
            case "capture" -> new CaptureCommand();
            case "gate" -> new GateCommand();
            case "analyze" -> new AnalyzeCommand();
            case "devices" -> new DevicesCommand();
            case "sim" -> new SimCommand();
            case "agent" -> new AgentCommand();
            case "generate-completion" -> new GenerateCompletion();
            default -> throw new IllegalArgumentException(name);
        };
    }
}
