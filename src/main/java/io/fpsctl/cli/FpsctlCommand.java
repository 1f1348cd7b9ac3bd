package io.fpsctl.cli;

import picocli.AutoComplete.GenerateCompletion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The top-level {@code fpsctl} command; subcommands do the work. */
@Command(name = "fpsctl", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "How smoothly an Android app renders: fps, janky and dropped frames, and why a frame was slow.",
        subcommands = {WatchCommand.class, CaptureCommand.class, GateCommand.class, AnalyzeCommand.class, ReportCommand.class, CompareCommand.class, DevicesCommand.class, ExporterCommand.class, SimCommand.class, AgentCommand.class, GenerateCompletion.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:ok (gate: passed)",
            "1:gate failed",
            "2:usage error",
            "3:adb/device problem (no server, no device, offline, unauthorized, several devices)",
            "4:app problem (not installed, not running, no frames)",
            "5:input/output problem (unreadable file, not a dump, cannot write)",
            "130:stopped by SIGINT (Ctrl-C) after writing what was captured",
            "143:stopped by SIGTERM after writing what was captured"})
final class FpsctlCommand implements Runnable {

    @Option(names = "--debug", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Show stack traces of errors.")
    boolean debug;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
