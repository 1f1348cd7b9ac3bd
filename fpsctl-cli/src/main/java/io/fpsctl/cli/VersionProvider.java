package io.fpsctl.cli;

import java.util.List;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version Maven stamped into the jar manifest. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return lines().toArray(new String[0]);
    }

    /** The version lines (also printed by {@link Main} without building the command tree). */
    static List<String> lines() {
        String v = Main.class.getPackage().getImplementationVersion();
        return List.of("fpsctl " + (v == null ? "dev" : v),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + "), "
                        + System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    }
}
