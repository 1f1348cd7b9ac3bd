package io.fpsctl.android;

/**
 * {@code monkey -p <pkg> -c android.intent.category.LAUNCHER 1}: one event, the launch of the package's launcher
 * activity. When the package has none (or is not installed) monkey prints
 * {@code ** No activities found to run, monkey aborted.} on stdout and exits 252 ({@code Monkey.getMainApps}
 * {@code System.out.println}, {@code Logger.out.println} from 14, then {@code run} returns -4 and {@code main}
 * {@code System.exit(-4)}; development {@code cmds/monkey/src/com/android/commands/monkey/Monkey.java} at
 * android-6.0.0_r1 and android-14.0.0_r1). A run that stops on an error prints {@code ** Monkey aborted due to
 * error.} ({@code runMonkeyCycles}, same tags). From 8.0 the {@code monkey} script first echoes each argument as
 * {@code "  bash arg: <arg>"}, the package name among them, so the abort is recognised by its whole line, never by
 * a word a package name could contain.
 */
public final class Monkey {

    private Monkey() {
    }

    /** The command that launches {@code pkg}'s launcher activity. */
    public static String launchLauncherActivity(String pkg) {
        return ShellQuote.command("monkey -p", pkg) + " -c android.intent.category.LAUNCHER 1";
    }

    /** {@code Monkey.getMainApps}' line when no launcher activity matched. */
    static final String NO_ACTIVITIES = "** No activities found to run, monkey aborted.";
    /** {@code Monkey.runMonkeyCycles}' line when it stopped on an error. */
    static final String ABORTED = "** Monkey aborted due to error.";

    /** Whether the launch's answer says it launched: it succeeded and printed neither abort line. */
    public static boolean launched(boolean succeeded, String said) {
        return succeeded && said.lines().map(String::strip)
                .noneMatch(l -> l.equals(NO_ACTIVITIES) || l.equals(ABORTED));
    }
}
