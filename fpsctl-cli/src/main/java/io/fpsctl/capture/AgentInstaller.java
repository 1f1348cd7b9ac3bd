package io.fpsctl.capture;

import io.fpsctl.agentapk.AgentManifest;
import io.fpsctl.android.Pm;
import io.fpsctl.android.TargetSignatures;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.ShellResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Installs the agent APK on a device and removes it: the {@code pm} / {@code dumpsys package} exchanges behind
 * {@code fpsctl agent install} and {@code fpsctl agent uninstall} (the command lines and their answers are read in
 * {@code android/Pm} and {@code android/TargetSignatures}; the commands only print what this finds).
 */
public final class AgentInstaller {

    /** What an install found: whether the target app is on the device, and its signing certificates' hashes. */
    public record Installed(boolean appInstalled, Optional<List<String>> appSignatures) {
        /** True when the app is known to be signed with the key whose {@code dumpsys package} hash is given. */
        public boolean signedWith(String dumpsysHash) {
            return appSignatures.map(s -> s.contains(dumpsysHash)).orElse(false);
        }
    }

    /** What {@code pm uninstall} answered: removed or not, and its words (stdout + stderr) or exit status. */
    public record Uninstalled(boolean removed, String said, int exitCode) {
    }

    private AgentInstaller() {
    }

    /**
     * Installs {@code apk} (the agent built for {@code pkg}); then, when the app is installed, reads its signing
     * certificates (advisory: an unreadable {@code dumpsys package} gives an empty {@link Installed#appSignatures}).
     *
     * @throws DeviceException when the device cannot be reached or refuses the APK
     */
    public static Installed install(Device device, String pkg, Path apk) {
        ShellResult path = device.shell(Pm.path(pkg));
        boolean appInstalled = Pm.installed(path.succeeded(), path.stdout());
        device.install(apk);
        return new Installed(appInstalled, appInstalled ? signatures(device, pkg) : Optional.empty());
    }

    private static Optional<List<String>> signatures(Device device, String pkg) {
        try {
            ShellResult r = device.shell(Pm.dumpsysPackage(pkg));
            return r.succeeded() ? TargetSignatures.parse(r.stdout()) : Optional.empty();
        } catch (DeviceException e) {
            return Optional.empty(); // the check is advisory; the caller explains the rule either way
        }
    }

    /**
     * {@code pm uninstall io.fpsctl.agent}.
     *
     * @throws DeviceException when the device cannot be reached
     */
    public static Uninstalled uninstall(Device device) {
        ShellResult r = device.shell(Pm.uninstall(AgentManifest.PACKAGE));
        String said = (r.stdout() + r.stderr()).trim();
        return new Uninstalled(Pm.uninstalled(r.succeeded(), said), said, r.exitCode());
    }
}
