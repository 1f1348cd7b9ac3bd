package io.fpsctl.android;

/**
 * {@code monkey -p <pkg> -c android.intent.category.LAUNCHER 1}: one event, the launch of the package's launcher
 * activity. When the package has none (or is not installed) monkey prints
 * {@code ** No activities found to run, monkey aborted.} on stdout and gives up ({@code Monkey.getMainApps},
 * development {@code cmds/monkey/src/com/android/commands/monkey/Monkey.java}; read in a decompiled framework copy of
 * the class, not at a tag; the exit code is inferred as non-zero). The simulator prints it on stderr: both are read.
 */
public final class Monkey {

    private Monkey() {
    }

    /** The command that launches {@code pkg}'s launcher activity. */
    public static String launchLauncherActivity(String pkg) {
        return ShellQuote.command("monkey -p", pkg) + " -c android.intent.category.LAUNCHER 1";
    }

    /** Whether the launch's answer says it launched: it succeeded and monkey did not abort. */
    public static boolean launched(boolean succeeded, String said) {
        return succeeded && !said.contains("No activities found") && !said.contains("aborted");
    }
}
