package io.fpsctl.android;

/**
 * The package manager's shell commands: {@code pm path}, {@code pm uninstall}, and the package service's dump
 * ({@code dumpsys package <pkg>}). {@code pm path} prints {@code package:<apk path>} per APK of an installed
 * package ({@code "package:"} then {@code applicationInfo.sourceDir}, then each split) and returns 1 with nothing
 * printed when the package is unknown ({@code PackageManagerShellCommand.displayPackageFilePath}, frameworks/base
 * services/core/java/com/android/server/pm, and the older {@code cmds/pm} {@code Pm.displayPackageFilePath}: read in
 * public copies of the classes, not at a tag).
 */
public final class Pm {

    private Pm() {
    }

    /** {@code pm path <pkg>}. */
    public static String path(String pkg) {
        return ShellQuote.command("pm path", pkg);
    }

    /** Whether {@link #path}'s answer says the package is installed: it succeeded and printed a {@code package:} line. */
    public static boolean installed(boolean succeeded, String stdout) {
        return succeeded && stdout.contains("package:");
    }

    /** {@code pm uninstall <pkg>}. */
    public static String uninstall(String pkg) {
        return ShellQuote.command("pm uninstall", pkg);
    }

    /** Whether {@link #uninstall}'s answer says it removed the package: it succeeded and printed {@code Success}. */
    public static boolean uninstalled(boolean succeeded, String said) {
        return succeeded && said.contains("Success");
    }

    /** {@code dumpsys package <pkg>}: the package's state, its signing certificates among it. */
    public static String dumpsysPackage(String pkg) {
        return ShellQuote.command("dumpsys package", pkg);
    }
}
