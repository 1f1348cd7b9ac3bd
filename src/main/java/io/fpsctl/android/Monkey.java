package io.fpsctl.android;

/**
 * {@code monkey -p <pkg> -c android.intent.category.LAUNCHER 1}: one event, the launch of the package's launcher
 * activity. When the package has none (or is not installed) monkey prints
 * {@code ** No activities found to run, monkey aborted.} ({@code Monkey.run}, development {@code cmds/monkey},
 * inferred from the message as devices print it) and exits non-zero.
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
