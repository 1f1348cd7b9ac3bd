package io.fpsctl.cli;

import io.fpsctl.agentapk.AgentApk;
import io.fpsctl.agentapk.AgentManifest;
import io.fpsctl.agentapk.SigningKey;
import io.fpsctl.capture.AgentInstaller;
import io.fpsctl.device.DeviceException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fpsctl agent install PACKAGE}: builds the agent APK stamped for {@code PACKAGE}, signs it with the given
 * key (default: the developer's debug keystore, created like Android Studio does when missing), installs it and
 * tells whether the app's signing certificate matches (else instrumentation is refused).
 */
@Command(name = "install", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Build the agent for PACKAGE, sign it and install it on the device.",
                "Android only lets an instrumentation run in an app signed with the same certificate: sign the agent "
                        + "with the key that signs the app (debug builds: ~/.android/debug.keystore, the default). "
                        + "Release builds signed with another key cannot be instrumented, except on a debuggable "
                        + "Android 13+ build after 'adb root'."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:installed", "2:usage error", "3:adb/device problem", "4:the device refused the APK",
            "5:keystore unreadable, wrong password or alias, or the APK could not be written"})
final class AgentInstallCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PACKAGE", converter = PackageNameConverter.class, description = "The app the agent will instrument, e.g. com.example.feed.")
    String pkg;

    @Mixin
    AgentSigningOptions signing;

    @Mixin
    DeviceOptions deviceOptions;

    @Override
    public Integer call() {
        if (!AgentManifest.isValidPackageName(pkg)) {
            throw new CliException(ExitCode.USAGE, "not an Android package name: " + pkg);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SigningKey key = signing.load(err);
        Path apk;
        try {
            apk = AgentApk.build(pkg, key);
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot write the agent APK: " + e.getMessage(), e);
        } catch (IllegalStateException e) {
            throw new CliException(ExitCode.IO, e.getMessage(), e);
        }
        try (DeviceOptions.Connection c = deviceOptions.connect(pkg)) {
            AgentInstaller.Installed installed;
            try {
                installed = AgentInstaller.install(c.device, pkg, apk);
            } catch (DeviceException e) {
                String hint = e.getMessage().contains("INSTALL_FAILED_UPDATE_INCOMPATIBLE")
                        ? " (an agent signed with another key is installed: run 'fpsctl agent uninstall' first)" : "";
                throw new CliException(ExitCode.of(e), e.getMessage() + hint, e);
            }
            out.printf("installed %s on %s: instruments %s, signed by %s (SHA-256 %s)%n", AgentManifest.PACKAGE,
                    DeviceOptions.label(c), pkg, key.certificate().getSubjectX500Principal().getName(), key.sha256());
            if (!installed.appInstalled()) {
                err.printf("fpsctl: note: %s is not installed on this device; the agent can only run once it is "
                        + "(signed with the same key)%n", pkg);
            } else {
                reportSignatureMatch(installed, key, out, err);
            }
            out.printf("measure with: fpsctl watch %s --source agent%n", pkg);
        } catch (DeviceException e) {
            throw new CliException(ExitCode.of(e), e.getMessage(), e);
        } finally {
            deleteQuietly(apk.getParent());
        }
        return ExitCode.OK;
    }

    /** Compares the app's certificate hashes in {@code dumpsys package} with ours; explains a mismatch. */
    private void reportSignatureMatch(AgentInstaller.Installed installed, SigningKey key, PrintWriter out,
            PrintWriter err) {
        Optional<List<String>> app = installed.appSignatures();
        if (app.isEmpty()) {
            out.printf("note: the agent can only instrument %s if the app is signed with this same key "
                    + "(or on a debuggable Android 13+ build after 'adb root')%n", pkg);
        } else if (installed.signedWith(key.dumpsysHash())) {
            out.printf("%s is signed with the same key: the agent can instrument it%n", pkg);
        } else {
            err.printf("fpsctl: warning: %s is signed with another certificate (%s) than the agent (%s), so Android "
                    + "will refuse to instrument it (\"does not have a signature matching the target\"). Sign the "
                    + "agent with the app's key (--keystore, --ks-pass, --key-alias, --key-pass), use a debug build "
                    + "of the app, or on a debuggable Android 13+ build run 'adb root' first.%n", pkg,
                    String.join(",", app.get()), key.dumpsysHash());
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary file left behind is harmless
        }
    }
}
