package io.fpsctl.android;

/**
 * The activity manager's shell commands fpsctl sends: {@code am force-stop}, {@code am start -n},
 * {@code am broadcast} and {@code am instrument}. A failed {@code am start} prints an {@code Error: …} line
 * ({@code ActivityManagerShellCommand.runStartActivity}, frameworks/base, e.g. {@code Error: Activity class {…} does
 * not exist.}) and may still exit 0, so its answer is read as well as its exit code.
 */
public final class Am {
    /**
     * First API level whose {@code am instrument} parses {@code --no-hidden-api-checks}
     * (frameworks/base cmds/am/src/com/android/commands/am/Am.java {@code runInstrument}, android-9.0.0_r1: it sets
     * {@code Instrument.disableHiddenApiChecks}, which {@code Instrument.run} turns into
     * {@code INSTRUMENTATION_FLAG_DISABLE_HIDDEN_API_CHECKS}; {@code ActivityManagerShellCommand} only lists it in
     * {@code am help}). Before, {@code Am.runInstrument} prints "Error: Unknown option" and starts nothing.
     * The help text is checked against the platform's class files by {@code HiddenApiTest}.
     */
    public static final int SDK_NO_HIDDEN_API_CHECKS = 28;

    /** Why {@code am instrument} did not start an instrumentation, as far as its text tells. */
    public enum InstrumentFailure {
        /**
         * The instrumentation's package is signed with another key than its target: {@code
         * ActivityManagerService.startInstrumentation}'s "Permission Denial: starting instrumentation … does not have
         * a signature matching the target …".
         */
        SIGNATURE_MISMATCH,
        /**
         * No such instrumentation is installed: "Unable to find instrumentation info for: …"
         * ({@code startInstrumentation}) or {@code Instrument}'s {@code INSTRUMENTATION_FAILED:} line.
         */
        NOT_INSTALLED,
        /** Anything else. */
        OTHER
    }

    private Am() {
    }

    /** What the failure {@code text} of {@code am instrument} says. */
    public static InstrumentFailure instrumentFailure(String text) {
        if (text.contains("does not have a signature matching the target")) {
            return InstrumentFailure.SIGNATURE_MISMATCH;
        }
        if (text.contains("Unable to find instrumentation info") || text.contains("INSTRUMENTATION_FAILED")) {
            return InstrumentFailure.NOT_INSTALLED;
        }
        return InstrumentFailure.OTHER;
    }

    /** {@code am force-stop <pkg>}. */
    public static String forceStop(String pkg) {
        return ShellQuote.command("am force-stop", pkg);
    }

    /** {@code am start -n <pkg/.Activity>}. */
    public static String start(String component) {
        return ShellQuote.command("am start -n", component);
    }

    /**
     * Whether {@link #start}'s answer says it started: it succeeded and printed no line that starts with
     * {@code Error} ({@code runStartActivity} prints {@code "Error type 3"} and {@code "Error: …"} lines; the
     * {@code "Starting: Intent { cmp=… }"} line names the component, which may itself contain the word).
     */
    public static boolean started(boolean succeeded, String said) {
        return succeeded && said.lines().map(String::strip).noneMatch(l -> l.startsWith("Error"));
    }

    /** {@code am broadcast -a <action> -p <pkg>}: the broadcast goes to {@code pkg} only. */
    public static String broadcast(String action, String pkg) {
        return ShellQuote.command("am broadcast -a", action, "-p", pkg);
    }

    /**
     * {@code am instrument -w -r} on a device of API {@code sdk} (0 = unknown: no option the platform might
     * reject), with {@code --no-hidden-api-checks} from {@link #SDK_NO_HIDDEN_API_CHECKS}; the caller appends its
     * {@code -e} arguments and the instrumentation's component.
     */
    public static String instrument(int sdk) {
        return "am instrument -w -r" + (sdk >= SDK_NO_HIDDEN_API_CHECKS ? " --no-hidden-api-checks" : "");
    }
}
