package io.fpsctl.cli;

import io.fpsctl.agentapk.AgentApk;
import io.fpsctl.agentapk.AgentManifest;
import io.fpsctl.agentapk.SigningKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fpsctl agent build PACKAGE -o agent.apk}: writes the signed agent APK for {@code PACKAGE} without a
 * device, for device farms and CI that install APK files with their own tooling.
 */
@Command(name = "build", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Write the agent APK for PACKAGE, signed with the app's key, without installing it "
                + "(device farms such as Firebase Test Lab, AWS Device Farm or Sauce Labs take APK files).",
                "Install it with 'adb install -r FILE', then start the app's measurement with --source agent."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "2:usage error",
            "5:keystore unreadable, wrong password or alias, or the APK could not be written"})
final class AgentBuildCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PACKAGE", converter = PackageNameConverter.class, description = "The app the agent will instrument, e.g. com.example.feed.")
    String pkg;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "Where to write the APK.")
    Path output;

    @Mixin
    AgentSigningOptions signing;

    @Override
    public Integer call() {
        if (!AgentManifest.isValidPackageName(pkg)) {
            throw new CliException(ExitCode.USAGE, "not an Android package name: " + pkg);
        }
        Path out = output.toAbsolutePath();
        if (Files.isDirectory(out)) {
            throw new CliException(ExitCode.USAGE, out + " is a directory: give the APK's file name with -o");
        }
        if (out.getParent() != null && !Files.isDirectory(out.getParent())) {
            throw new CliException(ExitCode.IO, "cannot write " + out + ": the directory " + out.getParent()
                    + " does not exist");
        }
        SigningKey key = signing.load(spec.commandLine().getErr());
        try {
            AgentApk.build(pkg, key, out);
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot write " + out + ": " + e.getMessage(), e);
        } catch (IllegalStateException e) {
            throw new CliException(ExitCode.IO, e.getMessage(), e);
        }
        spec.commandLine().getOut().printf("wrote %s: %s instrumenting %s, signed by %s (SHA-256 %s)%n", out,
                AgentManifest.PACKAGE, pkg, key.certificate().getSubjectX500Principal().getName(), key.sha256());
        return ExitCode.OK;
    }
}
