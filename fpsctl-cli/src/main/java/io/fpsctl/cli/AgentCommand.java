package io.fpsctl.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code fpsctl agent}: install or remove the on-device agent ({@code --source agent}). */
@Command(name = "agent", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Install, build or remove the on-device agent that --source agent measures with.",
                "The agent instruments the app from inside its process, so it must be signed with the app's own key: "
                        + "for debug builds the developer's ~/.android/debug.keystore (the default)."},
        subcommands = {AgentInstallCommand.class, AgentBuildCommand.class, AgentUninstallCommand.class})
final class AgentCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
