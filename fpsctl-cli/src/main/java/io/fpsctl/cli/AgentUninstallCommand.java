package io.fpsctl.cli;

import io.fpsctl.agentapk.AgentManifest;
import io.fpsctl.capture.AgentInstaller;
import io.fpsctl.device.DeviceException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code fpsctl agent uninstall}: {@code pm uninstall io.fpsctl.agent} ({@link AgentInstaller#uninstall}). */
@Command(name = "uninstall", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Remove the agent (" + AgentManifest.PACKAGE + ") from the device.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:removed", "2:usage error", "3:adb/device problem", "4:the agent is not installed"})
final class AgentUninstallCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    DeviceOptions deviceOptions;

    @Override
    public Integer call() {
        try (DeviceOptions.Connection c = deviceOptions.connect("com.example.feed")) {
            AgentInstaller.Uninstalled r = AgentInstaller.uninstall(c.device);
            if (!r.removed()) {
                throw new CliException(ExitCode.APP, "cannot uninstall " + AgentManifest.PACKAGE + " from "
                        + DeviceOptions.label(c) + ": " + (r.said().isEmpty() ? "pm exited " + r.exitCode() : r.said())
                        + " (is it installed? 'fpsctl agent install PACKAGE' installs it)");
            }
            spec.commandLine().getOut().printf("removed %s from %s%n", AgentManifest.PACKAGE, DeviceOptions.label(c));
        } catch (DeviceException e) {
            throw new CliException(ExitCode.of(e), e.getMessage(), e);
        }
        return ExitCode.OK;
    }
}
