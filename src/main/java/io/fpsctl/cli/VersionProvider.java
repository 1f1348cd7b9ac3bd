package io.fpsctl.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version Maven stamped into the jar manifest. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"fpsctl " + (v == null ? "dev" : v),
            "Java ${java.version} (${java.vendor}), ${os.name} ${os.arch}"};
    }
}
